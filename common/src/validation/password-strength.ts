import { FIELD_LIMITS } from './limits.js';

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** How many of the five criteria the password meets, 0 to 5. */
  score: number;
  label: PasswordStrengthLabel;
}

// Unicode classes so that accented letters count as letters rather than as specials.
const PASSWORD_CRITERIA: ReadonlyArray<(password: string) => boolean> = [
  (password) => password.length >= FIELD_LIMITS.passwordMinLength,
  (password) => /\p{Lu}/u.test(password),
  (password) => /\p{Ll}/u.test(password),
  (password) => /\p{Nd}/u.test(password),
  (password) => /[^\p{L}\p{N}]/u.test(password),
];

function labelFor(score: number): PasswordStrengthLabel {
  if (score <= 2) return 'Weak';
  if (score === 3) return 'Fair';
  if (score === 4) return 'Good';
  return 'Strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const score = PASSWORD_CRITERIA.filter((meets) => meets(password)).length;
  return { score, label: labelFor(score) };
}
