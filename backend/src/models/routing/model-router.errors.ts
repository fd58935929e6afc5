import { HttpException, HttpStatus } from '@nestjs/common';
import { TooManyRequestsException } from '../../http/too-many-requests.js';
import type { ProviderFailure } from '../providers/provider-errors.js';

/** Every model that could take the request has reached one of its limits; retry when the first of them resets. */
export class ModelLimitReachedError extends TooManyRequestsException {
  constructor(
    readonly limitMessages: string[],
    retryAfterSeconds: number,
  ) {
    super(limitMessages.join('; '), retryAfterSeconds);
  }
}

/** No model can take requests: none is active, or the one named is not. */
export class NoModelAvailableError extends HttpException {
  constructor(message: string) {
    super(message, HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/**
 * A provider refused or failed the call. A refusal of the request itself (400, 413,
 * 422...) is the caller's to fix and keeps its status; everything else (the provider
 * failing, or refusing this server's key) answers 502, and a timeout 504.
 */
export class ModelCallFailedError extends HttpException {
  constructor(
    readonly modelName: string,
    readonly failure: ProviderFailure,
  ) {
    super(`${modelName} failed: ${failure.message}`, statusFor(failure));
  }
}

function statusFor(failure: ProviderFailure): number {
  if (failure.timedOut) return HttpStatus.GATEWAY_TIMEOUT;
  const status = failure.status;
  const callersMistake = status !== null && status >= 400 && status < 500 && !failure.retryable;
  return callersMistake ? status : HttpStatus.BAD_GATEWAY;
}
