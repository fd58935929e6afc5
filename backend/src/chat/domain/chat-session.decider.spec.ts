import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../common/domain-error.js';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import {
  CHAT_SESSION_NOT_FOUND,
  decideChatSession,
  evolveChatSession,
  initialChatSessionState,
  titleFrom,
  type ChatSessionCommand,
  type ChatSessionEvent,
} from './chat-session.decider.js';

const SESSION = 'session-1';
const ALICE = 'alice';

function given(...events: Array<Pick<ChatSessionEvent, 'type' | 'data'>>) {
  return events.reduce(
    (state, event) => evolveChatSession(state, event as RecordedEvent as ChatSessionEvent),
    initialChatSessionState(),
  );
}

const started = {
  type: 'ChatSessionStarted',
  data: { sessionId: SESSION, userId: ALICE, title: 'Lighthouses' },
} as const;
const ask = (overrides: Partial<Extract<ChatSessionCommand, { type: 'Ask' }>> = {}): ChatSessionCommand => ({
  type: 'Ask',
  sessionId: SESSION,
  startsSession: false,
  userId: ALICE,
  messageId: 'message-1',
  content: 'How tall is it?',
  searchOptions: {},
  ...overrides,
});

function expectRefused(
  run: () => unknown,
  kind: DomainError['kind'],
  message: string | RegExp = CHAT_SESSION_NOT_FOUND,
) {
  expect(run).toThrow(expect.objectContaining({ kind, message: expect.stringMatching(message) }));
}

describe('chat session decider', () => {
  it('the first question starts a session named after it', () => {
    expect(decideChatSession(ask({ startsSession: true, content: 'Lighthouses of  Ireland?' }), given())).toEqual([
      { type: 'ChatSessionStarted', data: { sessionId: SESSION, userId: ALICE, title: 'Lighthouses of Ireland?' } },
      {
        type: 'ChatQuestionAsked',
        data: { sessionId: SESSION, messageId: 'message-1', content: 'Lighthouses of  Ireland?', searchOptions: {} },
      },
    ]);
  });

  it('a follow-up only records the question', () => {
    expect(decideChatSession(ask(), given(started)).map((event) => event.type)).toEqual(['ChatQuestionAsked']);
  });

  it('refuses to continue a session that never started, or to start one twice', () => {
    expectRefused(() => decideChatSession(ask(), given()), 'not-found');
    expectRefused(() => decideChatSession(ask({ startsSession: true }), given(started)), 'conflict', /already exists/);
  });

  it("treats another user's or a deleted session as not found", () => {
    const deleted = given(started, { type: 'ChatSessionDeleted', data: { sessionId: SESSION, reason: 'user' } });
    for (const command of [
      ask({ userId: 'mallory' }),
      { type: 'Rename', sessionId: SESSION, userId: 'mallory', title: 'x' } as const,
    ]) {
      expectRefused(() => decideChatSession(command, given(started)), 'not-found');
    }
    expectRefused(() => decideChatSession(ask(), deleted), 'not-found');
    expectRefused(
      () => decideChatSession({ type: 'Delete', sessionId: SESSION, userId: ALICE, reason: 'user' }, deleted),
      'not-found',
    );
  });

  it('renames to a new title only', () => {
    const rename = (title: string) =>
      decideChatSession({ type: 'Rename', sessionId: SESSION, userId: ALICE, title }, given(started));
    expect(rename(' Irish lights ')).toEqual([
      { type: 'ChatSessionRenamed', data: { sessionId: SESSION, title: 'Irish lights' } },
    ]);
    expect(rename('Lighthouses')).toEqual([]);
  });
});

describe('titleFrom', () => {
  it('keeps a short question whole, on one line', () => {
    expect(titleFrom('  What is\nBM25?  ')).toBe('What is BM25?');
  });

  it('cuts a long question at a word, marking the cut', () => {
    const title = titleFrom(`${'lighthouse '.repeat(20)}end`);
    expect(title.length).toBeLessThanOrEqual(120);
    expect(title).toMatch(/lighthouse…$/);
  });
});
