import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  browserPermission,
  newNotificationId,
  playNotificationSound,
  readStorage,
  rememberWelcomeShown,
  requestBrowserPermission,
  showBrowserNotification,
  welcomeAlreadyShown,
  writeStorage,
} from './notification-effects';
import {
  applySettingsPatch,
  createNotification,
  deliveryChannels,
  initialNotificationState,
  notificationReducer,
  parseStoredNotifications,
  parseStoredSettings,
  serializeNotifications,
  serializeSettings,
  unreadCount,
  WELCOME_DELAY_MS,
  type AppNotification,
  type BrowserPermission,
  type NotificationSettings,
  type NotifyInput,
  type SettingsPatch,
  type Toast,
} from './notification-store';
import { ToastRegion, type ToastRegionHandle } from './toast-region';

export const SETTINGS_STORAGE_KEY = 'docent.notification-settings';
const LIST_STORAGE_PREFIX = 'docent.notifications:';
const ANONYMOUS_SCOPE = 'anonymous';
/**
 * On a sign-in or sign-out, entries this recent follow into the new list: the
 * "Welcome back" or "Logged out" raised in the same moment as the switch. Short, so
 * one account's notifications do not reach the next.
 */
const SCOPE_CARRY_OVER_MS = 1000;

export const notificationsStorageKey = (scope: string) => `${LIST_STORAGE_PREFIX}${scope}`;

export interface NotificationsState {
  /** Newest first, at most 100. */
  notifications: readonly AppNotification[];
  /** Derived from the list: never below 0. */
  unreadCount: number;
  /** On screen now, oldest first. */
  toasts: readonly Toast[];
  settings: NotificationSettings;
  /** The browser's answer for browser notifications ('default' until read after hydration). */
  browserPermission: BrowserPermission;
  /** False during server rendering and the first client render. */
  hydrated: boolean;
}

export interface NotificationActions {
  /** Adds a notification and shows it on the channels its settings allow. Returns its id. */
  notify: (input: NotifyInput) => string;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
  clearAll: () => void;
  dismissToast: (id: string) => void;
  /** Turning enableBrowser on asks the browser for permission; it turns on only once granted. */
  updateSettings: (patch: SettingsPatch) => void;
  /** What F8 does. */
  focusToastRegion: () => void;
}

const StateContext = createContext<NotificationsState | null>(null);
const ActionsContext = createContext<NotificationActions | null>(null);

// useLayoutEffect warns during server rendering, where effects never run anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface NotificationsProviderProps {
  children: ReactNode;
  /**
   * The signed-in account's id. The list is stored per account, so one person's
   * notifications are not shown to the next person signing in on the same browser.
   */
  userId?: string | null;
  /** The welcome info notification 2 s after start, once per browser session. */
  welcome?: boolean;
}

export function NotificationsProvider({ children, userId = null, welcome = true }: NotificationsProviderProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(notificationReducer, initialNotificationState);
  const [permission, setPermission] = useState<BrowserPermission>('default');
  // notify() decides with the newest settings, even ones changed in the same tick.
  const settingsRef = useRef<NotificationSettings>(state.settings);
  const toastRegionRef = useRef<ToastRegionHandle>(null);
  const scope = userId ?? ANONYMOUS_SCOPE;

  // Read storage after hydration, before children's effects can notify, so the
  // server and the first client render agree and notify() sees stored settings.
  const hydratedScopeRef = useRef<string | null>(null);
  useIsomorphicLayoutEffect(() => {
    if (hydratedScopeRef.current === scope) return;
    const notifications = parseStoredNotifications(readStorage(notificationsStorageKey(scope)));
    if (hydratedScopeRef.current === null) {
      const settings = parseStoredSettings(readStorage(SETTINGS_STORAGE_KEY));
      settingsRef.current = settings;
      dispatch({ type: 'HYDRATE', scope, notifications, settings });
      setPermission(browserPermission());
    } else {
      dispatch({ type: 'SCOPE_CHANGED', scope, notifications, carryOverSince: Date.now() - SCOPE_CARRY_OVER_MS });
    }
    hydratedScopeRef.current = scope;
  }, [scope]);

  // Persist. The list goes under the scope it belongs to, which the state carries,
  // so a switch of account never writes one account's list under the other's key.
  useEffect(() => {
    if (state.scope !== null)
      writeStorage(notificationsStorageKey(state.scope), serializeNotifications(state.notifications));
  }, [state.scope, state.notifications]);
  useEffect(() => {
    if (state.hydrated) writeStorage(SETTINGS_STORAGE_KEY, serializeSettings(state.settings));
  }, [state.hydrated, state.settings]);

  // Other tabs of the same browser.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage || state.scope === null) return;
      const listKey = notificationsStorageKey(state.scope);
      if (event.key === listKey || event.key === null) {
        dispatch({ type: 'STORAGE_SYNCED', notifications: parseStoredNotifications(readStorage(listKey)) });
      }
      if (event.key === SETTINGS_STORAGE_KEY || event.key === null) {
        const settings = parseStoredSettings(readStorage(SETTINGS_STORAGE_KEY));
        settingsRef.current = settings;
        dispatch({ type: 'STORAGE_SYNCED', settings });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [state.scope]);

  const notify = useCallback((input: NotifyInput) => {
    const notification = createNotification(input, newNotificationId(), Date.now());
    const delivery = deliveryChannels(notification.type, settingsRef.current, browserPermission());
    dispatch({ type: 'ADD', notification, showToast: delivery.toast });
    if (delivery.browser) showBrowserNotification(notification);
    if (delivery.sound) playNotificationSound();
    return notification.id;
  }, []);

  const updateSettings = useCallback((patch: SettingsPatch) => {
    const apply = (next: SettingsPatch) => {
      settingsRef.current = applySettingsPatch(settingsRef.current, next);
      dispatch({ type: 'UPDATE_SETTINGS', patch: next });
    };
    const { enableBrowser, ...rest } = patch;
    if (enableBrowser !== true || settingsRef.current.enableBrowser) {
      apply(patch);
      return;
    }
    // Browser notifications turn on only once the browser allows them.
    if (Object.keys(rest).length > 0) apply(rest);
    const current = browserPermission();
    setPermission(current);
    if (current === 'granted') {
      apply({ enableBrowser: true });
    } else if (current === 'default') {
      // Asked within the click that turned the switch on, as browsers require.
      void requestBrowserPermission().then((answer) => {
        setPermission(answer);
        if (answer === 'granted') apply({ enableBrowser: true });
      });
    }
    // Denied or unsupported: it stays off, and the settings tab says why.
  }, []);

  const actions = useMemo<NotificationActions>(
    () => ({
      notify,
      markRead: (id) => dispatch({ type: 'MARK_READ', id }),
      markAllRead: () => dispatch({ type: 'MARK_ALL_READ' }),
      remove: (id) => dispatch({ type: 'DELETE', id }),
      clearAll: () => dispatch({ type: 'CLEAR_ALL' }),
      dismissToast: (id) => dispatch({ type: 'DISMISS_TOAST', id }),
      updateSettings,
      focusToastRegion: () => toastRegionRef.current?.focus(),
    }),
    [notify, updateSettings],
  );

  // Permission can change in the browser's site settings while the page is open.
  useEffect(() => {
    const refresh = () => setPermission(browserPermission());
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);

  // F8 focuses the toast area (spec section 2).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      toastRegionRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // The welcome notification, 2 s after start, once per browser session.
  useEffect(() => {
    if (!welcome || welcomeAlreadyShown()) return;
    const timer = window.setTimeout(() => {
      if (welcomeAlreadyShown()) return;
      rememberWelcomeShown();
      notify({
        type: 'info',
        title: t('notifications.welcomeTitle'),
        message: t('notifications.welcomeMessage'),
        metadata: { category: 'welcome', priority: 'low' },
      });
    }, WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [welcome, notify, t]);

  const value = useMemo<NotificationsState>(
    () => ({
      notifications: state.notifications,
      unreadCount: unreadCount(state.notifications),
      toasts: state.toasts,
      settings: state.settings,
      browserPermission: permission,
      hydrated: state.hydrated,
    }),
    [state.notifications, state.toasts, state.settings, state.hydrated, permission],
  );

  return (
    <ActionsContext.Provider value={actions}>
      <StateContext.Provider value={value}>
        {children}
        <ToastRegion ref={toastRegionRef} toasts={state.toasts} onDismiss={actions.dismissToast} />
      </StateContext.Provider>
    </ActionsContext.Provider>
  );
}

export function useNotificationsState(): NotificationsState {
  const context = useContext(StateContext);
  if (!context) throw new Error('useNotificationsState needs a NotificationsProvider');
  return context;
}

export function useNotificationActions(): NotificationActions {
  const context = useContext(ActionsContext);
  if (!context) throw new Error('useNotificationActions needs a NotificationsProvider');
  return context;
}

/** Everything: the list, the settings and the actions. Re-renders on every change. */
export function useNotifications(): NotificationsState & NotificationActions {
  return { ...useNotificationsState(), ...useNotificationActions() };
}

/** Only notify(): stable, so a component that just raises notifications never re-renders for them. */
export function useNotify(): NotificationActions['notify'] {
  return useNotificationActions().notify;
}
