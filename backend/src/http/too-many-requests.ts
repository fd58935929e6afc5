import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that says when to come back: the filters send it as the standard Retry-After header. */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    // Retry-After is a whole number of seconds; waiting less than asked would only be refused again.
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
