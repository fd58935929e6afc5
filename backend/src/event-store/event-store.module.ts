import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ProjectionRebuilder } from '../projections/projection-rebuilder.service.js';
import { ProjectionRegistry } from '../projections/projection-registry.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';
import { EventStoreProbe, ProjectionsProbe } from './event-log.probe.js';
import { EventStore } from './event-store.service.js';

/** The event log and the machinery that turns it into read tables. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventStore, ProjectionRegistry, ProjectionRunner, ProjectionRebuilder, EventStoreProbe, ProjectionsProbe],
  exports: [EventStore, ProjectionRunner, ProjectionRebuilder, ProjectionRegistry],
})
export class EventStoreModule {}
