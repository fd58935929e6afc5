import type { DomainEventType, RecordedEvent } from './domain-event.js';
import type { EventStore } from './event-store.service.js';

export interface LoadedAggregate<State> {
  state: State;
  /** The stream version the state reflects: the expected version of the next append. */
  version: number;
}

/** Folds a stream into its current state. */
export async function loadAggregate<State, Type extends DomainEventType>(
  eventStore: EventStore,
  streamId: string,
  initialState: () => State,
  evolve: (state: State, event: RecordedEvent<Type>) => State,
): Promise<LoadedAggregate<State>> {
  const events = (await eventStore.readStream(streamId)) as RecordedEvent<Type>[];
  return { state: events.reduce(evolve, initialState()), version: events.at(-1)?.version ?? 0 };
}
