import type { AnalyticsPeriod, AnalyticsReport } from '@docent/common/metrics';

// Shown only when the server cannot be reached, labelled 'Sample data'.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const PERIOD_BUCKETS: Record<AnalyticsPeriod, { count: number; size: number }> = {
  '24h': { count: 24, size: HOUR_MS },
  '7d': { count: 7, size: DAY_MS },
  '30d': { count: 30, size: DAY_MS },
  '90d': { count: 90, size: DAY_MS },
};

/** A sample report for the period, ending at `now`. */
export function sampleAnalytics(period: AnalyticsPeriod, now = new Date()): AnalyticsReport {
  const { count, size } = PERIOD_BUCKETS[period];
  const end = Math.floor(now.getTime() / size) * size;
  const series = Array.from({ length: count }, (_, index) => {
    const requests = size === HOUR_MS ? 120 : 2_400;
    return {
      start: new Date(end - (count - 1 - index) * size).toISOString(),
      requests,
      tokens: requests * 200,
      cost: requests * 0.003,
    };
  });
  const requests = series.reduce((sum, point) => sum + point.requests, 0);
  const breakdown = (id: string, name: string, share: number) => ({
    id,
    name,
    requests: Math.round(requests * share),
    tokens: Math.round(requests * 200 * share),
    cost: Math.round(requests * 0.003 * share * 100) / 100,
    errors: Math.round(requests * 0.01 * share),
    series: [],
  });
  return {
    period,
    from: new Date(end - (count - 1) * size).toISOString(),
    to: now.toISOString(),
    allUsers: true,
    overview: {
      totalUsers: 48,
      documentsProcessed: 1_284,
      searchQueries: 3_420,
      chatSessions: 615,
      averageResponseTime: 245,
      uptimePercent: 99.9,
    },
    usage: {
      series,
      byModel: [breakdown('gpt-4-turbo', 'gpt-4-turbo', 0.45), breakdown('claude-3-opus', 'claude-3-opus', 0.35)],
      byProvider: [
        breakdown('openai', 'OpenAI', 0.45),
        breakdown('anthropic', 'Anthropic', 0.35),
        breakdown('google', 'Google', 0.2),
      ],
      byUser: [breakdown('sample-user', 'Sample user', 1)],
      topSearches: [
        { query: 'quarterly report', count: 42 },
        { query: 'security policy', count: 31 },
      ],
      toolExecutions: { total: 12, failed: 1 },
      busiestHours: Array.from({ length: 24 }, (_, hour) => ({ hour, requests: hour >= 9 && hour < 17 ? 150 : 50 })),
    },
    health: {
      latency: { p50: 180, p95: 520, p99: 900 },
      errorRatesByRoute: [{ route: 'POST /api/search/rag', requests: 3_420, errors: 12, errorRate: 12 / 3_420 }],
      errorRatesByModel: [{ model: 'gpt-4-turbo', requests: 2_000, errors: 8, errorRate: 0.004 }],
      componentHistory: [],
    },
  };
}
