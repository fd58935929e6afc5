import { FIELD_LIMITS } from './limits.js';
import { textOf } from './text.js';

export const API_KEY_NAME_REQUIRED = 'Please enter a name for the API key';
export const API_KEY_NAME_TOO_LONG = 'API key name must be at most 100 characters';

export function validateApiKeyName(name: unknown): string | null {
  const trimmed = textOf(name).trim();
  if (trimmed === '') return API_KEY_NAME_REQUIRED;
  if (trimmed.length > FIELD_LIMITS.apiKeyNameMaxLength) return API_KEY_NAME_TOO_LONG;
  return null;
}
