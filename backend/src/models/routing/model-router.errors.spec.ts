import { describe, expect, it, jest } from '@jest/globals';
import type { Response } from 'express';
import { describeException, setRetryAfter } from '../../http/api-exception.filter.js';
import { describeProviderFailure, ProviderTimeoutError } from '../providers/provider-errors.js';
import { ModelCallFailedError, ModelLimitReachedError, NoModelAvailableError } from './model-router.errors.js';

const failed = (error: unknown) => new ModelCallFailedError('Alpha Large', describeProviderFailure(error));
const answered = (status: number) => Object.assign(new Error('upstream said no'), { status });

describe("the router's errors, as the API answers them", () => {
  it.each([
    [400, 400],
    [413, 413],
    [422, 422],
    [401, 502],
    [404, 502],
    [429, 502],
    [500, 502],
    [503, 502],
  ])('a provider answering %i is answered %i', (providerStatus, status) => {
    expect(describeException(failed(answered(providerStatus)))).toEqual({
      status,
      error: 'Alpha Large failed: upstream said no',
    });
  });

  it('a provider that did not answer in time is a 504, one that could not be reached a 502', () => {
    expect(describeException(failed(new ProviderTimeoutError(1500)))).toEqual({
      status: 504,
      error: 'Alpha Large failed: The provider did not answer within 1.5 s',
    });
    expect(describeException(failed(new Error('connect ECONNREFUSED')))).toMatchObject({ status: 502 });
  });

  it('no model that can take requests is a 503', () => {
    expect(describeException(new NoModelAvailableError('No model is active'))).toEqual({
      status: 503,
      error: 'No model is active',
    });
  });

  it('every limit reached is a 429 naming them all, with the whole seconds until the first resets', () => {
    const error = new ModelLimitReachedError(['Daily limit', 'Monthly budget'], 41.2);
    const response = { setHeader: jest.fn() };

    setRetryAfter(response as unknown as Response, error);

    expect(describeException(error)).toEqual({ status: 429, error: 'Daily limit; Monthly budget' });
    expect(response.setHeader).toHaveBeenCalledWith('Retry-After', 42);
  });
});
