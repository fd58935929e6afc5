import type { ChatCitation, ChatMessageView, ChatSessionDetail, ChatStreamEvent } from '@docent/common/chat';

/** The answer being written: shown as it streams, and kept with its error when it fails. */
export interface PendingAnswer {
  question: string;
  /** The server has stored the question (its `session` event came): it is among the messages now. */
  questionSaved: boolean;
  text: string;
  sources: ChatCitation[];
  phase: 'streaming' | 'failed' | 'stopped';
  error: string | null;
}

/** The open chat: its session (none until the first answer starts one), its messages and the answer under way. */
export interface Conversation {
  sessionId: string | null;
  title: string | null;
  messages: ChatMessageView[];
  pending: PendingAnswer | null;
}

export type ConversationEvent =
  | { type: 'SESSION_OPENED'; session: ChatSessionDetail }
  | { type: 'NEW_CHAT' }
  | { type: 'QUESTION_ASKED'; question: string }
  | { type: 'STREAM_EVENT'; event: ChatStreamEvent }
  | { type: 'STOPPED' };

export const EMPTY_CONVERSATION: Conversation = { sessionId: null, title: null, messages: [], pending: null };

export function isAnswering(conversation: Conversation): boolean {
  return conversation.pending?.phase === 'streaming';
}

export function conversationReducer(conversation: Conversation, event: ConversationEvent): Conversation {
  switch (event.type) {
    case 'SESSION_OPENED':
      return {
        sessionId: event.session.id,
        title: event.session.title,
        messages: event.session.messages,
        pending: null,
      };
    case 'NEW_CHAT':
      return EMPTY_CONVERSATION;
    case 'QUESTION_ASKED':
      return {
        ...conversation,
        pending: {
          question: event.question,
          questionSaved: false,
          text: '',
          sources: [],
          phase: 'streaming',
          error: null,
        },
      };
    case 'STOPPED':
      return conversation.pending?.phase === 'streaming'
        ? { ...conversation, pending: { ...conversation.pending, phase: 'stopped' } }
        : conversation;
    case 'STREAM_EVENT':
      return streamed(conversation, event.event);
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled conversation event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** One event of the answer's stream; events after the answer has ended (or been stopped) change nothing. */
function streamed(conversation: Conversation, event: ChatStreamEvent): Conversation {
  const { pending } = conversation;
  if (!pending || pending.phase !== 'streaming') return conversation;
  switch (event.type) {
    case 'session':
      return {
        sessionId: event.session.id,
        title: event.session.title,
        messages: [...conversation.messages, event.userMessage],
        pending: { ...pending, questionSaved: true },
      };
    case 'sources':
      return { ...conversation, pending: { ...pending, sources: event.sources } };
    case 'delta':
      return { ...conversation, pending: { ...pending, text: pending.text + event.text } };
    case 'done':
      return { ...conversation, messages: [...conversation.messages, event.message], pending: null };
    case 'error':
      return { ...conversation, pending: { ...pending, phase: 'failed', error: event.error } };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled chat stream event ${JSON.stringify(unhandled)}`);
    }
  }
}
