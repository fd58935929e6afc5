import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ProjectionRebuilder } from '../projections/projection-rebuilder.service.js';
import { ProjectionRegistry } from '../projections/projection-registry.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';
import { ReactionRunner } from '../reactions/reaction-runner.service.js';
import { Decisions } from './decisions.service.js';
import { EventStoreProbe, ProjectionsProbe } from './event-log.probe.js';
import { EventStore } from './event-store.service.js';

/** The event log, the one write path to it, and the machinery that turns it into read tables and reactions. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    EventStore,
    Decisions,
    ProjectionRegistry,
    ProjectionRunner,
    ProjectionRebuilder,
    ReactionRunner,
    EventStoreProbe,
    ProjectionsProbe,
  ],
  exports: [EventStore, Decisions, ProjectionRunner, ProjectionRebuilder, ProjectionRegistry, ReactionRunner],
})
export class EventStoreModule {}
