/** How notifications read on screen: pure, so the rules are tested without a DOM. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The spec's relative time labels: 'Just now', then 'm ago', 'h ago', 'd ago'. */
export function formatRelativeTime(timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/** The bell's badge: nothing at 0, the count up to 99, then '99+'. */
export function formatBadgeCount(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, so the count is heard and not only seen. */
export function bellLabel(count: number): string {
  if (count <= 0) return 'Notifications, none unread';
  return `Notifications, ${count > 99 ? 'more than 99' : count} unread`;
}
