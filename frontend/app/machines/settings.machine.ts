import type { UserPreferences } from '@docent/common/preferences';
import { assign, emit, setup, type SnapshotFrom } from 'xstate';

export interface SettingsInput {
  /** The preferences as the server has them. */
  preferences: UserPreferences;
  /** navigator.onLine when the page starts. */
  online: boolean;
}

interface SettingsContext {
  /** The preferences as last saved on the server. */
  saved: UserPreferences;
  /** The preferences as the form shows them: the saved ones with the user's changes. */
  draft: UserPreferences;
  /** Why the last save failed, until the next attempt. */
  saveError: string | null;
  startedOnline: boolean;
}

export type SettingsEvent =
  | { type: 'WENT_ONLINE' }
  | { type: 'WENT_OFFLINE' }
  | { type: 'PREFERENCE_CHANGED'; changes: Partial<UserPreferences> }
  | { type: 'SAVE' }
  | { type: 'SAVED'; preferences: UserPreferences }
  | { type: 'SAVE_FAILED'; error: string }
  /** A sync stored the draft: it is what the server has now. */
  | { type: 'SYNCED'; preferences: UserPreferences }
  /** The page loaded the server's preferences again (after an action, an import, a sync). */
  | { type: 'SERVER_PREFERENCES_LOADED'; preferences: UserPreferences };

/** What the page does for the machine; listen with actorRef.on(type, …). */
export type SettingsEmitted =
  | { type: 'SAVE_REQUESTED'; preferences: UserPreferences }
  /** The browser is back online: what it holds is synchronised with the server. */
  | { type: 'BACK_ONLINE' };

const samePreferences = (a: UserPreferences, b: UserPreferences) =>
  (Object.keys(a) as (keyof UserPreferences)[]).every((field) => a[field] === b[field]);

/**
 * The Settings page's transitions (spec section 4): the Online/Offline badge follows the
 * network; Save Changes appears after a preference change and disappears once it is
 * saved; coming back online synchronises with the server.
 */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    emitted: {} as SettingsEmitted,
  },
  actions: {
    applyChanges: assign({
      draft: ({ context }, params: { changes: Partial<UserPreferences> }) => ({ ...context.draft, ...params.changes }),
    }),
    acceptSaved: assign((_, params: { preferences: UserPreferences }) => ({
      saved: params.preferences,
      draft: params.preferences,
      saveError: null,
    })),
    rememberSaveError: assign({ saveError: (_, params: { error: string }) => params.error }),
    forgetSaveError: assign({ saveError: null }),
    requestSave: emit(({ context }) => ({ type: 'SAVE_REQUESTED' as const, preferences: context.draft })),
    announceBackOnline: emit({ type: 'BACK_ONLINE' as const }),
  },
  guards: {
    hasUnsavedChanges: ({ context }) => !samePreferences(context.saved, context.draft),
    startedOnline: ({ context }) => context.startedOnline,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    saved: input.preferences,
    draft: input.preferences,
    saveError: null,
    startedOnline: input.online,
  }),
  type: 'parallel',
  states: {
    network: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'startedOnline', target: 'online' }, { target: 'offline' }],
        },
        online: { on: { WENT_OFFLINE: 'offline' } },
        offline: { on: { WENT_ONLINE: { target: 'online', actions: 'announceBackOnline' } } },
      },
    },
    preferences: {
      initial: 'saved',
      on: {
        SYNCED: {
          target: '.saved',
          actions: { type: 'acceptSaved', params: ({ event }) => ({ preferences: event.preferences }) },
        },
      },
      states: {
        saved: {
          on: {
            PREFERENCE_CHANGED: {
              target: 'changed',
              actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.changes }) },
            },
            SERVER_PREFERENCES_LOADED: {
              actions: { type: 'acceptSaved', params: ({ event }) => ({ preferences: event.preferences }) },
            },
          },
        },
        /** Passing through: a change back to the saved values leaves nothing to save. */
        changed: {
          always: [{ guard: 'hasUnsavedChanges', target: 'unsaved' }, { target: 'saved' }],
        },
        unsaved: {
          on: {
            PREFERENCE_CHANGED: {
              target: 'changed',
              actions: { type: 'applyChanges', params: ({ event }) => ({ changes: event.changes }) },
            },
            SAVE: { target: 'saving', actions: ['forgetSaveError', 'requestSave'] },
          },
        },
        saving: {
          on: {
            SAVED: {
              target: 'saved',
              actions: { type: 'acceptSaved', params: ({ event }) => ({ preferences: event.preferences }) },
            },
            SAVE_FAILED: {
              target: 'unsaved',
              actions: { type: 'rememberSaveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

export const selectIsOnline = (snapshot: SettingsSnapshot) => snapshot.matches({ network: 'online' });
/** Save Changes is shown: the draft differs from what is saved, or is being saved. */
export const selectHasUnsavedChanges = (snapshot: SettingsSnapshot) =>
  snapshot.matches({ preferences: 'unsaved' }) || snapshot.matches({ preferences: 'saving' });
export const selectIsSaving = (snapshot: SettingsSnapshot) => snapshot.matches({ preferences: 'saving' });
export const selectDraft = (snapshot: SettingsSnapshot) => snapshot.context.draft;
export const selectSaveError = (snapshot: SettingsSnapshot) => snapshot.context.saveError;
