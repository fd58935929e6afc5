import type { ChatMessageView, ChatSessionSummary, ChatStreamEvent } from '@docent/common/chat';
import { describe, expect, it } from '@jest/globals';
import {
  conversationReducer,
  EMPTY_CONVERSATION,
  isAnswering,
  type Conversation,
  type ConversationEvent,
} from './chat-conversation';

const session: ChatSessionSummary = {
  id: 's1',
  title: 'Office hours',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  messageCount: 1,
};
const question: ChatMessageView = {
  id: 'u1',
  role: 'user',
  content: 'When does the office open?',
  createdAt: '2026-01-01T00:00:00Z',
};
const answer: ChatMessageView = {
  id: 'a1',
  role: 'assistant',
  content: 'At nine [1].',
  createdAt: '2026-01-01T00:00:01Z',
  citations: [],
};

const run = (events: ConversationEvent[], from: Conversation = EMPTY_CONVERSATION) =>
  events.reduce(conversationReducer, from);
const asked: ConversationEvent = { type: 'QUESTION_ASKED', question: question.content };
const stream = (event: ChatStreamEvent): ConversationEvent => ({ type: 'STREAM_EVENT', event });

describe('a chat conversation', () => {
  it('streams an answer token by token and keeps it once done', () => {
    const streaming = run([
      asked,
      stream({ type: 'session', session, userMessage: question }),
      stream({ type: 'delta', text: 'At ' }),
      stream({ type: 'delta', text: 'nine' }),
    ]);
    expect(isAnswering(streaming)).toBe(true);
    expect(streaming.sessionId).toBe('s1');
    expect(streaming.messages).toEqual([question]);
    expect(streaming.pending).toMatchObject({ questionSaved: true, text: 'At nine' });

    const finished = conversationReducer(streaming, stream({ type: 'done', message: answer }));
    expect(finished).toEqual({ sessionId: 's1', title: 'Office hours', messages: [question, answer], pending: null });
  });

  it('keeps the question and the error when the answer fails', () => {
    const failed = run([
      asked,
      stream({ type: 'session', session, userMessage: question }),
      stream({ type: 'error', status: 502, error: 'No model answered' }),
    ]);
    expect(failed.messages).toEqual([question]);
    expect(failed.pending).toMatchObject({ phase: 'failed', error: 'No model answered', question: question.content });
    expect(isAnswering(failed)).toBe(false);
  });

  it('keeps a question refused before any session started, unsaved', () => {
    const refused = run([asked, stream({ type: 'error', status: 403, error: 'Forbidden' })]);
    expect(refused.messages).toEqual([]);
    expect(refused.pending).toMatchObject({ questionSaved: false, question: question.content, phase: 'failed' });
  });

  it('ignores what still arrives after Stop', () => {
    const stopped = run([
      asked,
      stream({ type: 'delta', text: 'At' }),
      { type: 'STOPPED' },
      stream({ type: 'delta', text: ' nine' }),
      stream({ type: 'done', message: answer }),
    ]);
    expect(stopped.pending).toMatchObject({ phase: 'stopped', text: 'At' });
    expect(stopped.messages).toEqual([]);
  });

  it('opens a stored session and starts afresh with New chat', () => {
    const opened = conversationReducer(EMPTY_CONVERSATION, {
      type: 'SESSION_OPENED',
      session: { ...session, messages: [question, answer] },
    });
    expect(opened).toEqual({ sessionId: 's1', title: 'Office hours', messages: [question, answer], pending: null });
    expect(conversationReducer(opened, { type: 'NEW_CHAT' })).toEqual(EMPTY_CONVERSATION);
  });
});
