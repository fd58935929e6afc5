import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../event-store/domain-event.js';

export interface ProjectionOptions {
  name: string;
  /**
   * inline: applied in the transaction that appends the event, for read models
   * that commands depend on (uniqueness, sign-in). async: applied after commit by
   * the projection runner, which keeps a checkpoint and resumes after a crash.
   */
  mode: 'inline' | 'async';
}

/** Marks a provider as a projection; the projection registry finds it by this decorator. */
export const Projection = DiscoveryService.createDecorator<ProjectionOptions>();

export interface ProjectionHandler {
  /** Applies one event. Must depend on the event alone (never on the clock), so a rebuild gives the same rows. */
  apply(event: RecordedEvent, em: EntityManager): Promise<void>;
  /**
   * Applies events appended together, with the same result as applying them one by
   * one: for projections that can fold many small events into fewer statements.
   */
  applyAll?(events: readonly RecordedEvent[], em: EntityManager): Promise<void>;
  /** Removes everything the projection built, before a rebuild. */
  reset(em: EntityManager): Promise<void>;
}

export interface RegisteredProjection extends ProjectionOptions {
  handler: ProjectionHandler;
}

/** Applies a batch of events: together when the projection can, else one by one. */
export async function applyBatch(
  handler: ProjectionHandler,
  events: readonly RecordedEvent[],
  em: EntityManager,
): Promise<void> {
  if (events.length === 0) return;
  if (handler.applyAll) await handler.applyAll(events, em);
  else for (const event of events) await handler.apply(event, em);
}
