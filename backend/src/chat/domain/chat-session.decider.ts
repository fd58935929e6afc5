import { MAX_CHAT_TITLE_LENGTH } from '@docent/common/chat';
import { DomainError } from '../../common/domain-error.js';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';

export interface ChatSessionState {
  started: boolean;
  deleted: boolean;
  userId: string | null;
  title: string;
}

export const initialChatSessionState = (): ChatSessionState => ({
  started: false,
  deleted: false,
  userId: null,
  title: '',
});

/** Another user's session is as absent as a deleted one: its existence is not disclosed. */
export const CHAT_SESSION_NOT_FOUND = 'Chat session not found';

export type ChatSessionCommand =
  | {
      type: 'Ask';
      sessionId: string;
      /** True for the first question of a new session; false to continue one that must exist. */
      startsSession: boolean;
      userId: string;
      messageId: string;
      content: string;
      searchOptions: DomainEvent<'ChatQuestionAsked'>['data']['searchOptions'];
    }
  | { type: 'Rename'; sessionId: string; userId: string; title: string }
  | { type: 'Delete'; sessionId: string; userId: string; reason: 'user' | 'history-limit' };

export function decideChatSession(command: ChatSessionCommand, state: ChatSessionState): DomainEvent[] {
  const isNew = !state.started;
  if (!isNew && (state.deleted || state.userId !== command.userId))
    throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
  switch (command.type) {
    case 'Ask': {
      const { sessionId, userId, messageId, content, searchOptions } = command;
      if (command.startsSession !== isNew)
        throw new DomainError(
          isNew ? 'not-found' : 'conflict',
          isNew ? CHAT_SESSION_NOT_FOUND : 'This chat session already exists',
        );
      const asked: DomainEvent = { type: 'ChatQuestionAsked', data: { sessionId, messageId, content, searchOptions } };
      return isNew
        ? [{ type: 'ChatSessionStarted', data: { sessionId, userId, title: titleFrom(content) } }, asked]
        : [asked];
    }
    case 'Rename': {
      if (isNew) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
      const title = command.title.trim();
      if (title === state.title) return [];
      return [{ type: 'ChatSessionRenamed', data: { sessionId: command.sessionId, title } }];
    }
    case 'Delete':
      if (isNew) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
      return [{ type: 'ChatSessionDeleted', data: { sessionId: command.sessionId, reason: command.reason } }];
    default:
      return assertNever(command);
  }
}

export type ChatSessionEvent = RecordedEvent<
  | 'ChatSessionStarted'
  | 'ChatQuestionAsked'
  | 'ChatAnswered'
  | 'ChatAnswerFailed'
  | 'ChatSessionRenamed'
  | 'ChatSessionDeleted'
>;

export function evolveChatSession(state: ChatSessionState, event: ChatSessionEvent): ChatSessionState {
  switch (event.type) {
    case 'ChatSessionStarted':
      return { ...state, started: true, userId: event.data.userId, title: event.data.title };
    case 'ChatSessionRenamed':
      return { ...state, title: event.data.title };
    case 'ChatSessionDeleted':
      return { ...state, deleted: true };
    case 'ChatQuestionAsked':
    case 'ChatAnswered':
    case 'ChatAnswerFailed':
      return state;
    default:
      return assertNever(event);
  }
}

/** A new session is named after its first question, on one line and cut at a word. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_CHAT_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_CHAT_TITLE_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > MAX_CHAT_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
