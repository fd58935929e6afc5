import { MAX_CHAT_MESSAGE_LENGTH, type ChatRequest } from '@docent/common/chat';
import { MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_LENGTH, SEARCH_TYPES, type SearchRequest } from '@docent/common/search';

// What the page's resource routes accept from the browser before they call the API. The
// API validates again; these only keep malformed requests from going further.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function documentIdsOf(value: unknown): string[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && id !== '')) return null;
  return value as string[];
}

/** The page's search: `{ query, type, limit, documentIds? }` -> POST /api/search/rag's body, or null. */
export function readSearchRequest(body: unknown): SearchRequest | null {
  if (!isRecord(body)) return null;
  const { query, type, limit, documentIds } = body;
  if (typeof query !== 'string' || query.trim() === '' || query.length > MAX_SEARCH_QUERY_LENGTH) return null;
  const searchType = SEARCH_TYPES.find((known) => known === type);
  if (!searchType) return null;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) return null;
  const ids = documentIdsOf(documentIds);
  if (ids === null) return null;
  return {
    query: query.trim(),
    options: { type: searchType, limit, ...(ids && ids.length > 0 && { documentIds: ids }) },
  };
}

/** The page's question: `{ message, sessionId?, documentIds? }` -> POST /api/chat's body, or null. */
export function readChatRequest(body: unknown): ChatRequest | null {
  if (!isRecord(body)) return null;
  const { message, sessionId, documentIds } = body;
  if (typeof message !== 'string' || message.trim() === '' || message.length > MAX_CHAT_MESSAGE_LENGTH) return null;
  if (sessionId !== undefined && (typeof sessionId !== 'string' || sessionId === '')) return null;
  const ids = documentIdsOf(documentIds);
  if (ids === null) return null;
  return {
    message: message.trim(),
    ...(sessionId !== undefined && { sessionId }),
    ...(ids && ids.length > 0 && { searchOptions: { documentIds: ids } }),
  };
}
