import { describe, expect, it } from '@jest/globals';
import { readToolAction } from './tool-action-form';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('the /tools action reads the demos the page submits', () => {
  it('reads the calculator: the operation and both numbers as numbers', () => {
    expect(readToolAction(formOf({ intent: 'calculate', a: '6', operation: 'multiply', b: '7' }))).toEqual({
      ok: true,
      command: { intent: 'calculate', payload: { operation: 'multiply', a: 6, b: 7 } },
    });
    expect(readToolAction(formOf({ intent: 'calculate', a: '-1.5', operation: 'divide', b: '1e3' }))).toEqual({
      ok: true,
      command: { intent: 'calculate', payload: { operation: 'divide', a: -1.5, b: 1000 } },
    });
  });

  it('reads the search query, trimmed', () => {
    expect(readToolAction(formOf({ intent: 'search', query: '  refund policy  ' }))).toEqual({
      ok: true,
      command: { intent: 'search', payload: { query: 'refund policy' } },
    });
  });

  it("refuses a malformed demo as that tool's failure, in the API's words; a blank number is never 0", () => {
    expect(readToolAction(formOf({ intent: 'calculate', a: '', operation: 'add', b: '2' }))).toEqual({
      ok: false,
      refusal: { intent: 'calculate', ok: false, error: 'a must be a number' },
    });
    expect(readToolAction(formOf({ intent: 'calculate', a: '1', operation: 'add', b: 'seven' }))).toEqual({
      ok: false,
      refusal: { intent: 'calculate', ok: false, error: 'b must be a number' },
    });
    expect(readToolAction(formOf({ intent: 'calculate', a: '1', operation: 'modulo', b: '2' }))).toEqual({
      ok: false,
      refusal: { intent: 'calculate', ok: false, error: 'operation must be one of add, subtract, multiply, divide' },
    });
    expect(readToolAction(formOf({ intent: 'search', query: ' ' }))).toEqual({
      ok: false,
      refusal: { intent: 'search', ok: false, error: 'query must not be empty' },
    });
  });

  it('knows nothing of other intents, the demo route included', () => {
    expect(readToolAction(formOf({ intent: 'route', query: 'hello' }))).toBeNull();
    expect(readToolAction(formOf({}))).toBeNull();
  });
});
