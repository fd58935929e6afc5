import type { Theme, UserPreferences } from '@docent/common/preferences';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError, useSearchParams } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef } from 'react';
import { PageErrorCard } from '~/components/errors/error-screen';
import { Button } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Page, PageHeader, PageHeaderActions } from '~/components/ui/page-layout';
import { Tabs } from '~/components/ui/tabs';
import { ApiError, signedInApi } from '~/lib/api-client.server';
import { assertCsrf } from '~/lib/csrf.server';
import {
  selectDraft,
  selectHasUnsavedChanges,
  selectIsOnline,
  selectIsSaving,
  selectSaveError,
  settingsMachine,
} from '~/machines/settings.machine';
import { useNotify } from '~/notifications/notifications-context';
import { useThemePreference } from '~/styles/theme-preference';
import type { ThemeName } from '~/styles/theme';
import { AdvancedTab } from '~/settings/advanced-tab';
import { DataTab } from '~/settings/data-tab';
import { PerformanceTab } from '~/settings/performance-tab';
import { PreferencesTab } from '~/settings/preferences-tab';
import { ProfileTab } from '~/settings/profile-tab';
import { SecurityTab } from '~/settings/security-tab';
import { readSettingsAction, type SettingsActionResult } from '~/settings/settings-actions';
import { loadSettingsPage, performSettingsAction } from '~/settings/settings-api.server';
import { useSettingsAction } from '~/settings/use-settings-action';
import { pageTitle } from '~/i18n/page-title';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'settings') }];

/** The profile, API keys, sessions, preferences and measured latencies of the signed-in user. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await signedInApi(request, context);
  try {
    return data(await loadSettingsPage(api), { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw data({ success: false, error: error.message }, { status: error.status, headers: await api.cookieHeaders() });
  }
}

/** POST with an intent (see settings-actions.ts) -> a SettingsActionResult, with the API's status on failure. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await signedInApi(request, context);
  await assertCsrf(request, context);
  const read = readSettingsAction(await request.formData());
  if (!read.ok) return data<SettingsActionResult>({ ok: false, error: read.error }, { status: 400 });
  try {
    return data(await performSettingsAction(api, read.value), { headers: await api.cookieHeaders() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<SettingsActionResult>(
      { ok: false, error: error.message },
      { status: error.status === 0 ? 502 : error.status, headers: await api.cookieHeaders() },
    );
  }
}

export const handle = { i18n: 'settings' };

const SETTINGS_TABS = [
  { key: 'profile', label: 'tabs.profile' },
  { key: 'security', label: 'tabs.security' },
  { key: 'preferences', label: 'tabs.preferences' },
  { key: 'performance', label: 'tabs.performance' },
  { key: 'data', label: 'tabs.data' },
  { key: 'advanced', label: 'tabs.advanced' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

/** The theme a preference shows now: 'system' follows the browser's colour scheme. */
const shownTheme = (theme: Theme): ThemeName =>
  theme === 'system' ? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : theme;

const tabOf = (value: string | null): SettingsTab => SETTINGS_TABS.find((tab) => tab.key === value)?.key ?? 'profile';

export default function SettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  const notify = useNotify();
  const { t } = useTranslation('settings');
  const tabs = SETTINGS_TABS.map(({ key, label }) => ({ key, label: t(label) }));
  const { setTheme } = useThemePreference();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const selectTab = (next: SettingsTab) => setSearchParams({ tab: next }, { replace: true, preventScrollReset: true });

  const settings = useActorRef(settingsMachine, { input: { preferences: loaded.preferences, online: true } });
  const online = useSelector(settings, selectIsOnline);
  const hasUnsavedChanges = useSelector(settings, selectHasUnsavedChanges);
  const saving = useSelector(settings, selectIsSaving);
  const saveError = useSelector(settings, selectSaveError);
  const draft = useSelector(settings, selectDraft);

  const save = useSettingsAction('save-preferences', (outcome) => {
    if (outcome.ok && outcome.intent === 'save-preferences') {
      settings.send({ type: 'SAVED', preferences: outcome.preferences });
      setTheme(shownTheme(outcome.preferences.theme));
      notify({ type: 'success', title: t('saved') });
    } else if (!outcome.ok) {
      settings.send({ type: 'SAVE_FAILED', error: outcome.error });
      notify({ type: 'error', title: t('saveFailed'), message: outcome.error });
    }
  });
  const syncing = useSettingsAction('sync', (outcome) => {
    if (outcome.ok && outcome.intent === 'save-preferences') {
      settings.send({ type: 'SYNCED', preferences: outcome.preferences });
      notify({ type: 'success', title: t('synced') });
    } else if (!outcome.ok) {
      notify({ type: 'error', title: t('syncFailed'), message: outcome.error });
    }
  });

  // The machine's requests are heard once; they reach the fetchers of the latest render.
  const submitters = useRef({ save: save.submit, sync: syncing.submit });
  useEffect(() => {
    submitters.current = { save: save.submit, sync: syncing.submit };
  });

  /** Stores the preferences as shown; the action's answer reloads everything else from the server. */
  const sync = useCallback(() => {
    const preferences = JSON.stringify(settings.getSnapshot().context.draft);
    submitters.current.sync({ intent: 'save-preferences', preferences });
  }, [settings]);

  useEffect(() => {
    const saveRequested = settings.on('SAVE_REQUESTED', ({ preferences }) =>
      submitters.current.save({ intent: 'save-preferences', preferences: JSON.stringify(preferences) }),
    );
    const backOnline = settings.on('BACK_ONLINE', sync);
    return () => {
      saveRequested.unsubscribe();
      backOnline.unsubscribe();
    };
  }, [settings, sync]);

  // The badge follows the browser's network state, which only the browser knows.
  useEffect(() => {
    const wentOnline = () => settings.send({ type: 'WENT_ONLINE' });
    const wentOffline = () => settings.send({ type: 'WENT_OFFLINE' });
    if (!navigator.onLine) wentOffline();
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    return () => {
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [settings]);

  useEffect(() => {
    settings.send({ type: 'SERVER_PREFERENCES_LOADED', preferences: loaded.preferences });
  }, [settings, loaded.preferences]);

  const changePreferences = (changes: Partial<UserPreferences>) =>
    settings.send({ type: 'PREFERENCE_CHANGED', changes });

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('subtitle')}</p>
        </div>
        <PageHeaderActions>
          <Badge $tone={online ? 'success' : 'warning'} role="status" aria-label={online ? t('online') : t('offline')}>
            {online ? t('online') : t('offline')}
          </Badge>
          {hasUnsavedChanges && (
            <Button onClick={() => settings.send({ type: 'SAVE' })} disabled={saving} busy={saving}>
              {t('saveChanges')}
            </Button>
          )}
        </PageHeaderActions>
      </PageHeader>

      <Tabs label={t('sections')} tabs={tabs} selected={tab} onSelect={selectTab}>
        {tab === 'profile' && <ProfileTab user={loaded.user} />}
        {tab === 'security' && <SecurityTab user={loaded.user} apiKeys={loaded.apiKeys} sessions={loaded.sessions} />}
        {tab === 'preferences' && (
          <PreferencesTab draft={draft} onChange={changePreferences} saving={saving} saveError={saveError} />
        )}
        {tab === 'performance' && <PerformanceTab performance={loaded.performance} />}
        {tab === 'data' && <DataTab onSync={sync} syncing={syncing.busy} />}
        {tab === 'advanced' && <AdvancedTab />}
      </Tabs>
    </Page>
  );
}

/** This page alone failed: the shell stays, with the spec's page error card. */
export function ErrorBoundary() {
  return <PageErrorCard error={useRouteError()} />;
}
