/**
 * What a refusal or failure is, whatever transport answers it:
 * - invalid … too-many-requests: a rule of the domain said no;
 * - unavailable: nothing can serve the request right now (no model is active);
 * - upstream-failed, upstream-timeout: a service this server calls failed, or did not answer in time;
 * - upstream-refused: that service refused the request itself, which is the caller's to fix.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-many-requests'
  | 'unavailable'
  | 'upstream-failed'
  | 'upstream-timeout'
  | 'upstream-refused';

/** A rule of the domain said no, or a service it relies on failed. The HTTP layer turns the kind into a status code. */
export class DomainError extends Error {
  override name = 'DomainError';
  /** For too-many-requests: how many seconds to wait before trying again. */
  readonly retryAfterSeconds?: number;
  /** For upstream-refused: the status the upstream service refused the request with. */
  readonly upstreamStatus?: number;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; upstreamStatus?: number } = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.upstreamStatus = options.upstreamStatus;
  }
}
