import { chatRequestSchema, type ChatRequest } from '@docent/common/chat';
import { searchRequestSchema, type SearchRequest } from '@docent/common/search';
import { checkRequest, NOT_A_JSON_OBJECT, type RequestCheck } from '@docent/common/validation';

// What the page's resource routes send on to the API, checked with the API's own schemas
// so that a refusal here says what the API would.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An empty scope is no scope; anything else goes to the schema, which refuses what is not a list of ids. */
const scopeOf = (documentIds: unknown) =>
  documentIds === undefined || (Array.isArray(documentIds) && documentIds.length === 0) ? undefined : documentIds;

/** The page's search: `{ query, type, limit, documentIds? }` -> POST /api/search/rag's body. */
export function readSearchRequest(body: unknown): RequestCheck<SearchRequest> {
  if (!isRecord(body)) return { ok: false, error: NOT_A_JSON_OBJECT };
  const documentIds = scopeOf(body.documentIds);
  const request = {
    query: body.query,
    options: { type: body.type, limit: body.limit, ...(documentIds !== undefined && { documentIds }) },
  };
  return checkRequest(searchRequestSchema, request);
}

/** The page's question: `{ message, sessionId?, documentIds? }` -> POST /api/chat's body. */
export function readChatRequest(body: unknown): RequestCheck<ChatRequest> {
  if (!isRecord(body)) return { ok: false, error: NOT_A_JSON_OBJECT };
  const documentIds = scopeOf(body.documentIds);
  const request = {
    message: body.message,
    ...(body.sessionId !== undefined && { sessionId: body.sessionId }),
    ...(documentIds !== undefined && { searchOptions: { documentIds } }),
  };
  const checked = checkRequest(chatRequestSchema, request);
  // The body as the page sent it rather than the schema's output: the API fills in its own defaults.
  return checked.ok ? { ok: true, value: { ...(request as ChatRequest), message: checked.value.message } } : checked;
}
