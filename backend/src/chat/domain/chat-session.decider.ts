import { MAX_CHAT_TITLE_LENGTH } from '@docent/common/chat';
import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent, type DomainEventMap } from '../../event-store/domain-event.js';
import { CHAT_STREAM_TYPE, type AskedSearchOptions } from './chat.events.js';

export interface ChatSessionState {
  started: boolean;
  deleted: boolean;
  userId: string | null;
  title: string;
}

/** Another user's session is as absent as a deleted one: its existence is not disclosed. */
export const CHAT_SESSION_NOT_FOUND = 'Chat session not found';
export const CHAT_SESSION_EXISTS = 'This chat session already exists';

export type ChatSessionCommand =
  | {
      type: 'Ask';
      sessionId: string;
      /** True for the first question of a new session; false to continue one that must exist. */
      startsSession: boolean;
      userId: string;
      messageId: string;
      content: string;
      searchOptions: AskedSearchOptions;
    }
  | { type: 'Rename'; sessionId: string; userId: string; title: string }
  | { type: 'Delete'; sessionId: string; userId: string; reason: 'user' | 'history-limit' }
  /** The outcome of a question: recorded even when the session was deleted meanwhile, for the chat figures. */
  | { type: 'RecordAnswer'; answer: DomainEventMap['ChatAnswered'] }
  | { type: 'RecordFailure'; failure: DomainEventMap['ChatAnswerFailed'] };

export type ChatSessionEvent = DomainEvent<
  | 'ChatSessionStarted'
  | 'ChatQuestionAsked'
  | 'ChatAnswered'
  | 'ChatAnswerFailed'
  | 'ChatSessionRenamed'
  | 'ChatSessionDeleted'
>;

/** A user's chat session: its questions, their answers, its title, until it is deleted. */
export const chatSessionDecider: Decider<ChatSessionCommand, ChatSessionEvent, ChatSessionState> = {
  streamType: CHAT_STREAM_TYPE,

  initialState: () => ({ started: false, deleted: false, userId: null, title: '' }),

  decide(command, state) {
    switch (command.type) {
      case 'Ask': {
        const { sessionId, userId, messageId, content, searchOptions } = command;
        if (!state.started) {
          if (!command.startsSession) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
          return [
            { type: 'ChatSessionStarted', data: { sessionId, userId, title: titleFrom(content) } },
            { type: 'ChatQuestionAsked', data: { sessionId, messageId, content, searchOptions } },
          ];
        }
        requireOwnLiveSession(state, userId);
        if (command.startsSession) throw new DomainError('conflict', CHAT_SESSION_EXISTS);
        return [{ type: 'ChatQuestionAsked', data: { sessionId, messageId, content, searchOptions } }];
      }
      case 'Rename': {
        requireOwnLiveSession(state, command.userId);
        const title = command.title.trim();
        if (title === state.title) return [];
        return [{ type: 'ChatSessionRenamed', data: { sessionId: command.sessionId, title } }];
      }
      case 'Delete':
        requireOwnLiveSession(state, command.userId);
        return [{ type: 'ChatSessionDeleted', data: { sessionId: command.sessionId, reason: command.reason } }];
      case 'RecordAnswer':
        requireOwnSession(state, command.answer.userId);
        return [{ type: 'ChatAnswered', data: command.answer }];
      case 'RecordFailure':
        requireOwnSession(state, command.failure.userId);
        return [{ type: 'ChatAnswerFailed', data: command.failure }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
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
  },
};

/** A session the user started, deleted or not: where the outcome of their question goes. */
function requireOwnSession(state: ChatSessionState, userId: string): void {
  if (!state.started || state.userId !== userId) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
}

function requireOwnLiveSession(state: ChatSessionState, userId: string): void {
  requireOwnSession(state, userId);
  if (state.deleted) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
}

/** A new session is named after its first question, on one line and cut at a word. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_CHAT_TITLE_LENGTH) return line;
  const cut = line.slice(0, MAX_CHAT_TITLE_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > MAX_CHAT_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
