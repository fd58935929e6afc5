/** A rule of the domain said no. The HTTP layer turns the kind into a status code. */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}
