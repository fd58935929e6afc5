import { describe, expect, it } from '@jest/globals';
import { describeProviderFailure, ProviderTimeoutError, withTimeout } from './provider-errors.js';

const httpError = (status: number, field: 'status' | 'statusCode' = 'status') =>
  Object.assign(new Error(`HTTP ${status}`), { [field]: status });

describe('describeProviderFailure', () => {
  it.each([
    [httpError(500), true],
    [httpError(503, 'statusCode'), true],
    [httpError(429), true],
    [httpError(408), true],
    [httpError(400), false],
    [httpError(401), true],
    [httpError(404, 'statusCode'), true],
    [httpError(413), false],
    [httpError(422), false],
    [new TypeError('fetch failed'), true],
    [new ProviderTimeoutError(1000), true],
  ])('%s is retryable: %s', (error, retryable) => {
    expect(describeProviderFailure(error).retryable).toBe(retryable);
  });

  it('finds the status of an error wrapped by a client library', () => {
    const wrapped = Object.assign(new Error('Failed after 3 attempts'), { lastError: httpError(400) });

    expect(describeProviderFailure(wrapped)).toMatchObject({ status: 400, retryable: false });
  });

  it('tells a timeout apart', () => {
    expect(describeProviderFailure(new ProviderTimeoutError(2000))).toEqual({
      message: 'The provider did not answer within 2 s',
      status: null,
      retryable: true,
      timedOut: true,
    });
  });
});

describe('withTimeout', () => {
  it('answers what the call answers in time', async () => {
    await expect(withTimeout(1000, async () => 'done')).resolves.toBe('done');
  });

  it('gives up on a call that ignores its signal, and aborts the signal', async () => {
    let seen: AbortSignal | undefined;
    const call = withTimeout(20, (signal) => {
      seen = signal;
      return new Promise(() => {});
    });

    await expect(call).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(seen?.aborted).toBe(true);
  });
});
