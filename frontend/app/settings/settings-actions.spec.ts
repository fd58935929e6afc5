import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import { describe, expect, it } from '@jest/globals';
import { readSettingsAction } from './settings-actions';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

const backup = {
  userPreferences: DEFAULT_PREFERENCES,
  documentMetadata: {},
  searchHistory: ['q'],
  chatHistory: [],
  bookmarks: [],
};

describe('reading a Settings form', () => {
  it('reads a profile change, an empty avatar meaning none', () => {
    expect(
      readSettingsAction(formOf({ intent: 'update-profile', name: 'Ada', email: ' ada@example.com ', avatar: '' })),
    ).toEqual({
      ok: true,
      value: { intent: 'update-profile', changes: { name: 'Ada', email: 'ada@example.com', avatar: null } },
    });
  });

  it("refuses in the API's words: a blank key name, a short password, a preference out of range", () => {
    expect(readSettingsAction(formOf({ intent: 'create-api-key', name: '  ' }))).toEqual({
      ok: false,
      error: 'Please enter a name for the API key',
    });
    expect(
      readSettingsAction(
        formOf({ intent: 'change-password', currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual({ ok: false, error: 'Password must be at least 8 characters long' });
    expect(
      readSettingsAction(formOf({ intent: 'save-preferences', preferences: JSON.stringify({ resultsPerPage: 35 }) })),
    ).toEqual({ ok: false, error: 'resultsPerPage must be one of 10, 20, 30, 40, 50' });
  });

  it('reads a backup file, and calls anything else an invalid backup file', () => {
    const read = readSettingsAction(formOf({ intent: 'import-backup', backup: JSON.stringify(backup) }));
    expect(read.ok && read.value.intent === 'import-backup' && read.value.backup.searchHistory).toEqual(['q']);
    for (const text of ['not json', '[]', JSON.stringify({ ...backup, userPreferences: undefined })]) {
      expect(readSettingsAction(formOf({ intent: 'import-backup', backup: text }))).toEqual({
        ok: false,
        error: 'Invalid backup file',
      });
    }
  });

  it('refuses ids that are not ids, and intents it does not know', () => {
    expect(readSettingsAction(formOf({ intent: 'delete-api-key', keyId: 'nope' }))).toEqual({
      ok: false,
      error: 'API key id must be an id',
    });
    expect(readSettingsAction(formOf({ intent: 'wipe-everything' }))).toEqual({
      ok: false,
      error: 'Unknown Settings action',
    });
  });
});
