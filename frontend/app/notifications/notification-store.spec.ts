import { describe, expect, it } from '@jest/globals';
import {
  createNotification,
  DEFAULT_SETTINGS,
  deliveryChannels,
  initialNotificationState,
  MAX_NOTIFICATIONS,
  MAX_VISIBLE_TOASTS,
  NOTIFICATION_TYPES,
  notificationReducer,
  parseServerNotification,
  parseStoredNotifications,
  parseStoredSettings,
  serializeNotifications,
  serializeSettings,
  SOUND_VOLUME,
  toastDuration,
  unreadCount,
  WELCOME_DELAY_MS,
  type AppNotification,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationState,
  type NotificationType,
  type NotifyInput,
} from './notification-store';

// ---- Factories ----

let sequence = 0;
function aNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  sequence += 1;
  return {
    id: `n${sequence}`,
    type: 'info',
    title: `Notification ${sequence}`,
    timestamp: 1_700_000_000_000 + sequence,
    read: false,
    ...overrides,
  };
}

function run(events: NotificationEvent[], state: NotificationState = initialNotificationState): NotificationState {
  return events.reduce(notificationReducer, state);
}

const add = (notification: AppNotification, showToast = false): NotificationEvent => ({
  type: 'ADD',
  notification,
  showToast,
});

function settingsWith(
  overrides: Partial<Omit<NotificationSettings, 'categories'>>,
  categories: Partial<Record<NotificationType, boolean>> = {},
) {
  return { ...DEFAULT_SETTINGS, ...overrides, categories: { ...DEFAULT_SETTINGS.categories, ...categories } };
}

// ---- The list ----

describe('adding notifications', () => {
  it('puts the newest first', () => {
    const first = aNotification();
    const second = aNotification();
    const state = run([add(first), add(second)]);
    expect(state.notifications.map((n) => n.id)).toEqual([second.id, first.id]);
  });

  it('keeps at most 100, dropping the oldest', () => {
    const all = Array.from({ length: MAX_NOTIFICATIONS + 5 }, () => aNotification());
    const state = run(all.map((n) => add(n)));
    expect(MAX_NOTIFICATIONS).toBe(100);
    expect(state.notifications).toHaveLength(100);
    expect(state.notifications[0]!.id).toBe(all.at(-1)!.id);
    expect(state.notifications.map((n) => n.id)).not.toContain(all[4]!.id);
    expect(state.notifications.at(-1)!.id).toBe(all[5]!.id);
  });

  it('creates an unread notification with the given id and timestamp', () => {
    const onClick = () => undefined;
    const input: NotifyInput = {
      type: 'security',
      title: 'New sign-in',
      message: 'From a new device',
      metadata: { category: 'auth', priority: 'urgent' },
      action: { label: 'Review', onClick },
    };
    expect(createNotification(input, 'id-1', 42)).toEqual({
      id: 'id-1',
      type: 'security',
      title: 'New sign-in',
      message: 'From a new device',
      metadata: { category: 'auth', priority: 'urgent' },
      action: { label: 'Review', onClick },
      timestamp: 42,
      read: false,
    });
  });

  it('shows a toast only when told to, with the duration of its type', () => {
    const silent = aNotification({ type: 'error' });
    const loud = aNotification({ type: 'error' });
    const state = run([add(silent, false), add(loud, true)]);
    expect(state.notifications).toHaveLength(2);
    expect(state.toasts).toEqual([{ id: loud.id, type: 'error', title: loud.title, durationMs: 8000 }]);
  });

  it(`keeps at most ${MAX_VISIBLE_TOASTS} toasts on screen, the oldest giving way`, () => {
    const all = Array.from({ length: MAX_VISIBLE_TOASTS + 2 }, () => aNotification());
    const state = run(all.map((n) => add(n, true)));
    expect(state.toasts.map((t) => t.id)).toEqual(all.slice(2).map((n) => n.id));
  });
});

describe('reading', () => {
  it('marks one notification read', () => {
    const [a, b] = [aNotification(), aNotification()];
    const state = run([add(a), add(b), { type: 'MARK_READ', id: a.id }]);
    expect(state.notifications.find((n) => n.id === a.id)!.read).toBe(true);
    expect(state.notifications.find((n) => n.id === b.id)!.read).toBe(false);
    expect(unreadCount(state.notifications)).toBe(1);
  });

  it('marks all read', () => {
    const state = run([add(aNotification()), add(aNotification()), add(aNotification()), { type: 'MARK_ALL_READ' }]);
    expect(state.notifications.every((n) => n.read)).toBe(true);
    expect(unreadCount(state.notifications)).toBe(0);
  });

  it('leaves the state alone when there is nothing to mark', () => {
    const state = run([add(aNotification({ read: true }))]);
    expect(notificationReducer(state, { type: 'MARK_READ', id: 'unknown' })).toBe(state);
    expect(notificationReducer(state, { type: 'MARK_READ', id: state.notifications[0]!.id })).toBe(state);
    expect(notificationReducer(state, { type: 'MARK_ALL_READ' })).toBe(state);
  });
});

describe('deleting and clearing', () => {
  it('deletes one notification and its toast', () => {
    const [a, b] = [aNotification(), aNotification()];
    const state = run([add(a, true), add(b, true), { type: 'DELETE', id: a.id }]);
    expect(state.notifications.map((n) => n.id)).toEqual([b.id]);
    expect(state.toasts.map((t) => t.id)).toEqual([b.id]);
  });

  it('clears everything', () => {
    const state = run([add(aNotification(), true), add(aNotification(), true), { type: 'CLEAR_ALL' }]);
    expect(state.notifications).toEqual([]);
    expect(state.toasts).toEqual([]);
    expect(unreadCount(state.notifications)).toBe(0);
  });

  it('dismissing a toast keeps the notification, unread', () => {
    const a = aNotification();
    const state = run([add(a, true), { type: 'DISMISS_TOAST', id: a.id }]);
    expect(state.toasts).toEqual([]);
    expect(state.notifications).toEqual([a]);
    expect(unreadCount(state.notifications)).toBe(1);
  });
});

describe('the unread count', () => {
  it('never goes below 0, whatever the order of events', () => {
    const [a, b] = [aNotification(), aNotification()];
    const events: NotificationEvent[] = [
      add(a),
      { type: 'MARK_READ', id: a.id },
      { type: 'MARK_READ', id: a.id },
      { type: 'DELETE', id: a.id },
      { type: 'DELETE', id: a.id },
      { type: 'MARK_ALL_READ' },
      { type: 'CLEAR_ALL' },
      { type: 'MARK_READ', id: b.id },
      { type: 'DELETE', id: b.id },
      { type: 'CLEAR_ALL' },
    ];
    let state = initialNotificationState;
    const counts: number[] = [];
    for (const event of events) {
      state = notificationReducer(state, event);
      counts.push(unreadCount(state.notifications));
    }
    // One unread until it is read; reading, deleting or clearing again takes nothing more away.
    expect(counts).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(unreadCount(state.notifications)).toBe(0);
  });

  it('counts only unread entries', () => {
    expect(unreadCount([aNotification(), aNotification({ read: true }), aNotification()])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });
});

// ---- Gating (spec section 5) ----

describe('delivery gating', () => {
  it('by default shows a toast only: browser and sound are off', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      enableToast: true,
      enableBrowser: false,
      enableSound: false,
      categories: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])),
    });
    expect(deliveryChannels('info', DEFAULT_SETTINGS, 'granted')).toEqual({
      toast: true,
      browser: false,
      sound: false,
    });
  });

  it("turning off a type's category silences every channel for that type only", () => {
    const settings = settingsWith({ enableToast: true, enableBrowser: true, enableSound: true }, { warning: false });
    expect(deliveryChannels('warning', settings, 'granted')).toEqual({ toast: false, browser: false, sound: false });
    expect(deliveryChannels('error', settings, 'granted')).toEqual({ toast: true, browser: true, sound: true });
  });

  it('each channel follows its own switch', () => {
    const all = settingsWith({ enableToast: true, enableBrowser: true, enableSound: true });
    expect(deliveryChannels('success', { ...all, enableToast: false }, 'granted')).toEqual({
      toast: false,
      browser: true,
      sound: true,
    });
    expect(deliveryChannels('success', { ...all, enableBrowser: false }, 'granted')).toEqual({
      toast: true,
      browser: false,
      sound: true,
    });
    expect(deliveryChannels('success', { ...all, enableSound: false }, 'granted')).toEqual({
      toast: true,
      browser: true,
      sound: false,
    });
  });

  it('browser notifications also need the permission granted', () => {
    const settings = settingsWith({ enableBrowser: true });
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      expect(deliveryChannels('info', settings, permission).browser).toBe(false);
    }
    expect(deliveryChannels('info', settings, 'granted').browser).toBe(true);
  });

  it('updates settings by patch, one category at a time', () => {
    const state = run([
      { type: 'UPDATE_SETTINGS', patch: { enableSound: true } },
      { type: 'UPDATE_SETTINGS', patch: { categories: { search: false } } },
      { type: 'UPDATE_SETTINGS', patch: { categories: { system: false } } },
    ]);
    expect(state.settings.enableSound).toBe(true);
    expect(state.settings.enableToast).toBe(true);
    expect(state.settings.categories).toEqual({ ...DEFAULT_SETTINGS.categories, search: false, system: false });
  });
});

// ---- Constants (spec section 9) ----

describe('constants', () => {
  it.each([
    ['error', 8000],
    ['security', 8000],
    ['warning', 6000],
    ['success', 4000],
    ['info', 5000],
    ['system', 5000],
    ['processing', 5000],
    ['search', 5000],
  ] as const)('a %s toast lasts %i ms', (type, ms) => {
    expect(toastDuration(type)).toBe(ms);
  });

  it('an unknown type lasts the default 5000 ms', () => {
    expect(toastDuration('unknown' as NotificationType)).toBe(5000);
  });

  it('welcomes after 2 s and beeps at volume 0.3', () => {
    expect(WELCOME_DELAY_MS).toBe(2000);
    expect(SOUND_VOLUME).toBe(0.3);
  });
});

// ---- Storage and hydration ----

describe('storage', () => {
  it('round-trips the list without the click handlers', () => {
    const withAction = aNotification({
      action: { label: 'Open', onClick: () => undefined },
      metadata: { priority: 'high' },
      message: 'Body',
    });
    const plain = aNotification({ read: true, timestamp: withAction.timestamp - 10 });
    const restored = parseStoredNotifications(serializeNotifications([withAction, plain]));
    const { action: _action, ...withoutAction } = withAction;
    expect(restored).toEqual([withoutAction, plain]);
  });

  it('drops what is not a notification and tolerates garbage', () => {
    expect(parseStoredNotifications(null)).toEqual([]);
    expect(parseStoredNotifications('not json')).toEqual([]);
    expect(parseStoredNotifications('{"a":1}')).toEqual([]);
    const good = aNotification();
    const raw = JSON.stringify([good, { ...good, id: 'x', type: 'bogus' }, { id: 'y', title: 'no type' }, null, 3]);
    expect(parseStoredNotifications(raw)).toEqual([good]);
  });

  it('restores newest first and at most 100', () => {
    const many = Array.from({ length: 120 }, () => aNotification());
    const restored = parseStoredNotifications(JSON.stringify(many));
    expect(restored).toHaveLength(100);
    expect(restored[0]!.id).toBe(many.at(-1)!.id);
  });

  it('fills missing or invalid settings with the defaults', () => {
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings('oops')).toEqual(DEFAULT_SETTINGS);
    expect(
      parseStoredSettings(
        JSON.stringify({ enableSound: true, enableToast: 'yes', categories: { error: false, bogus: false } }),
      ),
    ).toEqual(settingsWith({ enableSound: true }, { error: false }));
    const custom = settingsWith({ enableBrowser: true, enableToast: false }, { search: false });
    expect(parseStoredSettings(serializeSettings(custom))).toEqual(custom);
  });

  it('hydration keeps what was added before it, merged newest first', () => {
    const stored = [aNotification({ timestamp: 300 }), aNotification({ timestamp: 100 })];
    const early = aNotification({ timestamp: 200 });
    const settings = settingsWith({ enableSound: true });
    const state = run([add(early), { type: 'HYDRATE', scope: 'u1', notifications: stored, settings }]);
    expect(state.notifications.map((n) => n.timestamp)).toEqual([300, 200, 100]);
    expect(state.settings).toEqual(settings);
    expect(state.hydrated).toBe(true);
    expect(state.scope).toBe('u1');
  });

  it("a change of account replaces the list, keeping only the last moments' entries", () => {
    const old = aNotification({ timestamp: 1_000 });
    const justNow = aNotification({ timestamp: 9_000 });
    const theirs = aNotification({ timestamp: 5_000 });
    const state = run([
      { type: 'HYDRATE', scope: 'anonymous', notifications: [old], settings: DEFAULT_SETTINGS },
      add(justNow),
      { type: 'SCOPE_CHANGED', scope: 'u2', notifications: [theirs], carryOverSince: 8_000 },
    ]);
    expect(state.notifications.map((n) => n.id)).toEqual([justNow.id, theirs.id]);
    expect(state.scope).toBe('u2');
  });

  it('another tab replaces the list but this tab keeps its click handlers', () => {
    const onClick = () => undefined;
    const mine = aNotification({ action: { label: 'Open', onClick } });
    const fromOtherTab = { ...mine, read: true };
    delete fromOtherTab.action;
    const state = run([add(mine), { type: 'STORAGE_SYNCED', notifications: [fromOtherTab] }]);
    expect(state.notifications).toEqual([{ ...mine, read: true }]);
  });
});

describe('server pushes', () => {
  it('take the payload { type, title, message?, metadata? }', () => {
    expect(
      parseServerNotification({
        type: 'processing',
        title: 'Indexing',
        message: 'report.pdf',
        metadata: { category: 'documents', priority: 'low', extra: 1 },
      }),
    ).toEqual({
      type: 'processing',
      title: 'Indexing',
      message: 'report.pdf',
      metadata: { category: 'documents', priority: 'low' },
    });
  });

  it('show an unknown or missing type as info', () => {
    expect(parseServerNotification({ title: 'Hello' })).toEqual({ type: 'info', title: 'Hello' });
    expect(parseServerNotification({ type: 'celebration', title: 'Hello' })).toEqual({ type: 'info', title: 'Hello' });
  });

  it('are dropped without a title', () => {
    expect(parseServerNotification(null)).toBeNull();
    expect(parseServerNotification('text')).toBeNull();
    expect(parseServerNotification({ type: 'error', message: 'no title' })).toBeNull();
    expect(parseServerNotification({ type: 'error', title: '   ' })).toBeNull();
  });

  it('ignore an invalid priority and bound long texts', () => {
    const input = parseServerNotification({ title: 'x'.repeat(500), metadata: { priority: 'critical' } });
    expect(input?.title).toHaveLength(200);
    expect(input?.metadata).toBeUndefined();
  });
});
