import { Injectable } from '@nestjs/common';
import { ConcurrencyConflictError } from './concurrency-conflict.error.js';
import { foldEvents, type Decider } from './decider.js';
import type { DomainEvent, EventMetadata, RecordedEvent } from './domain-event.js';
import { EventStore, type StreamAppend } from './event-store.service.js';

/** How many times a command is decided again when another writer appended to its stream first. */
const MAX_ATTEMPTS = 3;

/** One command for one stream. */
export interface Decision<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command;
  /**
   * The stream version the caller's decision rests on (a version the client read): the
   * command holds only if nothing was appended since, a 409 otherwise. Without it, a
   * conflict decides the command again on the new state.
   */
  expectedVersion?: number;
  /**
   * The stream as the caller has just loaded it (or as its last command left it): decided
   * on without reading it again, and appended only if nothing was appended since.
   */
  from?: LoadedStream<State>;
}

export interface LoadedStream<State> {
  state: State;
  /** The stream version the state reflects. */
  version: number;
}

export interface Handled<State> extends LoadedStream<State> {
  /** What the command appended; empty when it changed nothing. */
  events: RecordedEvent[];
}

// Decisions about different streams carry different command and state types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecision = Decision<any, DomainEvent, any>;

/**
 * The one write path: load the stream, decide, append at the expected version, and on a
 * conflict decide again (or answer 409 when the caller pinned the version).
 */
@Injectable()
export class Decisions {
  constructor(private readonly eventStore: EventStore) {}

  async load<Event extends DomainEvent, State>(
    decider: Decider<unknown, Event, State>,
    streamId: string,
  ): Promise<LoadedStream<State>> {
    const events = await this.eventStore.readStream(streamId);
    return { state: foldEvents(decider, events as unknown as Event[]), version: events.at(-1)?.version ?? 0 };
  }

  async handle<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamId: string,
    command: Command,
    metadata: EventMetadata,
    options: { expectedVersion?: number; from?: LoadedStream<State> } = {},
  ): Promise<Handled<State>> {
    const [handled] = await this.handleAll([{ decider, streamId, command, ...options }], metadata);
    return handled as Handled<State>;
  }

  /** Several streams' commands decided together and appended atomically: all or nothing. */
  async handleAll(decisions: readonly AnyDecision[], metadata: EventMetadata): Promise<Handled<unknown>[]> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await Promise.all(
        decisions.map(
          ({ decider, streamId, from }) =>
            from ?? (decider.appendOnly ? { state: decider.initialState(), version: 0 } : this.load(decider, streamId)),
        ),
      );
      const decided = decisions.map((decision, index) =>
        decision.decider.decide(decision.command, loaded[index]!.state),
      );
      const appends: StreamAppend[] = decisions.flatMap((decision, index) =>
        decided[index]!.length === 0
          ? []
          : [
              {
                streamId: decision.streamId,
                streamType: decision.decider.streamType,
                expectedVersion: decision.decider.appendOnly
                  ? 'any'
                  : (decision.expectedVersion ?? loaded[index]!.version),
                events: decided[index]!,
              },
            ],
      );
      let recorded: RecordedEvent[];
      try {
        recorded = appends.length > 0 ? await this.eventStore.append(appends, metadata) : [];
      } catch (error) {
        const pinned = decisions.some((decision) => decision.expectedVersion !== undefined || decision.from);
        if (error instanceof ConcurrencyConflictError && !pinned && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      return decisions.map(({ decider, streamId }, index) => {
        const events = recorded.filter((event) => event.streamId === streamId);
        return {
          state: events.reduce((state, event) => decider.evolve(state, event), loaded[index]!.state),
          version: events.at(-1)?.version ?? loaded[index]!.version,
          events,
        };
      });
    }
  }
}
