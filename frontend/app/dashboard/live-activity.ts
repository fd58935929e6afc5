import {
  ACTIVITY_WARNING_ERROR_RATE,
  LIVE_ACTIVITY_LIMIT,
  type DashboardMetrics,
  type HourlyPoint,
} from '@docent/common/metrics';
import type { TFunction } from 'i18next';
import type { NumberFormats } from './dashboard-format';

/** The spec's Activity item (section 3). */
export interface ActivityItem {
  id: string;
  type: 'api' | 'model' | 'system' | 'document' | 'search' | 'tool';
  title: string;
  description: string;
  /** ISO 8601. */
  timestamp: string;
  status: 'success' | 'warning' | 'error' | 'info';
}

const ACTIVITY_TYPES: ReadonlySet<string> = new Set(['api', 'model', 'system', 'document', 'search', 'tool']);
const ACTIVITY_STATUSES: ReadonlySet<string> = new Set(['success', 'warning', 'error', 'info']);

/** An activity pushed on the socket's activity channel, read defensively: null unless it is one. */
export function readActivityItem(payload: unknown): ActivityItem | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const item = payload as Record<string, unknown>;
  const { id, type, title, description, timestamp, status } = item;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  if (typeof type !== 'string' || !ACTIVITY_TYPES.has(type)) return null;
  if (typeof status !== 'string' || !ACTIVITY_STATUSES.has(status)) return null;
  if (typeof title !== 'string' || typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) return null;
  return {
    id: String(id),
    type: type as ActivityItem['type'],
    title,
    description: typeof description === 'string' ? description : '',
    timestamp,
    status: status as ActivityItem['status'],
  };
}

const newestFirst = (a: ActivityItem, b: ActivityItem) => Date.parse(b.timestamp) - Date.parse(a.timestamp);

/** Adds a pushed activity: newest first, no repeats, at most the spec's eight. */
export function addActivity(items: readonly ActivityItem[], added: ActivityItem): ActivityItem[] {
  return [added, ...items.filter((item) => item.id !== added.id)].sort(newestFirst).slice(0, LIVE_ACTIVITY_LIMIT);
}

const HOUR_MS = 3_600_000;

/** When an hour's figures were last true: its end, or the reading time for the hour still running. */
function hourSeenAt(point: HourlyPoint, generatedAt: string): string {
  const end = Date.parse(point.start) + HOUR_MS;
  return new Date(Math.min(end, Date.parse(generatedAt))).toISOString();
}

/**
 * The activity the dashboard's own figures tell (spec section 4: used while the socket
 * has pushed none): each recent hour's API traffic, a warning when more than 5% of it
 * failed, and its model calls. Newest first, at most eight.
 */
export function activitiesFromDashboard(
  dashboard: DashboardMetrics,
  t: TFunction<'dashboard'>,
  format: NumberFormats,
): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const point of dashboard.series.hourly) {
    const timestamp = hourSeenAt(point, dashboard.generatedAt);
    if (point.requests > 0) {
      const errorRate = point.errors / point.requests;
      items.push({
        id: `api-${point.start}`,
        type: 'api',
        title: t('activity.apiTraffic'),
        description: t('activity.apiTrafficDetail', {
          requests: format.count(point.requests),
          failed: format.count(point.errors),
          rate: format.percent(errorRate * 100),
        }),
        timestamp,
        status: errorRate > ACTIVITY_WARNING_ERROR_RATE ? 'warning' : 'success',
      });
    }
    if (point.modelCalls > 0) {
      items.push({
        id: `model-${point.start}`,
        type: 'model',
        title: t('activity.modelCalls'),
        description: t('activity.modelCallsDetail', {
          calls: format.count(point.modelCalls),
          tokens: format.count(point.tokens),
          cost: format.cost(point.cost),
        }),
        timestamp,
        status: 'info',
      });
    }
  }
  return items.sort(newestFirst).slice(0, LIVE_ACTIVITY_LIMIT);
}

/** The list shown: what the socket pushed if anything, else what the dashboard's figures tell. */
export function liveActivity(
  pushed: readonly ActivityItem[],
  dashboard: DashboardMetrics,
  t: TFunction<'dashboard'>,
  format: NumberFormats,
): ActivityItem[] {
  return pushed.length > 0 ? pushed.slice(0, LIVE_ACTIVITY_LIMIT) : activitiesFromDashboard(dashboard, t, format);
}
