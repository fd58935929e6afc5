import { describe, expect, it } from '@jest/globals';
import type { DomainError } from '../../common/domain-error.js';
import type { DomainEventMap } from '../../event-store/domain-event.js';
import { foldEvents } from '../../event-store/decider.js';
import { specFor } from '../../testing/decider-specification.js';
import {
  CHAT_SESSION_EXISTS,
  CHAT_SESSION_NOT_FOUND,
  chatSessionDecider,
  titleFrom,
  type ChatSessionCommand,
  type ChatSessionEvent,
} from './chat-session.decider.js';

const SESSION = 'session-1';
const ALICE = 'alice';

const started: ChatSessionEvent = {
  type: 'ChatSessionStarted',
  data: { sessionId: SESSION, userId: ALICE, title: 'Lighthouses' },
};
const deleted: ChatSessionEvent = { type: 'ChatSessionDeleted', data: { sessionId: SESSION, reason: 'user' } };
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
const answer: DomainEventMap['ChatAnswered'] = {
  sessionId: SESSION,
  userId: ALICE,
  messageId: 'message-2',
  questionId: 'message-1',
  content: 'Very [1].',
  citations: [
    {
      number: 1,
      documentId: 'document-1',
      documentName: 'lights.md',
      documentType: 'MD',
      chunkId: '7',
      position: { headingPath: ['Fastnet'] },
      snippet: 'It is very tall.',
      highlights: [{ start: 6, end: 10 }],
    },
  ],
  grounded: true,
  model: { id: 'local:extractive', name: 'Extractive' },
  usage: { inputTokens: 10, outputTokens: 2 },
  cost: 0,
  latencyMs: 12,
};
const failure: DomainEventMap['ChatAnswerFailed'] = {
  sessionId: SESSION,
  userId: ALICE,
  questionId: 'message-1',
  reason: 'stopped',
  error: 'The answer was stopped',
  latencyMs: 30,
};

/** The command is refused with this message, as a DomainError of this kind (the status the API answers). */
function expectRefused(
  given: ChatSessionEvent[],
  command: ChatSessionCommand,
  kind: DomainError['kind'],
  message: string,
) {
  specFor(chatSessionDecider).given(given).when(command).thenThrows(message);
  expect(() => chatSessionDecider.decide(command, foldEvents(chatSessionDecider, given))).toThrow(
    expect.objectContaining({ kind }),
  );
}

describe('chat session decider', () => {
  it('the first question starts a session named after it', () => {
    specFor(chatSessionDecider)
      .given([])
      .when(ask({ startsSession: true, content: 'Lighthouses of  Ireland?' }))
      .then([
        { type: 'ChatSessionStarted', data: { sessionId: SESSION, userId: ALICE, title: 'Lighthouses of Ireland?' } },
        {
          type: 'ChatQuestionAsked',
          data: { sessionId: SESSION, messageId: 'message-1', content: 'Lighthouses of  Ireland?', searchOptions: {} },
        },
      ]);
  });

  it('a follow-up only records the question', () => {
    specFor(chatSessionDecider)
      .given([started])
      .when(ask())
      .then([
        {
          type: 'ChatQuestionAsked',
          data: { sessionId: SESSION, messageId: 'message-1', content: 'How tall is it?', searchOptions: {} },
        },
      ]);
  });

  it('refuses to continue a session that never started, or to start one twice', () => {
    expectRefused([], ask(), 'not-found', CHAT_SESSION_NOT_FOUND);
    expectRefused([started], ask({ startsSession: true }), 'conflict', CHAT_SESSION_EXISTS);
  });

  it("treats another user's or a deleted session as not found", () => {
    for (const command of [
      ask({ userId: 'mallory' }),
      { type: 'Rename', sessionId: SESSION, userId: 'mallory', title: 'x' } as const,
    ]) {
      expectRefused([started], command, 'not-found', CHAT_SESSION_NOT_FOUND);
    }
    expectRefused([started, deleted], ask(), 'not-found', CHAT_SESSION_NOT_FOUND);
    expectRefused(
      [started, deleted],
      { type: 'Delete', sessionId: SESSION, userId: ALICE, reason: 'user' },
      'not-found',
      CHAT_SESSION_NOT_FOUND,
    );
  });

  it('renames to a new title only', () => {
    const rename = (title: string) =>
      specFor(chatSessionDecider).given([started]).when({ type: 'Rename', sessionId: SESSION, userId: ALICE, title });
    rename(' Irish lights ').then([
      { type: 'ChatSessionRenamed', data: { sessionId: SESSION, title: 'Irish lights' } },
    ]);
    rename('Lighthouses').then([]);
  });

  it('records the outcome of a question, also when the session was deleted while it was answered', () => {
    for (const given of [[started], [started, deleted]]) {
      specFor(chatSessionDecider)
        .given(given)
        .when({ type: 'RecordAnswer', answer })
        .then([{ type: 'ChatAnswered', data: answer }]);
      specFor(chatSessionDecider)
        .given(given)
        .when({ type: 'RecordFailure', failure })
        .then([{ type: 'ChatAnswerFailed', data: failure }]);
    }
  });

  it("records no outcome in a session that never started or is another user's", () => {
    expectRefused([], { type: 'RecordAnswer', answer }, 'not-found', CHAT_SESSION_NOT_FOUND);
    expectRefused(
      [started],
      { type: 'RecordFailure', failure: { ...failure, userId: 'mallory' } },
      'not-found',
      CHAT_SESSION_NOT_FOUND,
    );
  });

  it('keeps who owns the session, its title, and whether it was deleted', () => {
    specFor(chatSessionDecider)
      .given([
        started,
        { type: 'ChatSessionRenamed', data: { sessionId: SESSION, title: 'Irish lights' } },
        { type: 'ChatAnswered', data: answer },
        deleted,
      ])
      .thenState({ started: true, deleted: true, userId: ALICE, title: 'Irish lights' });
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
