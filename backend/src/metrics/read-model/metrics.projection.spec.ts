import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Principal } from '../../auth/principal.js';
import type { DomainEvent, RecordedEvent } from '../../event-store/domain-event.js';
import { ProjectionRunner } from '../../projections/projection-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../testing/test-app.js';
import { emptyLatencyBuckets, latencyBucketOf } from '../domain/latency-histogram.js';
import type { RouteTraffic } from '../domain/metrics.events.js';
import { AnalyticsReports } from './analytics-reports.js';
import { DashboardFigures } from './dashboard-figures.js';
import { MetricsProjection } from './metrics.projection.js';

// Given events in the log, when the metrics projection folds them, then the Dashboard and
// Analytics answer exactly these figures. No HTTP: events go straight to the projection.

let t: TestApp;
let position = 0;
const alice = randomUUID();
const bob = randomUUID();

function recorded(event: DomainEvent, at: string, streamId = `stream-${randomUUID()}`): RecordedEvent {
  position += 1;
  return {
    ...event,
    position,
    streamId,
    streamType: 'test',
    version: 1,
    metadata: { actorId: null },
    occurredAt: new Date(at),
  } as RecordedEvent;
}

/** Empties the projection's tables and folds exactly these events. */
async function given(...events: RecordedEvent[]): Promise<void> {
  const projection = t.app.get(MetricsProjection);
  await t.app
    .get(MikroORM)
    .em.fork()
    .transactional(async (em) => {
      await projection.reset(em);
      await projection.applyAll(events, em);
    });
}

const modelCall = (at: string, data: Partial<RecordedEvent<'ModelInvoked'>['data']>) =>
  recorded(
    {
      type: 'ModelInvoked',
      data: {
        modelId: 'openai:gpt-4o',
        providerId: 'openai',
        userId: alice,
        inputTokens: 100,
        outputTokens: 50,
        cost: 0.0125,
        latencyMs: 800,
        outcome: 'success',
        error: null,
        finishReason: 'stop',
        fallback: false,
        streamed: false,
        ...data,
      },
    },
    at,
  );

function route(
  method: string,
  pattern: string,
  status: RouteTraffic['statusClass'],
  latencies: number[],
): RouteTraffic {
  const latencyBuckets = emptyLatencyBuckets();
  for (const ms of latencies) latencyBuckets[latencyBucketOf(ms)]! += 1;
  return {
    method,
    route: pattern,
    statusClass: status,
    requests: latencies.length,
    totalMs: latencies.reduce((sum, ms) => sum + ms, 0),
    maxMs: Math.max(...latencies),
    latencyBuckets,
  };
}

const traffic = (
  minute: string,
  routes: RouteTraffic[],
  callers: { userId: string; requests: number; errors: number }[],
) => recorded({ type: 'ApiTrafficRecorded', data: { minute, routes, callers } }, minute);

const analyst = (userId: string): Principal => ({
  userId,
  role: 'analyst',
  isDemo: false,
  sessionId: null,
  apiKeyId: null,
});
const admin = (userId: string): Principal => ({
  userId,
  role: 'admin',
  isDemo: false,
  sessionId: null,
  apiKeyId: null,
});

beforeAll(async () => {
  t = await startTestApp();
  await t.app.get(ProjectionRunner).stop();
}, STARTUP_TIMEOUT_MS);
afterAll(() => t.close());
beforeEach(() => given());

describe('the metrics projection', () => {
  it('sums model calls into the Dashboard: calls, tokens, cost, success rate, hours and provider shares', async () => {
    await given(
      modelCall('2026-03-02T10:05:00Z', {}),
      modelCall('2026-03-02T10:40:00Z', {
        outcome: 'error',
        error: 'timeout',
        inputTokens: 100,
        outputTokens: 0,
        cost: 0.001,
      }),
      modelCall('2026-03-02T11:10:00Z', { modelId: 'local:extractive', providerId: 'local', userId: null, cost: 0 }),
    );

    const dashboard = await t.app.get(DashboardFigures).dashboard(new Date('2026-03-02T11:30:00Z'));

    expect(dashboard.ai).toEqual({ totalRequests: 3, tokensConsumed: 400, totalCost: 0.0135, successRate: 66.67 });
    expect(dashboard.providers).toEqual({
      OpenAI: { requests: 2, tokens: 250, cost: 0.0135 },
      'Local (offline extractive answers)': { requests: 1, tokens: 150, cost: 0 },
    });
    expect(dashboard.series.providerShare.map(({ provider, percent }) => [provider, percent])).toEqual([
      ['openai', 67],
      ['local', 33],
    ]);
    const hours = dashboard.series.hourly;
    expect(hours[23]).toMatchObject({ start: '2026-03-02T11:00:00.000Z', modelCalls: 1, tokens: 150 });
    expect(hours[22]).toMatchObject({ start: '2026-03-02T10:00:00.000Z', modelCalls: 2, tokens: 250, cost: 0.0135 });
  });

  it('counts API traffic by route and status class: totals, error rate, requests per minute, p95 from the buckets', async () => {
    await given(
      traffic(
        '2026-03-02T11:20:00Z',
        [route('GET', '/api/documents', '2xx', [4, 8, 20]), route('POST', '/v1/chat/completions', '5xx', [300])],
        [{ userId: alice, requests: 4, errors: 1 }],
      ),
    );

    const figures = t.app.get(DashboardFigures);
    const dashboard = await figures.dashboard(new Date('2026-03-02T11:22:30Z'));

    expect(dashboard.api).toEqual({
      totalRequests: 4,
      requestsPerMinute: 0.8,
      averageResponseTime: 83,
      errorRate: 0.25,
    });
    expect(dashboard.realtimeMetrics).toMatchObject({ totalRequests: 4, successRate: 75, averageResponseTime: 83 });
    expect(dashboard.series.twoHourly[11]).toEqual({
      start: '2026-03-02T10:00:00.000Z',
      requests: 4,
      averageResponseTime: 83,
      p95ResponseTime: 500,
    });
    expect(dashboard.users.activeUsers).toBe(1);
    expect((await figures.dashboard(new Date('2026-03-02T11:36:00Z'))).users.activeUsers).toBe(0);
  });

  it('gives Analytics per-user usage for everyone with users:read, otherwise the caller’s own', async () => {
    await given(
      recorded(
        {
          type: 'UserRegistered',
          data: {
            userId: alice,
            email: 'a@example.com',
            name: 'Alice',
            role: 'analyst',
            passwordHash: 'x',
            isDemo: false,
          },
        },
        '2026-03-01T09:00:00Z',
        `user-${alice}`,
      ),
      recorded(
        {
          type: 'UserRegistered',
          data: { userId: bob, email: 'b@example.com', name: 'Bob', role: 'admin', passwordHash: 'x', isDemo: false },
        },
        '2026-03-01T09:00:00Z',
        `user-${bob}`,
      ),
      modelCall('2026-03-02T10:05:00Z', { userId: alice }),
      modelCall('2026-03-02T10:06:00Z', { userId: bob, cost: 0.5 }),
      traffic(
        '2026-03-02T10:05:00Z',
        [route('GET', '/api/search/stats', '2xx', [12, 12])],
        [
          { userId: alice, requests: 1, errors: 0 },
          { userId: bob, requests: 1, errors: 0 },
        ],
      ),
    );
    const reports = t.app.get(AnalyticsReports);
    const now = new Date('2026-03-02T12:00:00Z');

    const own = await reports.report('7d', analyst(alice), now);
    const everyone = await reports.report('7d', admin(bob), now);

    expect(own.allUsers).toBe(false);
    expect(own.usage.byUser.map(({ name, requests, tokens, cost }) => ({ name, requests, tokens, cost }))).toEqual([
      { name: 'Alice', requests: 1, tokens: 150, cost: 0.0125 },
    ]);
    expect(everyone.allUsers).toBe(true);
    expect(everyone.usage.byUser.map((user) => user.name)).toEqual(['Bob', 'Alice']);
    expect(everyone.usage.byModel).toEqual([
      expect.objectContaining({ id: 'openai:gpt-4o', name: 'gpt-4o', requests: 2, tokens: 300, cost: 0.5125 }),
    ]);
    expect(everyone.usage.series).toHaveLength(7);
    expect(everyone.usage.series[6]).toEqual({
      start: '2026-03-02T00:00:00.000Z',
      requests: 2,
      tokens: 300,
      cost: 0.5125,
    });
    expect(everyone.usage.busiestHours[10]).toEqual({ hour: 10, requests: 2 });
    expect(everyone.overview).toMatchObject({ totalUsers: 2, averageResponseTime: 12 });
    expect(everyone.health.latency).toEqual({ p50: 25, p95: 25, p99: 25 });
  });

  it('counts searches, chats, documents and sign-ins, and open sessions', async () => {
    const session = randomUUID();
    await given(
      recorded(
        {
          type: 'SearchPerformed',
          data: {
            userId: alice,
            type: 'keyword',
            query: 'Quarterly  report',
            resultCount: 2,
            tookMs: 5,
            success: true,
          },
        },
        '2026-03-02T09:00:00Z',
      ),
      recorded(
        {
          type: 'SearchPerformed',
          data: { userId: alice, type: 'hybrid', query: 'quarterly report', resultCount: 0, tookMs: 5, success: false },
        },
        '2026-03-02T09:30:00Z',
      ),
      recorded(
        { type: 'ChatSessionStarted', data: { sessionId: randomUUID(), userId: alice, title: 'Q' } },
        '2026-03-02T09:40:00Z',
      ),
      recorded(
        {
          type: 'DocumentProcessed',
          data: { chunks: 3, vectorized: false, embeddingModel: null, embeddingError: null },
        },
        '2026-03-02T09:50:00Z',
        `document-${randomUUID()}`,
      ),
      recorded(
        {
          type: 'SessionStarted',
          data: {
            sessionId: session,
            userId: alice,
            refreshTokenHash: 'h',
            expiresAt: '2026-03-03T00:00:00Z',
            rememberMe: false,
          },
        },
        '2026-03-02T09:55:00Z',
        `session-${session}`,
      ),
      recorded(
        { type: 'UserLoggedIn', data: { sessionId: session, rememberMe: false } },
        '2026-03-02T09:55:00Z',
        `user-${alice}`,
      ),
      recorded(
        { type: 'ToolExecuted', data: { tool: 'calculate', callerId: alice, latencyMs: 1, outcome: 'success' } },
        '2026-03-02T09:56:00Z',
        `tool-executions-${alice}`,
      ),
      recorded(
        {
          type: 'ToolExecuted',
          data: { tool: 'calculate', callerId: alice, latencyMs: 1, outcome: 'error', error: 'Division by zero' },
        },
        '2026-03-02T09:57:00Z',
        `tool-executions-${alice}`,
      ),
    );
    const now = new Date('2026-03-02T10:00:00Z');

    const report = await t.app.get(AnalyticsReports).report('24h', analyst(alice), now);
    const dashboard = await t.app.get(DashboardFigures).dashboard(now);

    expect(report.overview).toMatchObject({ searchQueries: 2, chatSessions: 1, documentsProcessed: 1 });
    expect(report.usage.topSearches).toEqual([{ query: 'quarterly report', count: 2 }]);
    expect(report.usage.toolExecutions).toEqual({ total: 2, failed: 1 });
    expect(dashboard.users).toEqual({ activeUsers: 1, concurrentSessions: 1, totalLogins: 1 });

    await t.app
      .get(MikroORM)
      .em.fork()
      .transactional((em) =>
        t.app
          .get(MetricsProjection)
          .apply(
            recorded(
              { type: 'SessionRevoked', data: { reason: 'logout' } },
              '2026-03-02T09:58:00Z',
              `session-${session}`,
            ),
            em,
          ),
      );
    expect((await t.app.get(DashboardFigures).dashboard(now)).users.concurrentSessions).toBe(0);
  });
});
