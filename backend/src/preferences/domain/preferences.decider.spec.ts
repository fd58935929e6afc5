import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import { describe, it } from '@jest/globals';
import type { DomainEvent } from '../../event-store/domain-event.js';
import { specFor } from '../../testing/decider-specification.js';
import { preferencesDecider } from './preferences.decider.js';

const userId = 'user-1';

const changed = (changes: DomainEvent<'PreferencesChanged'>['data']['changes']): DomainEvent<'PreferencesChanged'> => ({
  type: 'PreferencesChanged',
  data: { userId, changes },
});

describe('the preferences decider', () => {
  it('starts from the defaults', () => {
    specFor(preferencesDecider).given([]).thenState(DEFAULT_PREFERENCES);
  });

  it('records only the fields whose value changes', () => {
    specFor(preferencesDecider)
      .given([])
      .when({ type: 'Change', userId, changes: { theme: 'dark', language: 'en', resultsPerPage: 30 } })
      .then([changed({ theme: 'dark', resultsPerPage: 30 })]);
  });

  it('records nothing when nothing changes: no fields, or the values already held', () => {
    specFor(preferencesDecider).given([]).when({ type: 'Change', userId, changes: {} }).then([]);
    specFor(preferencesDecider)
      .given([changed({ theme: 'dark' })])
      .when({ type: 'Change', userId, changes: { theme: 'dark', autoSave: true } })
      .then([]);
  });

  it('compares with the preferences as changed before, not with the defaults', () => {
    specFor(preferencesDecider)
      .given([changed({ notifications: false })])
      .when({ type: 'Change', userId, changes: { notifications: true } })
      .then([changed({ notifications: true })]);
  });
});
