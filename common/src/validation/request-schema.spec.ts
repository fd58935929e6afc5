import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { checkRequest, idParam } from './index.js';

const renameSchema = z.object({ title: z.string().trim().min(1, 'title must not be empty') });

describe('checkRequest', () => {
  it("gives the schema's output for input it accepts", () => {
    expect(checkRequest(renameSchema, { title: ' Office hours ' })).toEqual({
      ok: true,
      value: { title: 'Office hours' },
    });
  });

  it("refuses with the first problem's message, as the API answers", () => {
    expect(checkRequest(renameSchema, { title: ' ' })).toEqual({ ok: false, error: 'title must not be empty' });
    expect(checkRequest(idParam('Document id'), 'doc-1', 'id')).toEqual({
      ok: false,
      error: 'Document id must be an id',
    });
  });

  it('refuses a value that cannot be stored before the schema sees it, naming it as the API does', () => {
    expect(checkRequest(renameSchema, { title: 'a\u0000b' })).toEqual({
      ok: false,
      error: 'title must not contain the NUL character (\\u0000)',
    });
    expect(checkRequest(idParam('Document id'), 'a\u0000b', 'id')).toEqual({
      ok: false,
      error: 'id must not contain the NUL character (\\u0000)',
    });
  });
});
