/** How notifications read on screen: pure, so the rules are tested without a DOM. */
import type { TFunction } from 'i18next';

/** The spec's relative time labels: 'Just now', then 'm ago', 'h ago', 'd ago'. */
export { formatRelativeTime } from '../lib/relative-time';

/** The bell's badge: nothing at 0, the count up to 99, then '99+'. */
export function formatBadgeCount(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name, so the count is heard and not only seen. */
export function bellLabel(count: number, t: TFunction<'common'>): string {
  if (count <= 0) return t('notifications.bellNone');
  return count > 99 ? t('notifications.bellMany') : t('notifications.bellUnread', { count });
}
