import { describe, expect, it } from '@jest/globals';
import { checkRequest } from '../validation/index.js';
import { calculatePayloadSchema, queryPayloadSchema } from './tools.schemas.js';

describe('calculatePayloadSchema', () => {
  it('takes an operation on two numbers', () => {
    expect(checkRequest(calculatePayloadSchema, { operation: 'multiply', a: 6, b: 7 })).toEqual({
      ok: true,
      value: { operation: 'multiply', a: 6, b: 7 },
    });
  });

  it('refuses an operation the calculator does not have', () => {
    expect(checkRequest(calculatePayloadSchema, { operation: 'power', a: 2, b: 3 })).toEqual({
      ok: false,
      error: 'operation must be one of add, subtract, multiply, divide',
    });
  });

  it('refuses operands that are not finite numbers, naming the operand', () => {
    expect(checkRequest(calculatePayloadSchema, { operation: 'add', a: '6', b: 7 })).toEqual({
      ok: false,
      error: 'a must be a finite number',
    });
    expect(checkRequest(calculatePayloadSchema, { operation: 'add', a: 6, b: Number.NaN })).toEqual({
      ok: false,
      error: 'b must be a finite number',
    });
    expect(checkRequest(calculatePayloadSchema, { operation: 'add', a: Infinity, b: 7 })).toEqual({
      ok: false,
      error: 'a must be a finite number',
    });
  });

  it('refuses a body that is not an object in the words the API uses', () => {
    expect(checkRequest(calculatePayloadSchema, [1, 2])).toEqual({
      ok: false,
      error: 'The request body must be a JSON object',
    });
  });
});

describe('queryPayloadSchema', () => {
  it('takes a query, trimmed', () => {
    expect(checkRequest(queryPayloadSchema, { query: '  refund policy ' })).toEqual({
      ok: true,
      value: { query: 'refund policy' },
    });
  });

  it('refuses a blank or missing query', () => {
    expect(checkRequest(queryPayloadSchema, { query: '   ' })).toEqual({ ok: false, error: 'query must not be empty' });
    expect(checkRequest(queryPayloadSchema, {})).toEqual({
      ok: false,
      error: 'query is required and must be a string',
    });
  });
});
