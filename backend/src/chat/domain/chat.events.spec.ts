import { describe, expect, it } from '@jest/globals';
import { currentVersionOf, upcast } from '../../event-store/event-versions.js';
import './chat.events.js';

const cited = {
  number: 1,
  documentId: 'document-1',
  documentName: 'lights.md',
  documentType: 'MD',
  chunkId: '7',
  position: { headingPath: ['Fastnet'] },
  snippet: 'It is very tall.',
  highlights: [{ start: 6, end: 10 }],
};
const answeredV1 = {
  sessionId: 'session-1',
  userId: 'alice',
  messageId: 'message-2',
  questionId: 'message-1',
  content: 'Very [1][2].',
  grounded: true,
  model: { id: 'local:extractive', name: 'Extractive' },
  usage: { inputTokens: 10, outputTokens: 2 },
  cost: 0,
  latencyMs: 12,
};
const failedV1 = { sessionId: 'session-1', userId: 'alice', questionId: 'message-1', error: 'Nope', latencyMs: 30 };

describe('chat event versions', () => {
  it('writes answers and failures at version 2', () => {
    expect(currentVersionOf('ChatAnswered')).toBe(2);
    expect(currentVersionOf('ChatAnswerFailed')).toBe(2);
  });

  it('reads a v1 answer, whose citations carried the passage or not, with references to the passages only', () => {
    const v1 = {
      ...answeredV1,
      citations: [
        { ...cited, text: 'It is very tall. Very.' },
        { ...cited, number: 2 },
      ],
    };

    expect(upcast('ChatAnswered', 1, v1)).toEqual({ ...answeredV1, citations: [cited, { ...cited, number: 2 }] });
  });

  it.each([
    [499, 'stopped'],
    [429, 'rate-limited'],
    [503, 'no-model'],
    [502, 'model-failed'],
    [504, 'model-failed'],
    [422, 'model-failed'],
    [409, 'refused'],
    [500, 'internal-error'],
  ])('reads a v1 failure answered with status %i as %s', (status, reason) => {
    expect(upcast('ChatAnswerFailed', 1, { ...failedV1, status })).toEqual({ ...failedV1, reason });
  });
});
