import { defineEventVersions } from '../../event-store/event-versions.js';

/**
 * The chat events' payloads, owned here rather than borrowed from the API: a stored event
 * must never change because an API type did.
 */

/** The search options a question was asked with, as the asker gave them. */
export interface AskedSearchOptions {
  type?: 'semantic' | 'keyword' | 'hybrid';
  limit?: number;
  documentIds?: string[];
  fileTypes?: string[];
  tags?: string[];
  minScore?: number;
}

/** Where a cited chunk sits in its document, with the fields its document type has. */
export interface CitedPosition {
  page?: number;
  headingPath?: string[];
  sheet?: string;
  row?: number;
  rowEnd?: number;
  slide?: number;
  notes?: boolean;
}

/**
 * A passage an answer cites as [number]: which chunk of which document, and the snippet
 * shown for it. Not the passage itself: a session's reader gets that from the chunk.
 */
export interface CitedPassage {
  number: number;
  documentId: string;
  /** The document's name and type when it was cited. */
  documentName: string;
  documentType: string;
  chunkId: string;
  position: CitedPosition;
  /** About 240 characters of the passage around the first question term, with where those terms are. */
  snippet: string;
  highlights: { start: number; end: number }[];
}

/** Why a question got no answer. */
export type AnswerFailureReason =
  /** The asker stopped the answer or went away. */
  | 'stopped'
  /** Every model that could answer had reached one of its limits. */
  | 'rate-limited'
  /** No model could take requests. */
  | 'no-model'
  /** The model failed, timed out, or refused the request. */
  | 'model-failed'
  /** A rule of the domain refused it, such as semantic retrieval without an embedding model. */
  | 'refused'
  /** Something this server did not expect. */
  | 'internal-error';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    ChatSessionStarted: { sessionId: string; userId: string; title: string };
    /** The question is kept whatever happens to its answer. */
    ChatQuestionAsked: { sessionId: string; messageId: string; content: string; searchOptions: AskedSearchOptions };
    /** v2: the citations are references to the passages, without their text (v1 carried it, or not). */
    ChatAnswered: {
      sessionId: string;
      userId: string;
      messageId: string;
      questionId: string;
      content: string;
      citations: CitedPassage[];
      /** False when retrieval found no passage and no model was asked. */
      grounded: boolean;
      /** Null when no model was asked. */
      model: { id: string; name: string } | null;
      usage: { inputTokens: number; outputTokens: number };
      /** US dollars. */
      cost: number;
      latencyMs: number;
    };
    /**
     * The question got no answer: every model failed or was over its limits, or the asker
     * stopped it. v2: why, as a reason (v1 stored the HTTP status the asker was answered with).
     */
    ChatAnswerFailed: {
      sessionId: string;
      userId: string;
      questionId: string;
      reason: AnswerFailureReason;
      error: string;
      latencyMs: number;
    };
    ChatSessionRenamed: { sessionId: string; title: string };
    /** 'history-limit': the user started a session beyond the most they keep, and this was their oldest. */
    ChatSessionDeleted: { sessionId: string; reason: 'user' | 'history-limit' };
  }
}

/** ChatAnswered v1: each citation as the API showed it then, with the whole passage from the day it was added. */
interface ChatAnsweredV1 {
  citations: (CitedPassage & { text?: string })[];
}

/** ChatAnswerFailed v1: the status of the SSE `error` event, or 499 for a stopped answer. */
interface ChatAnswerFailedV1 {
  sessionId: string;
  userId: string;
  questionId: string;
  status: number;
  error: string;
  latencyMs: number;
}

defineEventVersions('ChatAnswered', {
  current: 2,
  upcasters: {
    1: (v1: ChatAnsweredV1) => ({ ...v1, citations: v1.citations.map(({ text: _text, ...cited }) => cited) }),
  },
});

defineEventVersions('ChatAnswerFailed', {
  current: 2,
  upcasters: {
    1: ({ status, ...v1 }: ChatAnswerFailedV1) => ({ ...v1, reason: reasonOfStatus(status) }),
  },
});

/**
 * The v1 statuses came from: the asker leaving (499), the router (429 limits, 503 no
 * model; 502 and 504 a failing model, or the provider's own 4xx refusing the request),
 * a refusing rule (409, semantic retrieval without an embedding model), or a bug (500).
 */
function reasonOfStatus(status: number): AnswerFailureReason {
  switch (status) {
    case 499:
      return 'stopped';
    case 429:
      return 'rate-limited';
    case 503:
      return 'no-model';
    case 409:
      return 'refused';
    case 500:
      return 'internal-error';
    default:
      return 'model-failed';
  }
}

export const CHAT_STREAM_TYPE = 'chat-session';
export const chatSessionStreamId = (sessionId: string) => `chat-session-${sessionId}`;
