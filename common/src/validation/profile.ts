import { isValidEmail } from './email.js';
import { FIELD_LIMITS } from './limits.js';
import { textOf } from './text.js';
import { REGISTRATION_MESSAGES } from './registration.js';

export const PROFILE_MESSAGES = Object.freeze({
  avatarNotHttpUrl: 'Avatar must be an http or https URL',
  avatarTooLong: 'Avatar URL must be at most 2048 characters long',
});

/** A profile change: a field left out is not changed and so not checked. */
export interface ProfileUpdateInput {
  name?: unknown;
  email?: unknown;
  avatar?: unknown;
}

function isHttpUrl(value: string): boolean {
  // URL parsing would silently trim surrounding whitespace, so refuse any.
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

function avatarError(avatar: unknown): string | null {
  // Having no avatar is allowed.
  if (avatar === undefined || avatar === null || avatar === '') return null;
  if (typeof avatar !== 'string' || !isHttpUrl(avatar)) return PROFILE_MESSAGES.avatarNotHttpUrl;
  if (avatar.length > FIELD_LIMITS.avatarUrlMaxLength) return PROFILE_MESSAGES.avatarTooLong;
  return null;
}

function nameError(value: unknown): string | null {
  const name = textOf(value).trim();
  if (name.length < FIELD_LIMITS.nameMinLength) return REGISTRATION_MESSAGES.nameTooShort;
  if (name.length > FIELD_LIMITS.nameMaxLength) return REGISTRATION_MESSAGES.nameTooLong;
  return null;
}

function emailError(value: unknown): string | null {
  const email = textOf(value);
  if (!isValidEmail(email)) return REGISTRATION_MESSAGES.invalidEmail;
  if (email.length > FIELD_LIMITS.emailMaxLength) return REGISTRATION_MESSAGES.emailTooLong;
  return null;
}

/** The first failing rule's message, field by field (name, email, avatar), or null. */
export function validateProfileUpdate(input: ProfileUpdateInput): string | null {
  return (
    (input.name === undefined ? null : nameError(input.name)) ??
    (input.email === undefined ? null : emailError(input.email)) ??
    avatarError(input.avatar)
  );
}
