import { isValidEmail } from './email.js';
import { FIELD_LIMITS } from './limits.js';
import { textOf } from './text.js';

export const REGISTRATION_MESSAGES = Object.freeze({
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  nameTooShort: 'Name must be at least 2 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  emailTooLong: 'Email must be at most 254 characters long',
  nameTooLong: 'Name must be at most 100 characters long',
});

export interface RegistrationInput {
  name?: unknown;
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
}

/** The first failing rule's message, or null when the form is valid. */
export function validateRegistration(input: RegistrationInput): string | null {
  const password = textOf(input.password);
  const email = textOf(input.email);
  const name = textOf(input.name).trim();
  // The spec's four rules in the spec's order, then the upper bounds it leaves out.
  const rules: ReadonlyArray<readonly [failed: boolean, message: string]> = [
    [password.length < FIELD_LIMITS.passwordMinLength, REGISTRATION_MESSAGES.passwordTooShort],
    [password !== textOf(input.confirmPassword), REGISTRATION_MESSAGES.passwordsDoNotMatch],
    [!isValidEmail(email), REGISTRATION_MESSAGES.invalidEmail],
    [name.length < FIELD_LIMITS.nameMinLength, REGISTRATION_MESSAGES.nameTooShort],
    [password.length > FIELD_LIMITS.passwordMaxLength, REGISTRATION_MESSAGES.passwordTooLong],
    [email.length > FIELD_LIMITS.emailMaxLength, REGISTRATION_MESSAGES.emailTooLong],
    [name.length > FIELD_LIMITS.nameMaxLength, REGISTRATION_MESSAGES.nameTooLong],
  ];
  return rules.find(([failed]) => failed)?.[1] ?? null;
}
