/**
 * The browser side effects of a notification: ids, storage, the browser's
 * Notification API and the beep. Called only from effects and event handlers,
 * never while rendering, so nothing here runs on the server.
 */
import { SOUND_VOLUME, type AppNotification, type BrowserPermission } from './notification-store';

export function newNotificationId(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ---- Storage: private browsing and full quotas throw; notifications must not. ----

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not stored this time; the in-memory list still works.
  }
}

// ---- Browser notifications ----

export function browserPermission(): BrowserPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  try {
    return await window.Notification.requestPermission();
  } catch {
    return browserPermission();
  }
}

export function showBrowserNotification(notification: AppNotification): void {
  try {
    const shown = new window.Notification(notification.title, { body: notification.message, tag: notification.id });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
}

// ---- Sound: a short generated beep, no audio file ----

const BEEP_FREQUENCY_HZ = 880;
const BEEP_DURATION_S = 0.15;
let audioContext: AudioContext | null = null;

export function playNotificationSound(): void {
  try {
    const AudioContextClass =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    audioContext ??= new AudioContextClass();
    const context = audioContext;
    // Browsers suspend audio until the page has had a user gesture; the beep is then skipped.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(BEEP_FREQUENCY_HZ, start);
    // A quick attack and decay so the beep does not click.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(SOUND_VOLUME, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + BEEP_DURATION_S);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + BEEP_DURATION_S);
    oscillator.onended = () => {
      oscillator.disconnect();
      gain.disconnect();
    };
  } catch {
    // No sound is better than a broken notification.
  }
}

// ---- The welcome notification: once per browser session ----

/** A session cookie (no expiry): it lasts until the browser closes and is shared by its tabs. */
const WELCOME_COOKIE = 'docent_welcomed';

export function welcomeAlreadyShown(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${WELCOME_COOKIE}=`));
}

export function rememberWelcomeShown(): void {
  document.cookie = `${WELCOME_COOKIE}=1; Path=/; SameSite=Lax`;
}
