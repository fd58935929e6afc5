import { createApiKeySchema, profileUpdateSchema } from '@docent/common/auth';
import type { ApiKeyView, UserView } from '@docent/common/api';
import { preferencesChangeSchema, type UserPreferences } from '@docent/common/preferences';
import {
  backupFileSchema,
  changePasswordSchema,
  INVALID_BACKUP_FILE,
  type BackupImportResponse,
  type ImportedBackup,
} from '@docent/common/settings';
import { checkRequest, idParam, type RequestCheck } from '@docent/common/validation';

// The Settings page's mutations, posted to its route action with an `intent`.

export const SETTINGS_INTENTS = [
  'update-profile',
  'change-password',
  'create-api-key',
  'delete-api-key',
  'revoke-session',
  'save-preferences',
  'import-backup',
] as const;

export type SettingsAction =
  | { intent: 'update-profile'; changes: { name: string; email: string; avatar: string | null } }
  | { intent: 'change-password'; currentPassword: string; newPassword: string; confirmPassword: string }
  | { intent: 'create-api-key'; name: string }
  | { intent: 'delete-api-key'; keyId: string }
  | { intent: 'revoke-session'; sessionId: string }
  | { intent: 'save-preferences'; preferences: Partial<UserPreferences> }
  | { intent: 'import-backup'; backup: ImportedBackup };

/** The action's answer; each form reads its own through its own fetcher. */
export type SettingsActionResult =
  | { ok: true; intent: 'update-profile'; user: UserView }
  | { ok: true; intent: 'change-password'; sessionsEnded: number }
  | { ok: true; intent: 'create-api-key'; apiKey: ApiKeyView }
  | { ok: true; intent: 'delete-api-key' | 'revoke-session' }
  | { ok: true; intent: 'save-preferences'; preferences: UserPreferences }
  | ({ ok: true; intent: 'import-backup' } & Omit<BackupImportResponse, 'success'>)
  | { ok: false; error: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function parseJson(raw: string): RequestCheck<unknown> {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, error: 'The request body must be JSON' };
  }
}

/** The action a posted form asks for, checked with the API's schemas; refused in the API's words. */
export function readSettingsAction(form: FormData): RequestCheck<SettingsAction> {
  const intent = SETTINGS_INTENTS.find((known) => known === form.get('intent'));
  switch (intent) {
    case 'update-profile': {
      const avatar = text(form, 'avatar').trim();
      const changes = { name: text(form, 'name'), email: text(form, 'email').trim(), avatar: avatar || null };
      const checked = checkRequest(profileUpdateSchema, changes);
      return checked.ok ? { ok: true, value: { intent, changes } } : checked;
    }
    case 'change-password': {
      const passwords = {
        currentPassword: text(form, 'currentPassword'),
        newPassword: text(form, 'newPassword'),
        confirmPassword: text(form, 'confirmPassword'),
      };
      const checked = checkRequest(changePasswordSchema, passwords);
      return checked.ok ? { ok: true, value: { intent, ...passwords } } : checked;
    }
    case 'create-api-key': {
      const checked = checkRequest(createApiKeySchema, { name: text(form, 'name') });
      return checked.ok ? { ok: true, value: { intent, name: text(form, 'name').trim() } } : checked;
    }
    case 'delete-api-key': {
      const checked = checkRequest(idParam('API key id'), text(form, 'keyId'), 'id');
      return checked.ok ? { ok: true, value: { intent, keyId: checked.value } } : checked;
    }
    case 'revoke-session': {
      const checked = checkRequest(idParam('session id'), text(form, 'sessionId'), 'id');
      return checked.ok ? { ok: true, value: { intent, sessionId: checked.value } } : checked;
    }
    case 'save-preferences': {
      const json = parseJson(text(form, 'preferences'));
      if (!json.ok) return json;
      const checked = checkRequest(preferencesChangeSchema, json.value);
      return checked.ok ? { ok: true, value: { intent, preferences: checked.value } } : checked;
    }
    case 'import-backup': {
      const json = parseJson(text(form, 'backup'));
      if (!json.ok) return { ok: false, error: INVALID_BACKUP_FILE };
      const checked = checkRequest(backupFileSchema, json.value);
      return checked.ok
        ? { ok: true, value: { intent, backup: checked.value } }
        : { ok: false, error: INVALID_BACKUP_FILE };
    }
    case undefined:
      return { ok: false, error: 'Unknown Settings action' };
    default: {
      const unhandled: never = intent;
      throw new Error(`Unhandled settings intent ${String(unhandled)}`);
    }
  }
}
