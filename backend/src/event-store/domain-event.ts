/**
 * The one typed map of event payloads. Each feature adds its events by
 * declaration merging in its own `*.events.ts`:
 *
 *   declare module '../event-store/domain-event.js' {
 *     interface DomainEventMap { UserRegistered: { userId: string; ... } }
 *   }
 *
 * Stored events never change shape: a new shape is a new event type.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventType = keyof DomainEventMap & string;

/** An event about to be appended: a past-tense fact and its payload. */
export type DomainEvent<Type extends DomainEventType = DomainEventType> = {
  [K in Type]: { type: K; data: DomainEventMap[K] };
}[Type];

export interface EventMetadata {
  /** The user whose request caused the event; null for the system itself. */
  actorId: string | null;
  correlationId?: string;
  causationId?: string;
}

/** An event as stored: with its place in the log and in its stream. */
export type RecordedEvent<Type extends DomainEventType = DomainEventType> = DomainEvent<Type> & {
  position: number;
  streamId: string;
  streamType: string;
  version: number;
  metadata: EventMetadata;
  occurredAt: Date;
};

/** Forces a switch over event types to handle every case. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
