import { describe, expect, it } from '@jest/globals';
import type { DashboardMetrics, HourlyPoint } from '@docent/common/metrics';
import {
  activitiesFromDashboard,
  addActivity,
  liveActivity,
  readActivityItem,
  type ActivityItem,
} from './live-activity';
import { englishT } from '../i18n/english.spec-support';
import { numberFormats } from './dashboard-format';

const t = englishT('dashboard');
const english = numberFormats(t, 'en');

const hour = (start: string, figures: Partial<HourlyPoint>): HourlyPoint => ({
  start,
  requests: 0,
  errors: 0,
  modelCalls: 0,
  tokens: 0,
  cost: 0,
  averageResponseTime: null,
  ...figures,
});

function dashboardWith(hourly: HourlyPoint[], generatedAt = '2025-03-10T12:30:00.000Z'): DashboardMetrics {
  return { series: { hourly, twoHourly: [], providerShare: [] }, generatedAt } as unknown as DashboardMetrics;
}

const pushed = (id: string, timestamp: string): ActivityItem => ({
  id,
  type: 'document',
  title: 'Document uploaded',
  description: `${id}.pdf`,
  timestamp,
  status: 'info',
});

describe('live activity', () => {
  it("tells each hour's traffic and model calls, newest first, warning above 5% failed", () => {
    const items = activitiesFromDashboard(
      dashboardWith([
        hour('2025-03-10T10:00:00.000Z', { requests: 100, errors: 5 }),
        hour('2025-03-10T11:00:00.000Z', { requests: 0 }),
        hour('2025-03-10T12:00:00.000Z', { requests: 1_500, errors: 90, modelCalls: 4, tokens: 1_200, cost: 0.5 }),
      ]),
      t,
      english,
    );

    expect(items).toEqual([
      {
        id: 'api-2025-03-10T12:00:00.000Z',
        type: 'api',
        title: 'API traffic',
        description: '1.5K requests, 90 failed (6.0%)',
        timestamp: '2025-03-10T12:30:00.000Z',
        status: 'warning',
      },
      {
        id: 'model-2025-03-10T12:00:00.000Z',
        type: 'model',
        title: 'Model calls',
        description: '4 calls, 1.2K tokens, $0.50',
        timestamp: '2025-03-10T12:30:00.000Z',
        status: 'info',
      },
      {
        id: 'api-2025-03-10T10:00:00.000Z',
        type: 'api',
        title: 'API traffic',
        description: '100 requests, 5 failed (5.0%)',
        timestamp: '2025-03-10T11:00:00.000Z',
        status: 'success',
      },
    ]);
  });

  it('keeps at most eight', () => {
    const hours = Array.from({ length: 24 }, (_, index) =>
      hour(new Date(Date.UTC(2025, 2, 9, 13 + index)).toISOString(), { requests: 10, modelCalls: 1 }),
    );
    expect(activitiesFromDashboard(dashboardWith(hours), t, english)).toHaveLength(8);
  });

  it('prefers what the socket pushed, newest first, without repeats', () => {
    const dashboard = dashboardWith([hour('2025-03-10T12:00:00.000Z', { requests: 10 })]);
    expect(liveActivity([], dashboard, t, english)).toHaveLength(1);

    let items: ActivityItem[] = [];
    items = addActivity(items, pushed('a', '2025-03-10T12:01:00.000Z'));
    items = addActivity(items, pushed('b', '2025-03-10T12:03:00.000Z'));
    items = addActivity(items, pushed('a', '2025-03-10T12:01:00.000Z'));
    expect(liveActivity(items, dashboard, t, english).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('reads a pushed activity defensively', () => {
    expect(readActivityItem({ ...pushed('7', '2025-03-10T12:00:00.000Z'), id: 7 })).toMatchObject({ id: '7' });
    expect(readActivityItem({ ...pushed('7', '2025-03-10T12:00:00.000Z'), status: 'fine' })).toBeNull();
    expect(readActivityItem({ ...pushed('7', 'yesterday') })).toBeNull();
    expect(readActivityItem(null)).toBeNull();
  });
});
