import type { ChatCitation, ChatUsage } from '@docent/common/chat';
import type { SearchOptions } from '@docent/common/search';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    ChatSessionStarted: { sessionId: string; userId: string; title: string };
    /** The question is kept whatever happens to its answer. */
    ChatQuestionAsked: { sessionId: string; messageId: string; content: string; searchOptions: SearchOptions };
    ChatAnswered: {
      sessionId: string;
      userId: string;
      messageId: string;
      questionId: string;
      content: string;
      citations: ChatCitation[];
      /** False when retrieval found no passage and no model was asked. */
      grounded: boolean;
      /** Null when no model was asked. */
      model: { id: string; name: string } | null;
      usage: ChatUsage;
      /** US dollars. */
      cost: number;
      latencyMs: number;
    };
    /** The question got no answer: every model failed or was over its limits, or the asker stopped it. */
    ChatAnswerFailed: {
      sessionId: string;
      userId: string;
      questionId: string;
      status: number;
      error: string;
      latencyMs: number;
    };
    ChatSessionRenamed: { sessionId: string; title: string };
    /** 'history-limit': the user started a session beyond the most they keep, and this was their oldest. */
    ChatSessionDeleted: { sessionId: string; reason: 'user' | 'history-limit' };
  }
}

/** The status of a ChatAnswerFailed when the asker stopped the answer (nginx's "client closed request"). */
export const ANSWER_STOPPED_STATUS = 499;

export const CHAT_STREAM_TYPE = 'chat-session';
export const chatSessionStreamId = (sessionId: string) => `chat-session-${sessionId}`;
