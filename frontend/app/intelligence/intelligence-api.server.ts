import type { ChatSessionsResponse, ChatSessionSummary } from '@docent/common/chat';
import type { DocumentView } from '@docent/common/documents';
import { DEFAULT_PREFERENCES, type PreferencesResponse, type UserPreferences } from '@docent/common/preferences';
import type { IntelligenceStats, IntelligenceStatsResponse, SearchHistoryResponse } from '@docent/common/search';
import type { AppLoadContext } from '@remix-run/node';
import { promiseHash } from 'remix-utils/promise';
import type { StatusResponse } from '~/components/shell/system-status';
import { anonymousCall, ApiError, type SignedInApi } from '~/lib/api-client.server';
import type { SearchScope } from './intelligence-url';

export interface IntelligencePageData {
  stats: IntelligenceStats;
  /** GET /status; null when it did not answer. */
  status: StatusResponse | null;
  preferences: UserPreferences;
  history: string[];
  /** null when the chat API did not answer, with why. */
  sessions: ChatSessionSummary[] | null;
  sessionsError: string | null;
  scope: SearchScope | null;
}

/** A call whose failure the page survives: its answer, or `fallback` for any refusal. Unreachable still throws. */
async function orFallback<T>(load: Promise<T>, fallback: (error: ApiError) => T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) throw error;
    return fallback(error);
  }
}

/**
 * Everything but the search results, in one round of parallel calls. The stats decide:
 * their failure fails the page (ApiError 0 when the server is unreachable). The rest
 * degrade: preferences fall back to the defaults on non-OK (spec section 7), the status
 * panel and history go empty, the chat says why it is unavailable.
 */
export async function loadIntelligencePage(
  api: SignedInApi,
  context: AppLoadContext,
  documentId: string | null,
): Promise<IntelligencePageData> {
  // Typed one by one: inside promiseHash's argument each would be inferred as Promise<unknown>.
  const loads = {
    stats: api.call<IntelligenceStatsResponse>('/api/intelligence/stats').then((response) => response.stats),
    status: anonymousCall<StatusResponse>(context, '/status').catch(() => null),
    preferences: orFallback(
      api
        .call<PreferencesResponse>('/api/user/preferences')
        .then((response) => ({ ...DEFAULT_PREFERENCES, ...response.preferences })),
      () => DEFAULT_PREFERENCES,
    ),
    history: orFallback(
      api.call<SearchHistoryResponse>('/api/search/history').then((response) => response.history),
      () => [],
    ),
    chat: orFallback<{ sessions: ChatSessionSummary[] | null; error: string | null }>(
      api
        .call<ChatSessionsResponse>('/api/chat/sessions')
        .then((response) => ({ sessions: response.sessions, error: null })),
      (error) => ({ sessions: null, error: error.message }),
    ),
    scope:
      documentId === null
        ? Promise.resolve(null)
        : orFallback<SearchScope>(
            api
              .call<{ document: DocumentView }>(`/api/documents/${encodeURIComponent(documentId)}`)
              .then(({ document }) => ({
                documentId,
                documentName: document.name,
              })),
            () => ({ documentId, documentName: null }),
          ),
  };
  const { stats, status, preferences, history, chat, scope } = await promiseHash(loads);
  return { stats, status, preferences, history, sessions: chat.sessions, sessionsError: chat.error, scope };
}
