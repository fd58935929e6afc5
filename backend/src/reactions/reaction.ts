import { DiscoveryService } from '@nestjs/core';
import type { DomainEventType, RecordedEvent } from '../event-store/domain-event.js';

export interface ReactionOptions {
  name: string;
  /** The event types the reaction is given; it never sees any other. */
  events: readonly DomainEventType[];
  /**
   * once: one process of those sharing the database reacts to each event, from a
   * checkpoint that survives restarts (work to do: process a document). Delivery is at
   * least once — after a crash mid-batch the batch is given again — so a reaction must be
   * idempotent.
   * every-process: each running process reacts to every event appended after it started
   * (what concerns the process itself: pushes to its own sockets, its own caches).
   */
  delivery: 'once' | 'every-process';
}

/**
 * Marks a provider as a reaction to events: the one way a feature acts on what another
 * one recorded. The reaction runner finds it by this decorator and drives it from the
 * event log, so events appended by another process reach it too.
 */
export const Reaction = DiscoveryService.createDecorator<ReactionOptions>();

export interface ReactionHandler<Type extends DomainEventType = DomainEventType> {
  react(event: RecordedEvent<Type>): Promise<void> | void;
}

export interface RegisteredReaction extends ReactionOptions {
  handler: ReactionHandler;
}
