import { Injectable } from '@nestjs/common';
import { ProjectionRebuilder } from '../projections/projection-rebuilder.service.js';
import { ProjectionRegistry } from '../projections/projection-registry.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';
import { EventStore } from './event-store.service.js';

@StatusComponent('event-store')
@Injectable()
export class EventStoreProbe implements StatusProbe {
  constructor(private readonly eventStore: EventStore) {}

  async probe(): Promise<ComponentStatus> {
    return { status: 'ready', position: await this.eventStore.headPosition() };
  }
}

/**
 * Degraded while a projection is failing; lag is how many events each has yet to apply.
 * A restart rebuilds the asynchronous projections from the log, with the runner paused.
 */
@StatusComponent('projections')
@Injectable()
export class ProjectionsProbe implements StatusProbe {
  constructor(
    private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly rebuilder: ProjectionRebuilder,
    private readonly registry: ProjectionRegistry,
  ) {}

  async restart(): Promise<void> {
    await this.runner.stop();
    try {
      await this.rebuilder.rebuild(this.registry.async().map((projection) => projection.name));
    } finally {
      this.runner.start();
    }
  }

  async probe(): Promise<ComponentStatus> {
    const head = await this.eventStore.headPosition();
    const projections = await this.runner.status();
    const failing = projections.filter((projection) => projection.lastError);
    return {
      status: failing.length > 0 ? 'degraded' : 'ready',
      ...(failing.length > 0 && { message: failing.map((p) => `${p.name}: ${p.lastError}`).join('; ') }),
      lag: Object.fromEntries(projections.map((projection) => [projection.name, head - projection.checkpoint])),
    };
  }
}
