import type { UserPreferences } from '@docent/common/preferences';

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** A user changed some of their preferences: only the fields whose value changed, with their new values. */
    PreferencesChanged: { userId: string; changes: Partial<UserPreferences> };
  }
}

/** Each user's preferences are one stream, decided against: appends expect the version that was read. */
export const PREFERENCES_STREAM_TYPE = 'preferences';
export const preferencesStreamId = (userId: string) => `preferences-${userId}`;
