import type { SearchResponse, SearchType } from '@docent/common/search';
import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { CSRF_HEADER_NAME } from '~/auth/auth-client';
import { fetchRouteJson } from '~/lib/route-json';

/** The web app's search route (routes/intelligence.search.ts). */
export const SEARCH_ROUTE = '/intelligence/search';

export type SearchState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'shown'; response: SearchResponse }
  | { phase: 'failed'; message: string };

const IDLE: SearchState = { phase: 'idle' };
const LOADING: SearchState = { phase: 'loading' };

export interface SearchParameters {
  query: string;
  type: SearchType;
  limit: number;
  documentId: string | null;
  /** Counts explicit runs: the same search asked again runs again. */
  run: number;
}

/**
 * Runs the search the address describes, from the browser, once per change (and once
 * per explicit run); the page's loader never searches, so its polling records nothing.
 * A finished search reloads the loader: the history and the figures now include it.
 */
export function useSearchResults({ query, type, limit, documentId, run }: SearchParameters): SearchState {
  const csrfToken = useAuthenticityToken();
  // The outcome of the last search that finished, and which one it was: a search still running shows as loading.
  const [finished, setFinished] = useState<{ search: string; state: SearchState } | null>(null);
  const search = JSON.stringify([query, type, limit, documentId, run]);
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const finish = (state: SearchState) => setFinished({ search, state });
    fetchRouteJson<SearchResponse>(SEARCH_ROUTE, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER_NAME]: csrfToken },
      body: JSON.stringify({ query, type, limit, ...(documentId && { documentIds: [documentId] }) }),
      signal: controller.signal,
    })
      .then((response) => {
        finish({ phase: 'shown', response });
        revalidateRef.current();
      })
      .catch((error: Error) => {
        if (!controller.signal.aborted) finish({ phase: 'failed', message: error.message });
      });
    return () => controller.abort();
  }, [search, query, type, limit, documentId, csrfToken]);

  if (!query) {
    // Nothing asked: an earlier outcome must not come back with the same search asked again.
    if (finished) setFinished(null);
    return IDLE;
  }
  return finished?.search === search ? finished.state : LOADING;
}
