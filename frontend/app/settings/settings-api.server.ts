import type { ApiKeyView, UserView } from '@docent/common/api';
import { hasPermission } from '@docent/common/permissions';
import type { PreferencesResponse, UserPreferences } from '@docent/common/preferences';
import type {
  BackupImportResponse,
  PasswordChangeResponse,
  PerformanceResponse,
  SessionView,
  SessionsResponse,
} from '@docent/common/settings';
import type { SignedInApi } from '~/lib/api-client.server';
import type { SettingsAction, SettingsActionResult } from './settings-actions';

export interface SettingsPageData {
  user: UserView;
  /** Null without api_keys:read. */
  apiKeys: ApiKeyView[] | null;
  sessions: SessionView[];
  preferences: UserPreferences;
  performance: Omit<PerformanceResponse, 'success'>;
}

/** Everything the Settings page shows, read from the API side by side. */
export async function loadSettingsPage(api: SignedInApi): Promise<SettingsPageData> {
  const { user } = await api.call<{ success: true; user: UserView }>('/api/auth/profile');
  const actor = { userId: user.id, role: user.role, isDemo: user.isDemo };
  const [apiKeys, sessions, preferences, performance] = await Promise.all([
    hasPermission(actor, 'api_keys:read')
      ? api.call<{ success: true; apiKeys: ApiKeyView[] }>('/api/api-keys').then((answer) => answer.apiKeys)
      : null,
    api.call<SessionsResponse>('/api/auth/sessions').then((answer) => answer.sessions),
    api.call<PreferencesResponse>('/api/user/preferences').then((answer) => answer.preferences),
    api.call<PerformanceResponse>('/api/user/performance').then(({ success: _success, ...measured }) => measured),
  ]);
  return { user, apiKeys, sessions, preferences, performance };
}

/** Sends the checked action to the API; its failures are thrown as ApiError for the route to answer. */
export async function performSettingsAction(api: SignedInApi, action: SettingsAction): Promise<SettingsActionResult> {
  switch (action.intent) {
    case 'update-profile': {
      const { user } = await api.call<{ success: true; user: UserView }>('/api/auth/profile', {
        method: 'PUT',
        body: action.changes,
      });
      return { ok: true, intent: action.intent, user };
    }
    case 'change-password': {
      const { intent, ...passwords } = action;
      const { sessionsEnded } = await api.call<PasswordChangeResponse>('/api/auth/password', {
        method: 'POST',
        body: passwords,
      });
      return { ok: true, intent, sessionsEnded };
    }
    case 'create-api-key': {
      const { apiKey } = await api.call<{ success: true; apiKey: ApiKeyView }>('/api/api-keys', {
        method: 'POST',
        body: { name: action.name },
      });
      return { ok: true, intent: action.intent, apiKey };
    }
    case 'delete-api-key':
      await api.call(`/api/api-keys/${action.keyId}`, { method: 'DELETE' });
      return { ok: true, intent: action.intent };
    case 'revoke-session':
      await api.call(`/api/auth/sessions/${action.sessionId}`, { method: 'DELETE' });
      return { ok: true, intent: action.intent };
    case 'save-preferences': {
      const { preferences } = await api.call<PreferencesResponse>('/api/user/preferences', {
        method: 'PUT',
        body: action.preferences,
      });
      return { ok: true, intent: action.intent, preferences };
    }
    case 'import-backup': {
      const { success: _success, ...imported } = await api.call<BackupImportResponse>('/api/user/backup/import', {
        method: 'POST',
        body: action.backup,
      });
      return { ok: true, intent: action.intent, ...imported };
    }
    default: {
      const unhandled: never = action;
      throw new Error(`Unhandled settings action ${JSON.stringify(unhandled)}`);
    }
  }
}
