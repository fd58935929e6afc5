/** Another writer appended to the stream since it was read: the append is refused, never merged. */
export class ConcurrencyConflictError extends Error {
  override name = 'ConcurrencyConflictError';

  constructor(readonly streamId: string) {
    super(`The ${streamId.split('-')[0]} was changed by another request at the same time. Reload it and try again.`);
  }
}
