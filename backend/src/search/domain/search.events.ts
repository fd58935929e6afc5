/** The stored search types, declared here so that no change to the API's types changes what is stored. */
export type StoredSearchType = 'semantic' | 'keyword' | 'hybrid';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /**
     * One call of POST /api/search/rag. The query text is kept: it is the searcher's own
     * data, and their search history is built from it.
     */
    SearchPerformed: {
      userId: string;
      type: StoredSearchType;
      query: string;
      resultCount: number;
      /** Whole milliseconds. */
      tookMs: number;
      /** False when the search could not run (semantic search without an embedding model, a failing model or database). */
      success: boolean;
    };
    /** The user emptied their search history; the search figures keep counting. */
    SearchHistoryCleared: { userId: string };
    /**
     * A query put back into the user's history from a backup file, as the most recent so
     * far: no search ran, so the search figures do not count it.
     */
    SearchHistoryQueryRestored: { userId: string; query: string };
  }
}

/** Each user's searches are one stream of facts: nothing is decided from it, so appends expect any version. */
export const SEARCH_STREAM_TYPE = 'search';
export const searchStreamId = (userId: string) => `search-${userId}`;
