/** A rule of the domain said no. The HTTP layer turns the kind into a status code. */
export class DomainError extends Error {
  override name = 'DomainError';
  /** For too-many-requests: how many seconds to wait before trying again. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-many-requests',
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
