import { DomainError } from '../../common/domain-error.js';
import type { ProviderFailure } from '../providers/provider-errors.js';

/** Every model that could take the request has reached one of its limits; retry when the first of them resets. */
export class ModelLimitReachedError extends DomainError {
  override name = 'ModelLimitReachedError';

  constructor(
    readonly limitMessages: string[],
    retryAfterSeconds: number,
  ) {
    super('too-many-requests', limitMessages.join('; '), { retryAfterSeconds });
  }
}

/** No model can take requests: none is active, or the one named is not. */
export class NoModelAvailableError extends DomainError {
  override name = 'NoModelAvailableError';

  constructor(message: string) {
    super('unavailable', message);
  }
}

/**
 * A provider refused or failed the call. A refusal of the request itself (400, 413,
 * 422...) is the caller's to fix and keeps the provider's status; everything else (the
 * provider failing, or refusing this server's key) is a failed upstream, and a timeout
 * an upstream that did not answer in time.
 */
export class ModelCallFailedError extends DomainError {
  override name = 'ModelCallFailedError';

  constructor(
    readonly modelName: string,
    readonly failure: ProviderFailure,
  ) {
    const refusedStatus = callersMistake(failure) ? failure.status! : undefined;
    super(
      failure.timedOut ? 'upstream-timeout' : refusedStatus ? 'upstream-refused' : 'upstream-failed',
      `${modelName} failed: ${failure.message}`,
      { upstreamStatus: refusedStatus },
    );
  }
}

function callersMistake({ status, retryable }: ProviderFailure): boolean {
  return status !== null && status >= 400 && status < 500 && !retryable;
}
