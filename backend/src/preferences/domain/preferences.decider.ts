import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import { PREFERENCES_STREAM_TYPE, type RecordedPreferences } from './preferences.events.js';

export type PreferencesCommand = { type: 'Change'; userId: string; changes: Partial<RecordedPreferences> };

/** A user's preferences: the defaults, as changed since. */
export const preferencesDecider: Decider<PreferencesCommand, DomainEvent<'PreferencesChanged'>, RecordedPreferences> = {
  streamType: PREFERENCES_STREAM_TYPE,

  // A user who never changed anything has the defaults.
  initialState: () => ({ ...DEFAULT_PREFERENCES }),

  decide(command, state) {
    switch (command.type) {
      case 'Change': {
        const entries = Object.entries(command.changes) as [
          keyof RecordedPreferences,
          RecordedPreferences[keyof RecordedPreferences],
        ][];
        const changed = entries.filter(([field, value]) => value !== undefined && value !== state[field]);
        if (changed.length === 0) return [];
        return [{ type: 'PreferencesChanged', data: { userId: command.userId, changes: Object.fromEntries(changed) } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve: (state, event) => ({ ...state, ...event.data.changes }),
};
