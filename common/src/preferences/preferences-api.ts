// The user's preferences (spec sections 2, 3 and 7), shared by the backend and the pages.
import type { SearchType } from '../search/search-api.js';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Results per page: 10 to 50 in steps of 10, default 20 (spec section 9). */
export const RESULTS_PER_PAGE = { min: 10, max: 50, step: 10, default: 20 } as const;

export interface UserPreferences {
  theme: Theme;
  language: Language;
  notifications: boolean;
  autoSave: boolean;
  defaultSearchType: SearchType;
  resultsPerPage: number;
}

export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'system',
  language: 'en',
  notifications: true,
  autoSave: true,
  defaultSearchType: 'hybrid',
  resultsPerPage: RESULTS_PER_PAGE.default,
};

/** GET /api/user/preferences, and the answer to PUT (which takes any subset of the fields). */
export interface PreferencesResponse {
  success: true;
  preferences: UserPreferences;
}
