import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { searchDecider, type SearchEvent } from './search.decider.js';

const userId = '6f1c3d2a-0000-4000-8000-0000000000aa';
const search = { userId, type: 'keyword', query: 'apple', resultCount: 3, tookMs: 12, success: true } as const;
const performed: SearchEvent = { type: 'SearchPerformed', data: search };

describe('the search decider', () => {
  it('records searches as they were made, in their order, failed ones included', () => {
    specFor(searchDecider)
      .given([])
      .when({ type: 'RecordSearches', searches: [search] })
      .then([{ type: 'SearchPerformed', data: search }]);
    const failed = { ...search, type: 'semantic', resultCount: 0, success: false } as const;
    specFor(searchDecider)
      .given([performed])
      .when({ type: 'RecordSearches', searches: [failed, search] })
      .then([
        { type: 'SearchPerformed', data: failed },
        { type: 'SearchPerformed', data: search },
      ]);
  });

  it('records the history cleared, whatever came before', () => {
    for (const before of [[], [performed]]) {
      specFor(searchDecider)
        .given(before)
        .when({ type: 'ClearHistory', userId })
        .then([{ type: 'SearchHistoryCleared', data: { userId } }]);
    }
  });

  it('restores a history from a backup: cleared, then each query oldest first, once', () => {
    const restored = (query: string): SearchEvent => ({ type: 'SearchHistoryQueryRestored', data: { userId, query } });
    specFor(searchDecider)
      .given([performed])
      .when({ type: 'RestoreHistory', userId, queries: ['newest', 'older', 'newest', 'oldest'] })
      .then([
        { type: 'SearchHistoryCleared', data: { userId } },
        restored('oldest'),
        restored('older'),
        restored('newest'),
      ]);
  });

  it('keeps no state: nothing is decided from past searches', () => {
    specFor(searchDecider)
      .given([performed, { type: 'SearchHistoryCleared', data: { userId } }])
      .thenState(null);
  });
});
