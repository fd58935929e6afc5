import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { EVENT_LOG_LOCK, EventStore } from '../event-store/event-store.service.js';
import { ProjectionCheckpointEntity } from './projection-checkpoint.entity.js';
import { applyBatch } from './projection.js';
import { ProjectionRegistry } from './projection-registry.js';

const BATCH_SIZE = 1_000;

/** Rebuilds read tables from the event log: reset, then replay every event, in one transaction each. */
@Injectable()
export class ProjectionRebuilder {
  private readonly logger = new Logger(ProjectionRebuilder.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventStore: EventStore,
    private readonly registry: ProjectionRegistry,
  ) {}

  /** Rebuilds the named projections (all when none are named) and returns how many events each replayed. */
  async rebuild(names: string[] = []): Promise<Record<string, number>> {
    const unknown = names.filter((name) => !this.registry.byName(name));
    if (unknown.length > 0) {
      const known = this.registry
        .all()
        .map((projection) => projection.name)
        .join(', ');
      throw new Error(`Unknown projection: ${unknown.join(', ')}. Known projections: ${known}`);
    }
    const selected = names.length > 0 ? names.map((name) => this.registry.byName(name)!) : this.registry.all();
    const replayed: Record<string, number> = {};
    for (const projection of selected) {
      replayed[projection.name] = await this.orm.em.fork().transactional(async (em) => {
        // The lock appends take: no event slips in between the reset and the replay.
        await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
        await projection.handler.reset(em);
        let position = 0;
        let count = 0;
        for (;;) {
          const events = await this.eventStore.readAll(position, BATCH_SIZE, em);
          if (events.length === 0) break;
          await applyBatch(projection.handler, events, em);
          position = events.at(-1)!.position;
          count += events.length;
        }
        if (projection.mode === 'async') {
          await em.upsert(ProjectionCheckpointEntity, { name: projection.name, position, updatedAt: new Date() });
        }
        return count;
      });
      this.logger.log(`Rebuilt projection ${projection.name} from ${replayed[projection.name]} events`);
    }
    return replayed;
  }
}
