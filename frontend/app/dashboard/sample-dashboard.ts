import type { StatusResponse } from '../components/shell/system-status';
import type { DashboardMetrics, HourlyPoint, TwoHourlyPoint } from '@docent/common/metrics';

// Shown only when the server cannot be reached, labelled 'Sample data': never a stand-in
// for a figure the server did not give.

const HOUR_MS = 3_600_000;
const SAMPLE_REQUESTS_PER_DAY = 15_420;
const SAMPLE_TOKENS_PER_DAY = 1_250_000;
const SAMPLE_COST_PER_DAY = 42.5;

/** The spec's weighting: business hours (09 to 17) carry 1.5 against 0.5 elsewhere. */
const hourWeight = (hour: number) => (hour >= 9 && hour < 17 ? 1.5 : 0.5);

function sampleHours(now: Date): HourlyPoint[] {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const starts = Array.from({ length: 24 }, (_, index) => new Date(currentHour - (23 - index) * HOUR_MS));
  const totalWeight = starts.reduce((sum, start) => sum + hourWeight(start.getUTCHours()), 0);
  return starts.map((start) => {
    const share = hourWeight(start.getUTCHours()) / totalWeight;
    const requests = Math.round(SAMPLE_REQUESTS_PER_DAY * share);
    return {
      start: start.toISOString(),
      requests,
      errors: Math.round(requests * 0.008),
      modelCalls: Math.round(requests * 0.4),
      tokens: Math.round(SAMPLE_TOKENS_PER_DAY * share),
      cost: Math.round(SAMPLE_COST_PER_DAY * share * 100) / 100,
      averageResponseTime: hourWeight(start.getUTCHours()) > 1 ? 280 : 210,
    };
  });
}

function sampleTwoHours(hours: HourlyPoint[]): TwoHourlyPoint[] {
  return Array.from({ length: 12 }, (_, index) => {
    const [first, second] = [hours[index * 2]!, hours[index * 2 + 1]!];
    const averageResponseTime = ((first.averageResponseTime ?? 0) + (second.averageResponseTime ?? 0)) / 2;
    return {
      start: first.start,
      requests: first.requests + second.requests,
      averageResponseTime,
      p95ResponseTime: Math.round(averageResponseTime * 2.4),
    };
  });
}

/** The dashboard's sample figures, their series ending at `now`. */
export function sampleDashboard(now = new Date()): DashboardMetrics {
  const hourly = sampleHours(now);
  const realtimeMetrics = {
    activeUsers: 24,
    totalRequests: SAMPLE_REQUESTS_PER_DAY,
    successRate: 99.2,
    averageResponseTime: 245,
    tokensConsumed: SAMPLE_TOKENS_PER_DAY,
    totalCost: SAMPLE_COST_PER_DAY,
    systemHealth: 100,
    uptime: 3 * 86_400 + 4 * 3_600,
  };
  return {
    system: { health: 100, uptime: realtimeMetrics.uptime, status: 'operational' },
    api: { totalRequests: SAMPLE_REQUESTS_PER_DAY, requestsPerMinute: 11, averageResponseTime: 245, errorRate: 0.008 },
    ai: {
      totalRequests: 6_168,
      tokensConsumed: SAMPLE_TOKENS_PER_DAY,
      totalCost: SAMPLE_COST_PER_DAY,
      successRate: 99.2,
    },
    users: { activeUsers: 24, concurrentSessions: 31, totalLogins: 186 },
    providers: {
      OpenAI: { requests: 2_776, tokens: 562_500, cost: 19.13 },
      Anthropic: { requests: 2_159, tokens: 437_500, cost: 14.87 },
      Google: { requests: 1_233, tokens: 250_000, cost: 8.5 },
    },
    realtimeMetrics,
    series: {
      hourly,
      twoHourly: sampleTwoHours(hourly),
      // The spec's default shares.
      providerShare: [
        { provider: 'openai', displayName: 'OpenAI', requests: 2_776, percent: 45 },
        { provider: 'anthropic', displayName: 'Anthropic', requests: 2_159, percent: 35 },
        { provider: 'google', displayName: 'Google', requests: 1_233, percent: 20 },
      ],
    },
    generatedAt: now.toISOString(),
  };
}

/** GET /status's sample: every component of the System Health card ready. */
export const SAMPLE_STATUS: StatusResponse = {
  platform: 'Docent',
  components: {
    database: { status: 'ready' },
    'event-store': { status: 'ready' },
    'model-router': { status: 'ready' },
  },
};
