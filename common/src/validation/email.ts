// One @, a non-empty local part, and a domain of dot-separated non-empty labels,
// with no whitespace anywhere. Deliberately loose: the real check is delivery.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
