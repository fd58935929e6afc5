// The grounded chat API (issue 6), shared by the backend and the Intelligence page.
import type { DocumentType } from '../documents/document-api.js';
import type { ChunkPositionView, SearchOptions, TextRange } from '../search/search-api.js';

export const MAX_CHAT_MESSAGE_LENGTH = 4000;
export const MAX_CHAT_TITLE_LENGTH = 120;
/** A user keeps at most this many sessions (spec section 9): starting one more deletes the oldest. */
export const MAX_CHAT_SESSIONS = 20;
/** Passages retrieved for each question unless the request says otherwise. */
export const DEFAULT_CHAT_SOURCES = 6;
export const MAX_CHAT_SOURCES = 20;

/** POST /api/chat: the answer streams back as server-sent events (`ChatStreamEvent`). */
export interface ChatRequest {
  /** Continue this session; a new one is started without it. */
  sessionId?: string;
  message: string;
  /** How passages are retrieved; `limit` is the number of sources (default 6, at most 20). */
  searchOptions?: SearchOptions;
  /** A model id, or 'auto' (the default) to let the router choose. */
  model?: string;
  /** 'cost' tries the cost-optimized model first. */
  preference?: 'cost';
}

/** A passage the answer cites as [number]. */
export interface ChatCitation {
  number: number;
  documentId: string;
  documentName: string;
  documentType: DocumentType;
  chunkId: string;
  position: ChunkPositionView;
  /** The whole passage, as the model read it. */
  text: string;
  /** About 240 characters of it around the first question term, with where those terms are. */
  snippet: string;
  highlights: TextRange[];
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatMessageView {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** ISO 8601. */
  createdAt: string;
  /** Assistant messages: the sources the answer cites, in citation-number order. */
  citations?: ChatCitation[];
  /** Assistant messages: false when no passage was found, and the answer says the documents do not hold one. */
  grounded?: boolean;
  /** Assistant messages: the model that answered. */
  model?: { id: string; name: string };
  usage?: ChatUsage;
  /** US dollars. */
  cost?: number;
  /** Question received to answer finished, in milliseconds. */
  latencyMs?: number;
}

export interface ChatSessionSummary {
  id: string;
  title: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface ChatSessionDetail extends ChatSessionSummary {
  /** Oldest first. */
  messages: ChatMessageView[];
}

/**
 * The events of POST /api/chat's stream, each sent as `event: <type>` with the rest as
 * JSON `data`. Always `session`, then `sources`, any number of `delta`, then exactly one
 * of `done` or `error`.
 */
export type ChatStreamEvent =
  | { type: 'session'; session: ChatSessionSummary; userMessage: ChatMessageView }
  /** The passages the model was given, numbered as the answer cites them. */
  | { type: 'sources'; sources: ChatCitation[] }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: ChatMessageView }
  /**
   * The question is kept in the session; the answer failed with this message. A refusal
   * for a limit (429) says in `retryAfter` how many seconds to wait, as Retry-After would.
   */
  | { type: 'error'; status: number; error: string; retryAfter?: number };

export type ChatStreamEventType = ChatStreamEvent['type'];

/** GET /api/chat/sessions: the caller's sessions, most recently updated first. */
export interface ChatSessionsResponse {
  success: true;
  sessions: ChatSessionSummary[];
}

/** GET /api/chat/sessions/{id}. */
export interface ChatSessionResponse {
  success: true;
  session: ChatSessionDetail;
}

/** PATCH /api/chat/sessions/{id} with `{ title }`. */
export interface RenameChatSessionRequest {
  title: string;
}

export interface RenamedChatSessionResponse {
  success: true;
  session: ChatSessionSummary;
}
