/** A file that cannot be parsed, with a reason fit to show the person who uploaded it. */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
}
