import { deepStrictEqual, throws } from 'node:assert/strict';
import type { Decider } from '../event-store/decider.js';
import type { DomainEvent } from '../event-store/domain-event.js';

/**
 * Given/When/Then for a decider, with no database:
 *
 *   specFor(documentDecider).given([uploaded]).when({ type: 'Delete' }).then([deleted]);
 *   specFor(documentDecider).given([]).when({ type: 'Delete' }).thenThrows('Document not found');
 */
export function specFor<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce((current, event) => decider.evolve(current, event), decider.initialState());
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, state);
          return {
            /** The command decides exactly these events. */
            then(expected: readonly Event[]): void {
              deepStrictEqual(decide(), expected);
            },
            /** The command is refused with an error whose message is exactly this. */
            thenThrows(message: string): void {
              throws(decide, (error: unknown) => {
                deepStrictEqual((error as Error).message, message);
                return true;
              });
            },
          };
        },
        /** The state the given events fold into. */
        thenState(expected: State): void {
          deepStrictEqual(state, expected);
        },
      };
    },
  };
}
