import { STATUS_CODES } from 'node:http';
import { APICallError } from 'ai';
import { ProviderError } from '../provider-error.js';

/**
 * Turns whatever a provider call threw into a ProviderError whose message an
 * administrator can act on. `signal` is the caller's, so an abort is reported as a
 * timeout or a cancellation rather than as a network failure.
 */
export function toProviderError(error: unknown, baseURL: string, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return abortError(signal, baseURL, error);
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    return providerErrorFromStatus(error.statusCode, providerMessage(error), error);
  }
  if (isTimeoutError(error)) {
    return new ProviderError(`${baseURL} did not answer in time`, { retryable: true, cause: error });
  }
  const networkFailure = describeNetworkFailure(error);
  if (networkFailure !== undefined) {
    // Another endpoint may well be up, so the router may fall back.
    return new ProviderError(`Cannot reach ${baseURL}: ${networkFailure}`, { retryable: true, cause: error });
  }
  return new ProviderError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** For an HTTP answer with an error status; `detail` is the provider's own explanation. */
export function providerErrorFromStatus(status: number, detail: string | undefined, cause?: unknown): ProviderError {
  const suffix = detail ? `: ${detail}` : '';
  return new ProviderError(`${describeStatus(status)} (HTTP ${status})${suffix}`, { status, cause });
}

function describeStatus(status: number): string {
  if (status === 401) return 'The API key was rejected';
  if (status === 403) return 'The API key is not allowed to use this model or endpoint';
  if (status === 404) return 'The model or endpoint was not found';
  if (status === 408) return 'The provider timed out';
  if (status === 429) return 'The provider is rate limiting requests or the quota is used up';
  if (status >= 500) return 'The provider failed';
  return 'The provider rejected the request';
}

function abortError(signal: AbortSignal, baseURL: string, cause: unknown): ProviderError {
  if (isTimeoutError(signal.reason)) {
    return new ProviderError(`${baseURL} did not answer in time`, { retryable: true, cause });
  }
  return new ProviderError('The request was cancelled', { retryable: false, cause });
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** The provider's own explanation, unless the SDK only had the HTTP status text to offer. */
function providerMessage(error: APICallError): string | undefined {
  const message = error.message.trim();
  return message === '' || message === STATUS_CODES[error.statusCode ?? 0] ? undefined : message;
}

/** Why a request got no answer at all (refused, reset, unresolvable host), or undefined for other errors. */
function describeNetworkFailure(error: unknown): string | undefined {
  const isApiCallWithoutAnswer = APICallError.isInstance(error) && error.statusCode === undefined;
  const isFetchFailure = error instanceof TypeError && error.message === 'fetch failed';
  if (!isApiCallWithoutAnswer && !isFetchFailure) return undefined;
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ECONNRESET') return 'connection reset';
  }
  return error.message.replace(/^Cannot connect to API: /, '');
}
