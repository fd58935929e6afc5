/** A call to a provider that did not answer in time; the router aborted it. */
export class ProviderTimeoutError extends Error {
  override name = 'ProviderTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The provider did not answer within ${timeoutMs / 1000} s`);
  }
}

export interface ProviderFailure {
  message: string;
  /** The provider's HTTP status, when it answered with one. */
  status: number | null;
  /**
   * Another model may well succeed: a timeout, rate limiting, a server error, the
   * network, or a provider refusing this server's key or not knowing the model (its
   * configuration, not the request, is at fault).
   */
  retryable: boolean;
  timedOut: boolean;
}

const RETRYABLE_STATUSES = new Set([401, 403, 404, 408, 409, 425, 429]);

/**
 * Reads what a plugin threw. Provider clients put the HTTP status on the error or on
 * its cause (`status`, `statusCode`); an error without one never reached an answer
 * (refused connection, DNS, reset) and is worth trying elsewhere.
 */
export function describeProviderFailure(error: unknown): ProviderFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProviderTimeoutError) return { message, status: null, retryable: true, timedOut: true };
  const status = statusOf(error);
  if (status === null) return { message, status, retryable: true, timedOut: false };
  return { message, status, retryable: status >= 500 || RETRYABLE_STATUSES.has(status), timedOut: false };
}

function statusOf(error: unknown, depth = 0): number | null {
  if (typeof error !== 'object' || error === null || depth > 3) return null;
  for (const field of ['status', 'statusCode'] as const) {
    const value = (error as Record<string, unknown>)[field];
    if (typeof value === 'number' && value >= 100 && value < 600) return value;
  }
  // The Vercel AI SDK wraps the last failed attempt of its own retries.
  const wrapped = (error as { lastError?: unknown; cause?: unknown }).lastError ?? (error as { cause?: unknown }).cause;
  return statusOf(wrapped, depth + 1);
}

/**
 * Runs a provider call with the router's time limit: the signal asks the plugin to stop,
 * and the race stops waiting even for a plugin that ignores it.
 */
export async function withTimeout<T>(
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const abortFromOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', abortFromOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const timeout = new ProviderTimeoutError(timeoutMs);
      controller.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortFromOuter);
  }
}
