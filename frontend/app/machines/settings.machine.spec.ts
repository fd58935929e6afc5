import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import { describe, expect, it } from '@jest/globals';
import { createActor } from 'xstate';
import {
  selectDraft,
  selectHasUnsavedChanges,
  selectIsOnline,
  selectIsSaving,
  selectSaveError,
  settingsMachine,
  type SettingsEmitted,
} from './settings.machine';

function start(online = true) {
  const actor = createActor(settingsMachine, { input: { preferences: DEFAULT_PREFERENCES, online } });
  const emitted: SettingsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, snapshot: () => actor.getSnapshot() };
}

describe('the settings machine', () => {
  it('follows the network: offline and back online, announcing the return', () => {
    const { actor, emitted, snapshot } = start(true);
    expect(selectIsOnline(snapshot())).toBe(true);

    actor.send({ type: 'WENT_OFFLINE' });
    expect(selectIsOnline(snapshot())).toBe(false);
    actor.send({ type: 'WENT_ONLINE' });

    expect(selectIsOnline(snapshot())).toBe(true);
    expect(emitted).toEqual([{ type: 'BACK_ONLINE' }]);
  });

  it('starts offline when the browser is', () => {
    expect(selectIsOnline(start(false).snapshot())).toBe(false);
  });

  it('offers Save Changes after a change, and not after changing it back', () => {
    const { actor, snapshot } = start();
    expect(selectHasUnsavedChanges(snapshot())).toBe(false);

    actor.send({ type: 'PREFERENCE_CHANGED', changes: { theme: 'dark' } });
    expect(selectHasUnsavedChanges(snapshot())).toBe(true);
    expect(selectDraft(snapshot()).theme).toBe('dark');

    actor.send({ type: 'PREFERENCE_CHANGED', changes: { theme: DEFAULT_PREFERENCES.theme } });
    expect(selectHasUnsavedChanges(snapshot())).toBe(false);
  });

  it('asks the page to save the draft, and hides Save Changes once saved', () => {
    const { actor, emitted, snapshot } = start();
    actor.send({ type: 'PREFERENCE_CHANGED', changes: { resultsPerPage: 40 } });

    actor.send({ type: 'SAVE' });
    expect(selectIsSaving(snapshot())).toBe(true);
    const preferences = { ...DEFAULT_PREFERENCES, resultsPerPage: 40 };
    expect(emitted).toEqual([{ type: 'SAVE_REQUESTED', preferences }]);

    actor.send({ type: 'SAVED', preferences });
    expect(selectHasUnsavedChanges(snapshot())).toBe(false);
    expect(selectDraft(snapshot())).toEqual(preferences);
  });

  it('keeps the changes and says why when saving fails', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'PREFERENCE_CHANGED', changes: { language: 'de' } });
    actor.send({ type: 'SAVE' });

    actor.send({ type: 'SAVE_FAILED', error: 'Network error' });

    expect(selectHasUnsavedChanges(snapshot())).toBe(true);
    expect(selectIsSaving(snapshot())).toBe(false);
    expect(selectSaveError(snapshot())).toBe('Network error');
    expect(selectDraft(snapshot()).language).toBe('de');
  });

  it("takes the server's preferences when nothing is unsaved, and keeps the user's changes otherwise", () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'SERVER_PREFERENCES_LOADED', preferences: { ...DEFAULT_PREFERENCES, theme: 'light' } });
    expect(selectDraft(snapshot()).theme).toBe('light');

    actor.send({ type: 'PREFERENCE_CHANGED', changes: { theme: 'dark' } });
    actor.send({ type: 'SERVER_PREFERENCES_LOADED', preferences: DEFAULT_PREFERENCES });
    expect(selectDraft(snapshot()).theme).toBe('dark');
  });

  it('takes what a sync stored as saved, hiding Save Changes', () => {
    const { actor, snapshot } = start();
    actor.send({ type: 'PREFERENCE_CHANGED', changes: { autoSave: false } });

    actor.send({ type: 'SYNCED', preferences: { ...DEFAULT_PREFERENCES, autoSave: false } });

    expect(selectHasUnsavedChanges(snapshot())).toBe(false);
    expect(selectDraft(snapshot()).autoSave).toBe(false);
  });
});
