import { Injectable } from '@nestjs/common';
import type { AnalyticsPeriod, AnalyticsReport, UsageBreakdown, UsagePoint } from '@docent/common/metrics';
import { hasPermission } from '@docent/common/permissions';
import type { Principal } from '../../auth/principal.js';
import { splitModelId } from '../../models/domain/model.events.js';
import { PluginRegistry } from '../../plugins/plugin-registry.js';
import { latencyPercentile } from '../domain/latency-histogram.js';
import { MetricsViews, type BucketUnit, type Window } from './metrics-views.js';
import { providerDisplayName } from './provider-names.js';
import { addDays, addHours, hourOf, startOfDay } from './time-buckets.js';

const TOP_SEARCHES = 10;
const MINUTE_MS = 60_000;

/** 24h: the last 24 hours by hour; otherwise the last 7, 30 or 90 days (today included) by day. */
export function periodWindow(period: AnalyticsPeriod, now: Date): Window & { unit: BucketUnit; buckets: Date[] } {
  if (period === '24h') {
    const from = addHours(hourOf(now), -23);
    return { from, to: now, unit: 'hour', buckets: Array.from({ length: 24 }, (_, index) => addHours(from, index)) };
  }
  const days = Number(period.slice(0, -1));
  const from = addDays(startOfDay(now), 1 - days);
  return { from, to: now, unit: 'day', buckets: Array.from({ length: days }, (_, index) => addDays(from, index)) };
}

const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;

interface Usage {
  requests: number;
  tokens: number;
  cost: number;
  errors: number;
  byBucket: Map<number, UsagePoint>;
}

/** Analytics over a period; per-user figures cover everyone only for callers who may read users. */
@Injectable()
export class AnalyticsReports {
  constructor(
    private readonly views: MetricsViews,
    private readonly plugins: PluginRegistry,
  ) {}

  async report(period: AnalyticsPeriod, principal: Principal, now = new Date()): Promise<AnalyticsReport> {
    const window = periodWindow(period, now);
    const allUsers = hasPermission(principal, 'users:read');
    const onlyUser = allUsers ? undefined : principal.userId;
    // The window's last bucket reaches past `now` only by time nothing happened in yet.
    const stored: Window = { from: window.from, to: new Date(now.getTime() + 1) };
    const [
      traffic,
      models,
      users,
      counts,
      totalUsers,
      topSearches,
      busiest,
      histograms,
      routes,
      history,
      uptime,
      addedNames,
    ] = await Promise.all([
      this.views.trafficByBucket(stored, window.unit),
      this.views.modelCalls(stored, window.unit),
      this.views.userUsage(stored, window.unit, onlyUser),
      this.views.counts(stored),
      this.views.usersRegisteredBy(stored.to),
      this.views.topSearches(stored, TOP_SEARCHES, onlyUser),
      this.views.trafficByHourOfDay(stored),
      this.views.latencyHistograms(stored),
      this.views.trafficByRoute(stored),
      this.views.componentHistory(stored, window.unit),
      this.uptimePercent(window, now),
      this.views.providerNames(),
    ]);
    const names = await this.views.userNames([...new Set(users.map((row) => row.userId))]);

    const series = window.buckets.map((start) => {
      const modelRows = models.filter((row) => row.bucket.getTime() === start.getTime());
      return {
        start: start.toISOString(),
        requests: traffic.get(start.getTime())?.requests ?? 0,
        tokens: modelRows.reduce((sum, row) => sum + row.inputTokens + row.outputTokens, 0),
        cost: round(
          modelRows.reduce((sum, row) => sum + row.cost, 0),
          6,
        ),
      };
    });
    const totalTraffic = [...traffic.values()].reduce(
      (sum, figures) => ({ requests: sum.requests + figures.requests, totalMs: sum.totalMs + figures.totalMs }),
      { requests: 0, totalMs: 0 },
    );

    const byModel = new Map<string, Usage>();
    const byProvider = new Map<string, Usage>();
    const modelErrors = new Map<string, { requests: number; errors: number }>();
    for (const row of models) {
      const figures = {
        requests: row.calls,
        tokens: row.inputTokens + row.outputTokens,
        cost: row.cost,
        errors: row.errors,
      };
      addUsage(byModel, row.modelId, row.bucket, figures);
      addUsage(byProvider, row.providerId, row.bucket, figures);
    }
    for (const [modelId, usage] of byModel)
      modelErrors.set(modelId, { requests: usage.requests, errors: usage.errors });
    const byUser = new Map<string, Usage>();
    for (const row of users) addUsage(byUser, row.userId, row.bucket, row);

    const histogram = histograms.get(-1);
    const componentHistory = new Map<string, { at: string; status: string }[]>();
    for (const sample of history) {
      const samples = componentHistory.get(sample.component) ?? [];
      samples.push({ at: sample.bucket.toISOString(), status: sample.status });
      componentHistory.set(sample.component, samples);
    }

    return {
      period,
      from: window.from.toISOString(),
      to: now.toISOString(),
      allUsers,
      overview: {
        totalUsers,
        documentsProcessed: counts['document-processed'] ?? 0,
        searchQueries: counts.search ?? 0,
        chatSessions: counts['chat-session'] ?? 0,
        averageResponseTime: totalTraffic.requests ? round(totalTraffic.totalMs / totalTraffic.requests, 1) : 0,
        uptimePercent: uptime,
      },
      usage: {
        series,
        byModel: breakdowns(byModel, window.buckets, (modelId) => splitModelId(modelId)?.providerModelId ?? modelId),
        byProvider: breakdowns(byProvider, window.buckets, (providerId) =>
          providerDisplayName(providerId, addedNames, (id) => this.plugins.getProvider(id)?.displayName),
        ),
        byUser: breakdowns(byUser, window.buckets, (userId) => names.get(userId) ?? userId),
        topSearches,
        toolExecutions: { total: counts['tool-execution'] ?? 0, failed: counts['tool-error'] ?? 0 },
        busiestHours: Array.from({ length: 24 }, (_, hour) => ({ hour, requests: busiest.get(hour) ?? 0 })),
      },
      health: {
        latency: histogram
          ? {
              p50: latencyPercentile(histogram.buckets, 0.5, histogram.maxMs),
              p95: latencyPercentile(histogram.buckets, 0.95, histogram.maxMs),
              p99: latencyPercentile(histogram.buckets, 0.99, histogram.maxMs),
            }
          : { p50: null, p95: null, p99: null },
        errorRatesByRoute: routes.map((route) => ({ ...route, errorRate: errorRate(route) })),
        errorRatesByModel: [...modelErrors]
          .map(([model, figures]) => ({ model, ...figures, errorRate: errorRate(figures) }))
          .sort((a, b) => b.errors - a.errors || b.requests - a.requests || a.model.localeCompare(b.model)),
        componentHistory: [...componentHistory].map(([component, samples]) => ({ component, samples })),
      },
    };
  }

  /**
   * The share of the period's minutes, since sampling began, in which the database (what
   * /health answers for) was sampled ready. A minute with no sample, the server down,
   * counts against it.
   */
  private async uptimePercent(window: Window, now: Date): Promise<number> {
    const { ready, firstSample } = await this.views.databaseReadyMinutes({ from: window.from, to: now });
    if (!firstSample) return 0;
    const since = Math.max(window.from.getTime(), firstSample.getTime());
    const minutes = Math.floor((now.getTime() - since) / MINUTE_MS) + 1;
    return round(Math.min(100, (ready / minutes) * 100), 2);
  }
}

function addUsage(
  into: Map<string, Usage>,
  id: string,
  bucket: Date,
  figures: { requests: number; tokens: number; cost: number; errors: number },
): void {
  const usage = into.get(id) ?? { requests: 0, tokens: 0, cost: 0, errors: 0, byBucket: new Map() };
  usage.requests += figures.requests;
  usage.tokens += figures.tokens;
  usage.cost += figures.cost;
  usage.errors += figures.errors;
  const point = usage.byBucket.get(bucket.getTime()) ?? {
    start: bucket.toISOString(),
    requests: 0,
    tokens: 0,
    cost: 0,
  };
  point.requests += figures.requests;
  point.tokens += figures.tokens;
  point.cost += figures.cost;
  usage.byBucket.set(bucket.getTime(), point);
  into.set(id, usage);
}

/** Most costly first, then busiest: the first-class figure is what each one costs. */
function breakdowns(usages: Map<string, Usage>, buckets: Date[], nameOf: (id: string) => string): UsageBreakdown[] {
  return [...usages]
    .map(([id, usage]) => ({
      id,
      name: nameOf(id),
      requests: usage.requests,
      tokens: usage.tokens,
      cost: round(usage.cost, 6),
      errors: usage.errors,
      series: buckets.map((start) => {
        const point = usage.byBucket.get(start.getTime());
        return point
          ? { ...point, cost: round(point.cost, 6) }
          : { start: start.toISOString(), requests: 0, tokens: 0, cost: 0 };
      }),
    }))
    .sort((a, b) => b.cost - a.cost || b.requests - a.requests || a.name.localeCompare(b.name));
}

const errorRate = ({ requests, errors }: { requests: number; errors: number }) =>
  requests ? round(errors / requests, 4) : 0;
