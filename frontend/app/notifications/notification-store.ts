/**
 * The notification store: types, the spec's constants and a pure reducer.
 * No React, no browser APIs: everything here runs the same on the server, in the
 * browser and under Jest. Side effects (toasts' timers, browser notifications,
 * sound, storage) live in the provider and take their decisions from here.
 */

export const NOTIFICATION_TYPES = [
  'info',
  'success',
  'warning',
  'error',
  'system',
  'security',
  'processing',
  'search',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export interface NotificationMetadata {
  category?: string;
  priority?: NotificationPriority;
}

export interface NotificationAction {
  label: string;
  onClick: () => void;
}

/** The spec's Notification. Named so it does not shadow the browser's `Notification`. */
export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  message?: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  read: boolean;
  metadata?: NotificationMetadata;
  /** Kept in memory only: a click handler cannot be stored, so it is gone after a reload. */
  action?: NotificationAction;
}

/** What a caller passes to `notify`. */
export interface NotifyInput {
  type: NotificationType;
  title: string;
  message?: string;
  metadata?: NotificationMetadata;
  action?: NotificationAction;
}

export interface NotificationSettings {
  enableToast: boolean;
  enableBrowser: boolean;
  enableSound: boolean;
  /** One switch per notification type. */
  categories: Record<NotificationType, boolean>;
}

export interface SettingsPatch {
  enableToast?: boolean;
  enableBrowser?: boolean;
  enableSound?: boolean;
  categories?: Partial<Record<NotificationType, boolean>>;
}

/** A toast on screen: a copy of what it shows, so dismissing it never touches the list. */
export interface Toast {
  id: string;
  type: NotificationType;
  title: string;
  message?: string;
  action?: NotificationAction;
  durationMs: number;
}

// ---- The spec's constants (section 9) ----

export const MAX_NOTIFICATIONS = 100;
/** Not in the spec: older toasts give way so the stack never covers the page. */
export const MAX_VISIBLE_TOASTS = 5;
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const TOAST_DURATION_MS: Readonly<Record<NotificationType, number>> = {
  error: 8000,
  security: 8000,
  warning: 6000,
  success: 4000,
  info: DEFAULT_TOAST_DURATION_MS,
  system: DEFAULT_TOAST_DURATION_MS,
  processing: DEFAULT_TOAST_DURATION_MS,
  search: DEFAULT_TOAST_DURATION_MS,
};
export const WELCOME_DELAY_MS = 2000;
export const SOUND_VOLUME = 0.3;

export const DEFAULT_SETTINGS: NotificationSettings = {
  enableToast: true,
  enableBrowser: false,
  enableSound: false,
  categories: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Record<NotificationType, boolean>,
};

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);

export const isNotificationPriority = (value: unknown): value is NotificationPriority =>
  typeof value === 'string' && (NOTIFICATION_PRIORITIES as readonly string[]).includes(value);

export function toastDuration(type: NotificationType): number {
  return TOAST_DURATION_MS[type] ?? DEFAULT_TOAST_DURATION_MS;
}

/** Derived, never stored: it cannot drift, and it cannot go below 0. */
export function unreadCount(notifications: readonly AppNotification[]): number {
  let count = 0;
  for (const notification of notifications) if (!notification.read) count += 1;
  return count;
}

// ---- Delivery gating (spec section 5) ----

export type BrowserPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export interface Delivery {
  toast: boolean;
  browser: boolean;
  sound: boolean;
}

/**
 * Which channels show a new notification. The list always records it; the
 * type's category switch silences every channel, each channel has its own
 * switch, and a browser notification also needs the user's permission.
 */
export function deliveryChannels(
  type: NotificationType,
  settings: NotificationSettings,
  permission: BrowserPermission,
): Delivery {
  const categoryOn = settings.categories[type] !== false;
  return {
    toast: categoryOn && settings.enableToast,
    browser: categoryOn && settings.enableBrowser && permission === 'granted',
    sound: categoryOn && settings.enableSound,
  };
}

export function applySettingsPatch(settings: NotificationSettings, patch: SettingsPatch): NotificationSettings {
  return {
    enableToast: patch.enableToast ?? settings.enableToast,
    enableBrowser: patch.enableBrowser ?? settings.enableBrowser,
    enableSound: patch.enableSound ?? settings.enableSound,
    categories: { ...settings.categories, ...stripUndefined(patch.categories ?? {}) },
  };
}

function stripUndefined<T extends object>(value: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createNotification(input: NotifyInput, id: string, timestamp: number): AppNotification {
  const notification: AppNotification = { id, type: input.type, title: input.title, timestamp, read: false };
  if (input.message !== undefined) notification.message = input.message;
  if (input.metadata !== undefined) notification.metadata = { ...input.metadata };
  if (input.action !== undefined) notification.action = input.action;
  return notification;
}

export function toastFor(notification: AppNotification): Toast {
  const toast: Toast = {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    durationMs: toastDuration(notification.type),
  };
  if (notification.message !== undefined) toast.message = notification.message;
  if (notification.action !== undefined) toast.action = notification.action;
  return toast;
}

// ---- The reducer ----

export interface NotificationState {
  /** Newest first, at most MAX_NOTIFICATIONS. */
  notifications: AppNotification[];
  /** Oldest first (the order they stack in), at most MAX_VISIBLE_TOASTS. */
  toasts: Toast[];
  settings: NotificationSettings;
  /** False until the stored list and settings have been read in the browser. */
  hydrated: boolean;
  /** Whose stored list this is (an account id, or 'anonymous'); null before hydration. */
  scope: string | null;
}

export const initialNotificationState: NotificationState = {
  notifications: [],
  toasts: [],
  settings: DEFAULT_SETTINGS,
  hydrated: false,
  scope: null,
};

export type NotificationEvent =
  | { type: 'ADD'; notification: AppNotification; showToast: boolean }
  | { type: 'MARK_READ'; id: string }
  | { type: 'MARK_ALL_READ' }
  | { type: 'DELETE'; id: string }
  | { type: 'CLEAR_ALL' }
  | { type: 'DISMISS_TOAST'; id: string }
  | { type: 'UPDATE_SETTINGS'; patch: SettingsPatch }
  /** The first read of storage: what was added before it stays, merged by time. */
  | { type: 'HYDRATE'; scope: string; notifications: AppNotification[]; settings: NotificationSettings }
  /**
   * Another account's list replaces this one (sign-in, sign-out). Entries created at or
   * after carryOverSince stay, so a 'Welcome back' added just before the switch is kept.
   */
  | { type: 'SCOPE_CHANGED'; scope: string; notifications: AppNotification[]; carryOverSince: number }
  /** Storage changed elsewhere (another tab, another account): it replaces the list. */
  | { type: 'STORAGE_SYNCED'; notifications?: AppNotification[]; settings?: NotificationSettings };

export function notificationReducer(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'ADD': {
      const notifications = [
        event.notification,
        ...state.notifications.filter((n) => n.id !== event.notification.id),
      ].slice(0, MAX_NOTIFICATIONS);
      const toasts = event.showToast
        ? [...state.toasts, toastFor(event.notification)].slice(-MAX_VISIBLE_TOASTS)
        : state.toasts;
      return { ...state, notifications, toasts };
    }
    case 'MARK_READ': {
      if (!state.notifications.some((n) => n.id === event.id && !n.read)) return state;
      return {
        ...state,
        notifications: state.notifications.map((n) => (n.id === event.id ? { ...n, read: true } : n)),
      };
    }
    case 'MARK_ALL_READ': {
      if (unreadCount(state.notifications) === 0) return state;
      return { ...state, notifications: state.notifications.map((n) => (n.read ? n : { ...n, read: true })) };
    }
    case 'DELETE': {
      if (!state.notifications.some((n) => n.id === event.id) && !state.toasts.some((t) => t.id === event.id))
        return state;
      return {
        ...state,
        notifications: state.notifications.filter((n) => n.id !== event.id),
        toasts: state.toasts.filter((t) => t.id !== event.id),
      };
    }
    case 'CLEAR_ALL': {
      if (state.notifications.length === 0 && state.toasts.length === 0) return state;
      return { ...state, notifications: [], toasts: [] };
    }
    case 'DISMISS_TOAST': {
      if (!state.toasts.some((t) => t.id === event.id)) return state;
      return { ...state, toasts: state.toasts.filter((t) => t.id !== event.id) };
    }
    case 'UPDATE_SETTINGS':
      return { ...state, settings: applySettingsPatch(state.settings, event.patch) };
    case 'HYDRATE':
      return {
        ...state,
        notifications: mergeNewestFirst(state.notifications, event.notifications),
        settings: event.settings,
        hydrated: true,
        scope: event.scope,
      };
    case 'SCOPE_CHANGED':
      return {
        ...state,
        notifications: mergeNewestFirst(
          state.notifications.filter((n) => n.timestamp >= event.carryOverSince),
          event.notifications,
        ),
        scope: event.scope,
      };
    case 'STORAGE_SYNCED': {
      const next = { ...state };
      if (event.notifications) {
        // Click handlers live only in this tab's memory: keep them for entries that survive.
        const actions = new Map(state.notifications.flatMap((n) => (n.action ? [[n.id, n.action] as const] : [])));
        next.notifications = event.notifications.slice(0, MAX_NOTIFICATIONS).map((n) => {
          const action = actions.get(n.id);
          return action && !n.action ? { ...n, action } : n;
        });
      }
      if (event.settings) next.settings = event.settings;
      return next;
    }
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled notification event: ${JSON.stringify(value)}`);
}

/** Both lists merged newest first, each id once (the first list wins), capped. */
function mergeNewestFirst(first: readonly AppNotification[], second: readonly AppNotification[]): AppNotification[] {
  const seen = new Set<string>();
  const merged: AppNotification[] = [];
  for (const notification of [...first, ...second]) {
    if (seen.has(notification.id)) continue;
    seen.add(notification.id);
    merged.push(notification);
  }
  // A stable sort: entries with the same timestamp keep their order.
  return merged.sort((a, b) => b.timestamp - a.timestamp).slice(0, MAX_NOTIFICATIONS);
}

// ---- Persistence and server input: untrusted data, parsed defensively ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_TITLE_LENGTH = 200;
const MAX_MESSAGE_LENGTH = 2000;
const MAX_CATEGORY_LENGTH = 100;

function parseMetadata(value: unknown): NotificationMetadata | undefined {
  if (!isRecord(value)) return undefined;
  const metadata: NotificationMetadata = {};
  if (typeof value.category === 'string' && value.category.trim())
    metadata.category = value.category.trim().slice(0, MAX_CATEGORY_LENGTH);
  if (isNotificationPriority(value.priority)) metadata.priority = value.priority;
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

function parseText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text ? text.slice(0, maxLength) : undefined;
}

/** A stored entry, or null when it is not one. */
function parseStoredNotification(value: unknown): AppNotification | null {
  if (!isRecord(value)) return null;
  const title = parseText(value.title, MAX_TITLE_LENGTH);
  if (typeof value.id !== 'string' || !value.id || !title || !isNotificationType(value.type)) return null;
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp)) return null;
  const notification: AppNotification = {
    id: value.id,
    type: value.type,
    title,
    timestamp: value.timestamp,
    read: value.read === true,
  };
  const message = parseText(value.message, MAX_MESSAGE_LENGTH);
  if (message !== undefined) notification.message = message;
  const metadata = parseMetadata(value.metadata);
  if (metadata) notification.metadata = metadata;
  return notification;
}

export function parseStoredNotifications(raw: string | null): AppNotification[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const parsed = value.map(parseStoredNotification).filter((n): n is AppNotification => n !== null);
  return mergeNewestFirst(parsed, []);
}

/** What is stored: everything but the click handler. */
export function serializeNotifications(notifications: readonly AppNotification[]): string {
  return JSON.stringify(notifications.slice(0, MAX_NOTIFICATIONS).map(({ action: _action, ...stored }) => stored));
}

export function parseStoredSettings(raw: string | null): NotificationSettings {
  if (!raw) return DEFAULT_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (!isRecord(value)) return DEFAULT_SETTINGS;
  const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  const storedCategories = isRecord(value.categories) ? value.categories : {};
  return {
    enableToast: flag(value.enableToast, DEFAULT_SETTINGS.enableToast),
    enableBrowser: flag(value.enableBrowser, DEFAULT_SETTINGS.enableBrowser),
    enableSound: flag(value.enableSound, DEFAULT_SETTINGS.enableSound),
    categories: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, flag(storedCategories[type], DEFAULT_SETTINGS.categories[type])]),
    ) as Record<NotificationType, boolean>,
  };
}

export function serializeSettings(settings: NotificationSettings): string {
  return JSON.stringify(settings);
}

/**
 * A 'notification' event the server pushed: { type, title, message?, metadata? }.
 * An unknown or missing type is shown as info; a push without a title is dropped.
 */
export function parseServerNotification(payload: unknown): NotifyInput | null {
  if (!isRecord(payload)) return null;
  const title = parseText(payload.title, MAX_TITLE_LENGTH);
  if (!title) return null;
  const input: NotifyInput = { type: isNotificationType(payload.type) ? payload.type : 'info', title };
  const message = parseText(payload.message, MAX_MESSAGE_LENGTH);
  if (message !== undefined) input.message = message;
  const metadata = parseMetadata(payload.metadata);
  if (metadata) input.metadata = metadata;
  return input;
}
