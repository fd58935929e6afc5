import { Injectable } from '@nestjs/common';
import type {
  DashboardMetrics,
  HourlyPoint,
  ProviderShare,
  RealtimeMetrics,
  SystemState,
  TwoHourlyPoint,
} from '@docent/common/metrics';
import { MISSING_SUCCESS_RATE, MISSING_SYSTEM_HEALTH } from '@docent/common/metrics';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import { StatusService } from '../../status/status.service.js';
import { latencyPercentile } from '../domain/latency-histogram.js';
import { ApiTrafficRecorder, type UnrecordedTraffic } from '../recording/api-traffic-recorder.js';
import { MetricsViews, type TrafficFigures, type Window } from './metrics-views.js';
import { largestRemainderPercentages, providerDisplayName } from './provider-names.js';
import { addHours, hourOf } from './time-buckets.js';

/** Users count as active for this long after their last request or sign-in. */
export const ACTIVE_USER_WINDOW_MS = 15 * 60_000;
/** Requests per minute are averaged over this many finished minutes. */
export const REQUESTS_PER_MINUTE_OVER = 5;
const MINUTE_MS = 60_000;

const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The last 24 hours: this hour and the 23 before it. */
export function last24Hours(now: Date): Window {
  const thisHour = hourOf(now);
  return { from: addHours(thisHour, -23), to: addHours(thisHour, 1) };
}

/**
 * The Dashboard's figures: the projected ones, plus this process's requests not yet
 * written to the log (they are written a minute at a time), plus the process itself.
 */
@Injectable()
export class DashboardFigures {
  constructor(
    private readonly views: MetricsViews,
    private readonly traffic: ApiTrafficRecorder,
    private readonly status: StatusService,
    private readonly plugins: PluginRegistry,
  ) {}

  async dashboard(now = new Date()): Promise<DashboardMetrics> {
    const window = last24Hours(now);
    const unrecorded = this.traffic.unrecorded();
    const [system, trafficByHour, recentMinutes, modelRows, counts, activeUsers, openSessions, histograms, addedNames] =
      await Promise.all([
        this.system(),
        this.views.trafficByBucket(window, 'hour'),
        this.views.trafficInMinutes(recentWindow(now)),
        this.views.modelCalls(window, 'hour'),
        this.views.counts(window),
        this.activeUsers(now, unrecorded),
        this.views.openSessions(now),
        this.views.latencyHistograms(window, 2),
        this.views.providerNames(),
      ]);
    for (const minute of unrecorded.minutes) {
      addTraffic(trafficByHour, hourOf(new Date(minute.start)).getTime(), minute);
    }
    const hourly: HourlyPoint[] = Array.from({ length: 24 }, (_, index) => {
      const start = addHours(window.from, index);
      const traffic = trafficByHour.get(start.getTime());
      const calls = modelRows.filter((row) => row.bucket.getTime() === start.getTime());
      return {
        start: start.toISOString(),
        requests: traffic?.requests ?? 0,
        errors: traffic?.errors ?? 0,
        modelCalls: sum(calls, (row) => row.calls),
        tokens: sum(calls, (row) => row.inputTokens + row.outputTokens),
        cost: round(
          sum(calls, (row) => row.cost),
          6,
        ),
        averageResponseTime: traffic?.requests ? round(traffic.totalMs / traffic.requests, 1) : null,
      };
    });
    const twoHourly: TwoHourlyPoint[] = Array.from({ length: 12 }, (_, slot) => {
      const points = hourly.slice(slot * 2, slot * 2 + 2);
      const requests = sum(points, (point) => point.requests);
      const totalMs = sum(points, (point) => (point.averageResponseTime ?? 0) * point.requests);
      const histogram = histograms.get(slot);
      return {
        start: points[0]!.start,
        requests,
        averageResponseTime: requests ? round(totalMs / requests, 1) : null,
        p95ResponseTime: histogram ? latencyPercentile(histogram.buckets, 0.95, histogram.maxMs) : null,
      };
    });

    const api = totalTraffic(trafficByHour, window);
    const recent = addUnrecordedRecent(recentMinutes, unrecorded, now);
    const ai = {
      totalRequests: sum(modelRows, (row) => row.calls),
      tokensConsumed: sum(modelRows, (row) => row.inputTokens + row.outputTokens),
      totalCost: round(
        sum(modelRows, (row) => row.cost),
        6,
      ),
      successRate: successRate(
        sum(modelRows, (row) => row.calls),
        sum(modelRows, (row) => row.errors),
      ),
    };

    const byProvider = new Map<string, { requests: number; tokens: number; cost: number }>();
    for (const row of modelRows) {
      const provider = byProvider.get(row.providerId) ?? { requests: 0, tokens: 0, cost: 0 };
      provider.requests += row.calls;
      provider.tokens += row.inputTokens + row.outputTokens;
      provider.cost += row.cost;
      byProvider.set(row.providerId, provider);
    }
    const displayName = (providerId: string) =>
      providerDisplayName(providerId, addedNames, (id) => this.plugins.getProvider(id)?.displayName);
    const providers: DashboardMetrics['providers'] = {};
    for (const [providerId, figures] of byProvider) {
      const name = displayName(providerId);
      const shown = providers[name] ?? { requests: 0, tokens: 0, cost: 0 };
      providers[name] = {
        requests: shown.requests + figures.requests,
        tokens: shown.tokens + figures.tokens,
        cost: round(shown.cost + figures.cost, 6),
      };
    }
    const shared = [...byProvider].sort(([a, x], [b, y]) => y.requests - x.requests || a.localeCompare(b));
    const percents = largestRemainderPercentages(shared.map(([, figures]) => figures.requests));
    const providerShare: ProviderShare[] = shared.map(([provider, figures], index) => ({
      provider,
      displayName: displayName(provider),
      requests: figures.requests,
      percent: percents[index]!,
    }));

    const apiFigures = {
      totalRequests: api.requests,
      requestsPerMinute: round(recent.requests / REQUESTS_PER_MINUTE_OVER, 1),
      averageResponseTime: api.requests ? round(api.totalMs / api.requests, 1) : 0,
      errorRate: api.requests ? round(api.errors / api.requests, 4) : 0,
    };
    return {
      system,
      api: apiFigures,
      ai,
      users: { activeUsers, concurrentSessions: openSessions, totalLogins: counts.login ?? 0 },
      providers,
      realtimeMetrics: realtimeOf(system, apiFigures, ai, activeUsers),
      series: { hourly, twoHourly, providerShare },
      generatedAt: now.toISOString(),
    };
  }

  /** The figures the socket pushes: the Dashboard's totals without its series. */
  async realtime(now = new Date()): Promise<RealtimeMetrics> {
    const window = last24Hours(now);
    const unrecorded = this.traffic.unrecorded();
    const [system, trafficByHour, modelRows, activeUsers] = await Promise.all([
      this.system(),
      this.views.trafficByBucket(window, 'hour'),
      this.views.modelCalls(window, 'hour'),
      this.activeUsers(now, unrecorded),
    ]);
    for (const minute of unrecorded.minutes) {
      addTraffic(trafficByHour, hourOf(new Date(minute.start)).getTime(), minute);
    }
    const api = totalTraffic(trafficByHour, window);
    return realtimeOf(
      system,
      {
        totalRequests: api.requests,
        averageResponseTime: api.requests ? round(api.totalMs / api.requests, 1) : 0,
        errorRate: api.requests ? api.errors / api.requests : 0,
      },
      {
        tokensConsumed: sum(modelRows, (row) => row.inputTokens + row.outputTokens),
        totalCost: round(
          sum(modelRows, (row) => row.cost),
          6,
        ),
      },
      activeUsers,
    );
  }

  /**
   * Health: the share of /status components that are ready, leaving out those off by
   * configuration (they are not failing); down when the database is not ready.
   */
  private async system(): Promise<DashboardMetrics['system']> {
    const components = Object.entries(await this.status.components()).filter(
      ([, component]) => !component.disabledByConfiguration,
    );
    const ready = components.filter(([, component]) => component.status === 'ready').length;
    const health = components.length ? round((ready / components.length) * 100, 1) : MISSING_SYSTEM_HEALTH;
    const database = components.find(([name]) => name === 'database')?.[1];
    const status: SystemState =
      database && database.status !== 'ready' ? 'down' : ready === components.length ? 'operational' : 'degraded';
    return { health, uptime: Math.floor(process.uptime()), status };
  }

  private async activeUsers(now: Date, unrecorded: UnrecordedTraffic): Promise<number> {
    const since = new Date(now.getTime() - ACTIVE_USER_WINDOW_MS);
    const seen = new Set(await this.views.usersSeenSince(since));
    for (const [userId, lastMinute] of unrecorded.callers)
      if (lastMinute + MINUTE_MS > since.getTime()) seen.add(userId);
    return seen.size;
  }
}

/** The last REQUESTS_PER_MINUTE_OVER finished minutes. */
function recentWindow(now: Date): Window {
  const thisMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return { from: new Date(thisMinute - REQUESTS_PER_MINUTE_OVER * MINUTE_MS), to: new Date(thisMinute) };
}

function addUnrecordedRecent(recorded: TrafficFigures, unrecorded: UnrecordedTraffic, now: Date): TrafficFigures {
  const { from, to } = recentWindow(now);
  const total = { ...recorded };
  for (const minute of unrecorded.minutes) {
    if (minute.start >= from.getTime() && minute.start < to.getTime()) {
      total.requests += minute.requests;
      total.errors += minute.errors;
      total.totalMs += minute.totalMs;
    }
  }
  return total;
}

function addTraffic(byBucket: Map<number, TrafficFigures>, bucket: number, minute: TrafficFigures): void {
  const figures = byBucket.get(bucket) ?? { requests: 0, errors: 0, totalMs: 0 };
  byBucket.set(bucket, {
    requests: figures.requests + minute.requests,
    errors: figures.errors + minute.errors,
    totalMs: figures.totalMs + minute.totalMs,
  });
}

/** The traffic of the window's hours. */
function totalTraffic(byHour: Map<number, TrafficFigures>, window: Window): TrafficFigures {
  const total = { requests: 0, errors: 0, totalMs: 0 };
  for (const [hour, figures] of byHour) {
    if (hour < window.from.getTime() || hour >= window.to.getTime()) continue;
    total.requests += figures.requests;
    total.errors += figures.errors;
    total.totalMs += figures.totalMs;
  }
  return total;
}

function realtimeOf(
  system: DashboardMetrics['system'],
  api: { totalRequests: number; averageResponseTime: number; errorRate: number },
  ai: { tokensConsumed: number; totalCost: number },
  activeUsers: number,
): RealtimeMetrics {
  return {
    activeUsers,
    totalRequests: api.totalRequests,
    successRate: api.totalRequests ? round((1 - api.errorRate) * 100, 2) : MISSING_SUCCESS_RATE,
    averageResponseTime: api.averageResponseTime,
    tokensConsumed: ai.tokensConsumed,
    totalCost: ai.totalCost,
    systemHealth: system.health,
    uptime: system.uptime,
  };
}

function successRate(calls: number, errors: number): number {
  return calls ? round(((calls - errors) / calls) * 100, 2) : MISSING_SUCCESS_RATE;
}

function sum<T>(items: readonly T[], figure: (item: T) => number): number {
  return items.reduce((total, item) => total + figure(item), 0);
}
