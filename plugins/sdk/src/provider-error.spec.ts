import { describe, expect, it } from '@jest/globals';
import { ProviderError } from './provider-error.js';

describe('ProviderError', () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('treats HTTP %i as retryable: %s', (status, retryable) => {
    expect(new ProviderError('failed', { status })).toMatchObject({ status, retryable });
  });

  it('is not retryable without a status unless it says so', () => {
    expect(new ProviderError('failed').retryable).toBe(false);
    expect(new ProviderError('timed out', { retryable: true }).retryable).toBe(true);
  });

  it('is an Error that keeps its cause', () => {
    const cause = new Error('socket hang up');
    const error = new ProviderError('failed', { cause });

    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ProviderError');
    expect(error.cause).toBe(cause);
  });
});
