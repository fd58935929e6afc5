import { describe, expect, it } from '@jest/globals';
import { readChatRequest, readSearchRequest } from './intelligence-requests';

const DOCUMENT_ID = '6b1d2c1e-0000-4000-8000-00000000d0c1';
const SESSION_ID = '6b1d2c1e-0000-4000-8000-000000000051';
const NOT_AN_OBJECT = 'The request body must be a JSON object';

describe("the search route's request", () => {
  it('becomes the API body, scoped to the document when one is given, one result per document', () => {
    expect(readSearchRequest({ query: ' holidays ', type: 'keyword', limit: 20, documentIds: [DOCUMENT_ID] })).toEqual({
      ok: true,
      value: {
        query: 'holidays',
        options: { type: 'keyword', limit: 20, documentIds: [DOCUMENT_ID], group: 'document' },
      },
    });
    expect(readSearchRequest({ query: 'holidays', type: 'hybrid', limit: 10 })).toEqual({
      ok: true,
      value: { query: 'holidays', options: { type: 'hybrid', limit: 10, group: 'document' } },
    });
  });

  it("is refused when a field is missing or out of range, in the API's words", () => {
    const limitOutOfRange = 'limit must be a whole number from 1 to 100';
    for (const [body, error] of [
      [null, NOT_AN_OBJECT],
      [[], NOT_AN_OBJECT],
      [{ query: '  ', type: 'keyword', limit: 20 }, 'query must not be empty'],
      [{ query: 'x'.repeat(1001), type: 'keyword', limit: 20 }, 'query must be at most 1000 characters'],
      [{ query: 'x', type: 'fuzzy', limit: 20 }, 'type must be one of semantic, keyword, hybrid'],
      [{ query: 'x', type: 'keyword', limit: 0 }, limitOutOfRange],
      [{ query: 'x', type: 'keyword', limit: 2.5 }, limitOutOfRange],
      [{ query: 'x', type: 'keyword', limit: 20, documentIds: [3] }, 'documentIds must be document ids'],
    ] as const) {
      expect(readSearchRequest(body)).toEqual({ ok: false, error });
    }
  });
});

describe("the chat route's request", () => {
  it('becomes the API body, continuing a session and scoped to a document when asked', () => {
    expect(
      readChatRequest({ message: ' When is the office closed? ', sessionId: SESSION_ID, documentIds: [DOCUMENT_ID] }),
    ).toEqual({
      ok: true,
      value: {
        message: 'When is the office closed?',
        sessionId: SESSION_ID,
        searchOptions: { documentIds: [DOCUMENT_ID] },
      },
    });
    expect(readChatRequest({ message: 'Hello' })).toEqual({ ok: true, value: { message: 'Hello' } });
  });

  it("is refused without a message or with a malformed session or scope, in the API's words", () => {
    for (const [body, error] of [
      [undefined, NOT_AN_OBJECT],
      [{ message: '' }, 'message must not be empty'],
      [{ message: 'x'.repeat(4001) }, 'message must be at most 4000 characters'],
      [{ message: 'x', sessionId: 7 }, 'sessionId must be a chat session id'],
      [{ message: 'x', documentIds: 'd' }, 'documentIds must be a list of document ids'],
    ] as const) {
      expect(readChatRequest(body)).toEqual({ ok: false, error });
    }
  });
});
