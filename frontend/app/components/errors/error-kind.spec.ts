import { describe, expect, it } from '@jest/globals';
import { errorKindOf, messageOf } from './error-kind';

describe('errorKindOf', () => {
  it.each([
    ['TypeError: Failed to fetch', 'connection'],
    ['Network error', 'connection'],
    ['fetch failed', 'connection'],
    ['401: Authentication required', 'authentication'],
    ['Unauthorized', 'authentication'],
    ['Authentication Required', 'authentication'],
    ["Cannot read properties of undefined (reading 'name')", 'generic'],
  ])('sends %j to the %s screen', (message, kind) => {
    expect(errorKindOf(message)).toBe(kind);
  });

  it('checks connection problems before authentication ones, as the spec lists them', () => {
    expect(errorKindOf('Network error after 401')).toBe('connection');
  });
});

describe('messageOf', () => {
  it('reads the server error of a thrown response', () => {
    expect(messageOf({ status: 401, statusText: 'Unauthorized', data: { error: 'Authentication required' } })).toBe(
      '401: Authentication required',
    );
  });
});
