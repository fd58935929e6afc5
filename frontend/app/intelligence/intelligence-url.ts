import { SEARCH_TYPES, type SearchType } from '@docent/common/search';

export const INTELLIGENCE_PATH = '/intelligence';

export const INTELLIGENCE_TABS = ['search', 'chat'] as const;
export type IntelligenceTab = (typeof INTELLIGENCE_TABS)[number];

/**
 * What the address says: ?q=<query>&type=<type>&document=<id>&tab=chat. The top bar's
 * search, /search?q= and a reload all land on the same results.
 */
export interface IntelligenceUrlState {
  query: string;
  /** null: the user's default search type. */
  type: SearchType | null;
  /** Searches (and chats) only in this document. */
  documentId: string | null;
  tab: IntelligenceTab;
}

export function parseIntelligenceUrl(params: URLSearchParams): IntelligenceUrlState {
  const type = params.get('type');
  const documentId = params.get('document')?.trim();
  return {
    query: params.get('q')?.trim() ?? '',
    type: SEARCH_TYPES.find((known) => known === type) ?? null,
    documentId: documentId ? documentId : null,
    tab: params.get('tab') === 'chat' ? 'chat' : 'search',
  };
}

/** The address of a state, leaving out what is default. */
export function intelligenceUrlParams(state: IntelligenceUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.type) params.set('type', state.type);
  if (state.documentId) params.set('document', state.documentId);
  if (state.tab !== 'search') params.set('tab', state.tab);
  return params;
}

/** Whether two addresses differ only in the tab: switching tabs loads nothing again. */
export function onlyTabChanged(current: URLSearchParams, next: URLSearchParams): boolean {
  const withoutTab = (params: URLSearchParams) =>
    intelligenceUrlParams({ ...parseIntelligenceUrl(params), tab: 'search' }).toString();
  return withoutTab(current) === withoutTab(next);
}

/** The document a search is scoped to; no name when it is gone or not the caller's to read. */
export interface SearchScope {
  documentId: string;
  documentName: string | null;
}
