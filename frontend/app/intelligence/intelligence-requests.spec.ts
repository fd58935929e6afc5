import { describe, expect, it } from '@jest/globals';
import { readChatRequest, readSearchRequest } from './intelligence-requests';

describe("the search route's request", () => {
  it('becomes the API body, scoped to the document when one is given', () => {
    expect(readSearchRequest({ query: ' holidays ', type: 'keyword', limit: 20, documentIds: ['doc-1'] })).toEqual({
      query: 'holidays',
      options: { type: 'keyword', limit: 20, documentIds: ['doc-1'] },
    });
    expect(readSearchRequest({ query: 'holidays', type: 'hybrid', limit: 10 })).toEqual({
      query: 'holidays',
      options: { type: 'hybrid', limit: 10 },
    });
  });

  it('is refused when a field is missing or out of range', () => {
    for (const body of [
      null,
      [],
      { query: '  ', type: 'keyword', limit: 20 },
      { query: 'x'.repeat(1001), type: 'keyword', limit: 20 },
      { query: 'x', type: 'fuzzy', limit: 20 },
      { query: 'x', type: 'keyword', limit: 0 },
      { query: 'x', type: 'keyword', limit: 2.5 },
      { query: 'x', type: 'keyword', limit: 20, documentIds: [3] },
    ]) {
      expect(readSearchRequest(body)).toBeNull();
    }
  });
});

describe("the chat route's request", () => {
  it('becomes the API body, continuing a session and scoped to a document when asked', () => {
    expect(
      readChatRequest({ message: ' When is the office closed? ', sessionId: 's1', documentIds: ['doc-1'] }),
    ).toEqual({
      message: 'When is the office closed?',
      sessionId: 's1',
      searchOptions: { documentIds: ['doc-1'] },
    });
    expect(readChatRequest({ message: 'Hello' })).toEqual({ message: 'Hello' });
  });

  it('is refused without a message or with a malformed session or scope', () => {
    for (const body of [
      undefined,
      { message: '' },
      { message: 'x'.repeat(4001) },
      { message: 'x', sessionId: 7 },
      { message: 'x', documentIds: 'd' },
    ]) {
      expect(readChatRequest(body)).toBeNull();
    }
  });
});
