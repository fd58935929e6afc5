const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The spec's relative time labels in English: 'Just now', then '{n}m ago', '{n}h ago',
 * '{n}d ago'; in another language the same steps, as Intl words them there.
 */
export function formatRelativeTime(
  at: Date | string | number,
  now: Date | number = Date.now(),
  language = 'en',
): string {
  const elapsed = new Date(now).getTime() - new Date(at).getTime();
  const english = language === 'en';
  const relative = english ? null : new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  // A clock a little ahead of ours still reads as now.
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return relative?.format(0, 'second') ?? 'Just now';
  if (elapsed < HOUR_MS) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    return relative?.format(-minutes, 'minute') ?? `${minutes}m ago`;
  }
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return relative?.format(-hours, 'hour') ?? `${hours}h ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return relative?.format(-days, 'day') ?? `${days}d ago`;
}
