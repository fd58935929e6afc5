import { DEFAULT_PREFERENCES, type UserPreferences } from '@docent/common/preferences';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';

/** A user who never changed anything has the defaults. */
export const initialPreferencesState = (): UserPreferences => ({ ...DEFAULT_PREFERENCES });

export type PreferencesCommand = { type: 'Change'; userId: string; changes: Partial<UserPreferences> };

export function decidePreferences(command: PreferencesCommand, state: UserPreferences): DomainEvent[] {
  switch (command.type) {
    case 'Change': {
      const entries = Object.entries(command.changes) as [
        keyof UserPreferences,
        UserPreferences[keyof UserPreferences],
      ][];
      const changed = entries.filter(([field, value]) => value !== undefined && value !== state[field]);
      if (changed.length === 0) return [];
      return [{ type: 'PreferencesChanged', data: { userId: command.userId, changes: Object.fromEntries(changed) } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolvePreferences(state: UserPreferences, event: RecordedEvent<'PreferencesChanged'>): UserPreferences {
  return { ...state, ...event.data.changes };
}
