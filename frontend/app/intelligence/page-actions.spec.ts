import { describe, expect, it } from '@jest/globals';
import { readPageAction } from './page-actions';

const SESSION_ID = '6b1d2c1e-0000-4000-8000-000000000051';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the Intelligence page's actions", () => {
  it('reads each intent with its fields', () => {
    expect(readPageAction(form({ intent: 'clear-history' }))).toEqual({ ok: true, value: { intent: 'clear-history' } });
    expect(readPageAction(form({ intent: 'rename-session', sessionId: SESSION_ID, title: ' Office hours ' }))).toEqual({
      ok: true,
      value: { intent: 'rename-session', sessionId: SESSION_ID, title: 'Office hours' },
    });
    expect(readPageAction(form({ intent: 'delete-session', sessionId: SESSION_ID }))).toEqual({
      ok: true,
      value: { intent: 'delete-session', sessionId: SESSION_ID },
    });
  });

  it("refuses unknown intents, missing sessions and empty or long titles, in the API's words", () => {
    expect(readPageAction(form({ intent: 'drop-everything' }))).toEqual({
      ok: false,
      error: 'Unknown Intelligence action',
    });
    expect(readPageAction(form({ intent: 'delete-session' }))).toEqual({
      ok: false,
      error: 'Chat session id must be an id',
    });
    expect(readPageAction(form({ intent: 'rename-session', sessionId: SESSION_ID, title: '   ' }))).toEqual({
      ok: false,
      error: 'title must not be empty',
    });
    expect(readPageAction(form({ intent: 'rename-session', sessionId: SESSION_ID, title: 'x'.repeat(121) }))).toEqual({
      ok: false,
      error: 'title must be at most 120 characters',
    });
  });
});
