export interface ProviderErrorOptions {
  /** The HTTP status the provider answered with, when it answered at all. */
  status?: number;
  /** Overrides the default, which is derived from `status`. */
  retryable?: boolean;
  cause?: unknown;
}

/**
 * A failed call to a model provider. `retryable` tells the router whether trying
 * again, or falling back to another model, may succeed.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: ProviderErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable ?? (options.status !== undefined && isRetryableStatus(options.status));
  }
}

/** Timeouts (408), rate limits (429) and server errors (5xx) may pass; other 4xx answers will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
