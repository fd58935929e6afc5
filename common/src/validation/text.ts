/** Form fields may arrive as anything from an HTTP body; what is not text counts as empty. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
