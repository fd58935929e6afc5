/**
 * The preferences a user can set, as recorded: the feature's own description of the
 * stored fields, not the API's `UserPreferences`, so that a stored event never changes
 * because the API does. While the two agree, one is assignable to the other.
 */
export interface RecordedPreferences {
  theme: 'light' | 'dark' | 'system';
  language: 'en' | 'es' | 'fr' | 'de';
  notifications: boolean;
  autoSave: boolean;
  defaultSearchType: 'semantic' | 'keyword' | 'hybrid';
  resultsPerPage: number;
}

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** A user changed some of their preferences: only the fields whose value changed, with their new values. */
    PreferencesChanged: { userId: string; changes: Partial<RecordedPreferences> };
  }
}

/** Each user's preferences are one stream, decided against: appends expect the version that was read. */
export const PREFERENCES_STREAM_TYPE = 'preferences';
export const preferencesStreamId = (userId: string) => `preferences-${userId}`;
