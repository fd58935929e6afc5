import type { DomainEvent } from './domain-event.js';

/**
 * A stream's domain logic as three pure functions: what a command decides given the
 * state (events, or a DomainError), how an event changes the state, and the state of a
 * stream with no events. Tested Given/When/Then with no database (see
 * testing/decider-spec.ts); run by Decisions.handle.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  /** The type of the streams this decider owns, stored with each of their events. */
  readonly streamType: string;
  /**
   * The stream only records facts and decides nothing from its past (searches made, model
   * calls): it is appended to without being read, at whatever version it is.
   */
  readonly appendOnly?: true;
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** The state a stream's events fold into. */
export function foldEvents<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
