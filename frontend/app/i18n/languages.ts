import { LANGUAGES, type Language } from '@docent/common/preferences';

export type { Language };

/** The languages the web app is written in: the ones a user may choose in Preferences. */
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;
export const FALLBACK_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** One namespace per area of the app; `common` holds the shell and what every page shares. */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'documents',
  'search',
  'intelligence',
  'models',
  'tools',
  'analytics',
  'admin',
  'settings',
  'errors',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';
