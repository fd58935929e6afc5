import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import { describe, expect, it } from '@jest/globals';
import type { DomainEvent, RecordedEvent } from '../../event-store/domain-event.js';
import {
  decidePreferences,
  evolvePreferences,
  initialPreferencesState,
  type PreferencesCommand,
} from './preferences.decider.js';

const userId = 'user-1';

function recorded(events: DomainEvent<'PreferencesChanged'>[]): RecordedEvent<'PreferencesChanged'>[] {
  return events.map((event, index) => ({
    ...event,
    position: index + 1,
    streamId: `preferences-${userId}`,
    streamType: 'preferences',
    version: index + 1,
    metadata: { actorId: userId },
    occurredAt: new Date(0),
  }));
}

/** Given these past events, when the command is decided, then these events follow. */
function given(events: DomainEvent<'PreferencesChanged'>[]): { when: (command: PreferencesCommand) => DomainEvent[] } {
  const state = recorded(events).reduce(evolvePreferences, initialPreferencesState());
  return { when: (command) => decidePreferences(command, state) };
}

const changed = (changes: DomainEvent<'PreferencesChanged'>['data']['changes']): DomainEvent<'PreferencesChanged'> => ({
  type: 'PreferencesChanged',
  data: { userId, changes },
});

describe('the preferences decider', () => {
  it('starts from the defaults', () => {
    expect(initialPreferencesState()).toEqual(DEFAULT_PREFERENCES);
  });

  it('records only the fields whose value changes', () => {
    expect(
      given([]).when({ type: 'Change', userId, changes: { theme: 'dark', language: 'en', resultsPerPage: 30 } }),
    ).toEqual([changed({ theme: 'dark', resultsPerPage: 30 })]);
  });

  it('records nothing when nothing changes: no fields, or the values already held', () => {
    expect(given([]).when({ type: 'Change', userId, changes: {} })).toEqual([]);
    expect(
      given([changed({ theme: 'dark' })]).when({ type: 'Change', userId, changes: { theme: 'dark', autoSave: true } }),
    ).toEqual([]);
  });

  it('compares with the preferences as changed before, not with the defaults', () => {
    expect(
      given([changed({ notifications: false })]).when({ type: 'Change', userId, changes: { notifications: true } }),
    ).toEqual([changed({ notifications: true })]);
  });
});
