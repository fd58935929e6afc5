const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The spec's relative time labels: 'Just now', then '{n}m ago', '{n}h ago', '{n}d ago'. */
export function formatRelativeTime(at: Date | string | number, now: Date | number = Date.now()): string {
  const elapsed = new Date(now).getTime() - new Date(at).getTime();
  // A clock a little ahead of ours still reads as now.
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}
