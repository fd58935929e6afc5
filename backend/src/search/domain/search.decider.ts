import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent, type DomainEventMap } from '../../event-store/domain-event.js';
import { SEARCH_STREAM_TYPE } from './search.events.js';

export type SearchCommand =
  /** Searches in the order they were made. */
  | { type: 'RecordSearches'; searches: readonly DomainEventMap['SearchPerformed'][] }
  | { type: 'ClearHistory'; userId: string }
  /** Replaces the history with these queries, newest first. */
  | { type: 'RestoreHistory'; userId: string; queries: string[] };

export type SearchEvent = DomainEvent<'SearchPerformed' | 'SearchHistoryCleared' | 'SearchHistoryQueryRestored'>;

/**
 * A user's searches: a log of facts that decides nothing from its past, so it is appended
 * to without being read and has no state to speak of.
 */
export const searchDecider: Decider<SearchCommand, SearchEvent, null> = {
  streamType: SEARCH_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide(command) {
    switch (command.type) {
      case 'RecordSearches':
        return command.searches.map((search): SearchEvent => ({ type: 'SearchPerformed', data: search }));
      case 'ClearHistory':
        return [{ type: 'SearchHistoryCleared', data: { userId: command.userId } }];
      case 'RestoreHistory': {
        const { userId } = command;
        // Oldest first, so that each restored query is more recent than the one before it.
        const restored = [...new Set(command.queries)]
          .reverse()
          .map((query): SearchEvent => ({ type: 'SearchHistoryQueryRestored', data: { userId, query } }));
        return [{ type: 'SearchHistoryCleared', data: { userId } }, ...restored];
      }
      default:
        return assertNever(command);
    }
  },
  evolve: (state) => state,
};
