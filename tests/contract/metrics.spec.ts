import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/sql';
import type { AnalyticsReport, DashboardMetrics, RealtimeMetrics } from '@docent/common/metrics';
import type { DomainEventMap } from '../../backend/src/event-store/domain-event.js';
import { ProjectionRunner } from '../../backend/src/projections/projection-runner.service.js';
import { batchedRecordsWritten } from '../../backend/src/testing/batched-records.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { SocketClients, listeningUrl } from './socket-support.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

// The Dashboard, Analytics and /metrics figures over HTTP: each moves by exactly what the
// test does, and each role sees what its permissions allow.

const SCRAPE_TOKEN = 'scrape-token-for-the-metrics-test';

let t: TestApp;
let url: string;
let admin: SignedIn;
const sockets = new SocketClients(() => url);

const as = (who: SignedIn) => callAs(t, who.accessToken);
const question = { model: 'auto', messages: [{ role: 'user', content: 'What does the report say?' }] };

/** Everything the server recorded so far is written and folded into the figures. */
async function figuresSettled(): Promise<void> {
  await batchedRecordsWritten(t.app);
  await t.app.get(ProjectionRunner).catchUp();
}

async function dashboard(who = admin): Promise<DashboardMetrics> {
  await figuresSettled();
  return (await as(who).get('/api/metrics/dashboard').expect(200)).body;
}

async function signUpAs(role: string): Promise<SignedIn> {
  const member = await signUp(t);
  if (role !== 'user') await as(admin).put(`/api/users/${member.user.id}/role`).send({ role }).expect(200);
  return member;
}

beforeAll(async () => {
  t = await startTestApp({ METRICS_SCRAPE_TOKEN: SCRAPE_TOKEN });
  url = await listeningUrl(t);
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

describe('GET /api/metrics/dashboard', () => {
  it('moves by exactly the gateway calls made: N calls, their tokens and cost as recorded', async () => {
    const before = await dashboard();
    const head = await eventHead();
    const calls = 3;
    for (let call = 0; call < calls; call++) {
      await as(admin).post('/v1/chat/completions').send(question).expect(200);
    }
    const after = await dashboard();

    const invoked = await modelCallsAfter(head);
    expect(invoked).toHaveLength(calls);
    const tokens = invoked.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0);
    const cost = invoked.reduce((sum, call) => sum + call.cost, 0);
    expect(after.ai.totalRequests - before.ai.totalRequests).toBe(calls);
    expect(after.ai.tokensConsumed - before.ai.tokensConsumed).toBe(tokens);
    expect(after.ai.totalCost - before.ai.totalCost).toBeCloseTo(cost, 6);
    expect(after.ai.successRate).toBe(100);
    // The calls and the dashboard reads themselves: every API request counts.
    expect(after.api.totalRequests - before.api.totalRequests).toBeGreaterThanOrEqual(calls + 1);
    expect(after.realtimeMetrics.tokensConsumed).toBe(after.ai.tokensConsumed);

    const providerCalls = Object.values(after.providers).reduce((sum, provider) => sum + provider.requests, 0);
    expect(providerCalls).toBe(after.ai.totalRequests);
    const shares = after.series.providerShare;
    expect(shares.reduce((sum, share) => sum + share.percent, 0)).toBe(100);
    expect(shares.map((share) => share.displayName).sort()).toEqual(Object.keys(after.providers).sort());
  });

  it('answers the spec’s shape with 24 hourly and 12 two-hourly points, the process’s uptime and the components’ health', async () => {
    const metrics = await dashboard();

    expect(metrics.series.hourly).toHaveLength(24);
    expect(metrics.series.twoHourly).toHaveLength(12);
    const hourly = metrics.series.hourly;
    expect(new Date(hourly[23]!.start).getTime() - new Date(hourly[0]!.start).getTime()).toBe(23 * 3_600_000);
    expect(hourly.reduce((sum, point) => sum + point.modelCalls, 0)).toBe(metrics.ai.totalRequests);
    expect(hourly.reduce((sum, point) => sum + point.requests, 0)).toBe(metrics.api.totalRequests);
    expect(metrics.system.uptime).toBeGreaterThanOrEqual(0);
    expect(metrics.system.uptime).toBeLessThanOrEqual(Math.ceil(process.uptime()));
    const { body: status } = await t.http().get('/status').expect(200);
    type Component = { status: string; disabledByConfiguration?: boolean };
    const components = Object.values(status.components as Record<string, Component>);
    // This server has no embedding model: semantic search is off by configuration, not failing.
    const counted = components.filter((component) => !component.disabledByConfiguration);
    expect(counted.length).toBeLessThan(components.length);
    const ready = counted.filter((component) => component.status === 'ready').length;
    expect(metrics.system.health).toBeCloseTo((ready / counted.length) * 100, 1);
    expect(metrics.users.activeUsers).toBeGreaterThanOrEqual(1);
    expect(metrics.users.concurrentSessions).toBeGreaterThanOrEqual(1);
    expect(metrics.users.totalLogins).toBeGreaterThanOrEqual(1);
  });

  it('counts a newly signed-in user as active and their session as open', async () => {
    const before = await dashboard();
    const member = await signUp(t);
    await as(member).get('/api/auth/profile').expect(200);
    const after = await dashboard();

    expect(after.users.activeUsers).toBe(before.users.activeUsers + 1);
    expect(after.users.concurrentSessions).toBe(before.users.concurrentSessions + 1);
    expect(after.users.totalLogins).toBe(before.users.totalLogins + 1);
  });

  it.each(['admin', 'user', 'readonly', 'analyst', 'developer'])('is open to %s (dashboard:view)', async (role) => {
    const member = role === 'admin' ? admin : await signUpAs(role);
    await as(member).get('/api/metrics/dashboard').expect(200);
  });

  it('refuses an anonymous caller', async () => {
    expectFailure(await t.http().get('/api/metrics/dashboard'), 401);
  });
});

describe('the metrics channel of /ws', () => {
  it('pushes the Realtime metrics to a subscribed socket', async () => {
    const socket = await sockets.open(admin.accessToken);
    const pushed = new Promise<RealtimeMetrics>((resolve) => socket.once('metrics', resolve));
    expect(await socket.emitWithAck('subscribe', { channel: 'metrics' })).toEqual({
      success: true,
      channel: 'metrics',
    });

    expect(await pushed).toEqual({
      activeUsers: expect.any(Number),
      totalRequests: expect.any(Number),
      successRate: expect.any(Number),
      averageResponseTime: expect.any(Number),
      tokensConsumed: expect.any(Number),
      totalCost: expect.any(Number),
      systemHealth: expect.any(Number),
      uptime: expect.any(Number),
    });
  }, 15_000);
});

describe('GET /api/metrics/analytics', () => {
  it.each(['24h', '7d', '30d', '90d'] as const)('reports %s by its buckets', async (period) => {
    await figuresSettled();
    const { body } = await as(admin).get(`/api/metrics/analytics?period=${period}`).expect(200);
    const report = body as AnalyticsReport;
    const buckets = period === '24h' ? 24 : Number(period.slice(0, -1));

    expect(report.period).toBe(period);
    expect(report.usage.series).toHaveLength(buckets);
    expect(report.usage.busiestHours).toHaveLength(24);
    expect(report.allUsers).toBe(true);
    expect(report.overview.totalUsers).toBeGreaterThanOrEqual(1);
    expect(report.overview.uptimePercent).toBeGreaterThan(0);
    expect(report.health.latency.p50).not.toBeNull();
    expect(report.health.componentHistory.map((history) => history.component)).toContain('database');
  });

  it('defaults to 7d and refuses an unknown period with 400', async () => {
    const { body } = await as(admin).get('/api/metrics/analytics').expect(200);
    expect(body.period).toBe('7d');
    expectFailure(await as(admin).get('/api/metrics/analytics?period=1y'), 400, expect.stringContaining('period'));
  });

  it('shows a caller without users:read only their own usage', async () => {
    const analyst = await signUpAs('analyst');
    await as(analyst).post('/v1/chat/completions').send(question).expect(200);
    await as(admin).post('/v1/chat/completions').send(question).expect(200);
    await figuresSettled();

    const own: AnalyticsReport = (await as(analyst).get('/api/metrics/analytics?period=24h').expect(200)).body;
    const everyone: AnalyticsReport = (await as(admin).get('/api/metrics/analytics?period=24h').expect(200)).body;

    expect(own.allUsers).toBe(false);
    expect(own.usage.byUser.map((user) => user.id)).toEqual([analyst.user.id]);
    expect(own.usage.byUser[0]).toMatchObject({ name: analyst.user.name, requests: expect.any(Number) });
    expect(everyone.usage.byUser.map((user) => user.id)).toEqual(
      expect.arrayContaining([analyst.user.id, admin.user.id]),
    );
  });

  it.each(['admin', 'user', 'readonly', 'analyst', 'developer'])('is open to %s (analytics:view)', async (role) => {
    const member = role === 'admin' ? admin : await signUpAs(role);
    await as(member).get('/api/metrics/analytics').expect(200);
  });
});

describe('GET /api/metrics/analytics/export', () => {
  const today = () => new Date().toISOString().slice(0, 10);

  it('downloads the report as JSON named with the period and date, with the export time', async () => {
    await figuresSettled();
    const response = await as(admin).get('/api/metrics/analytics/export?period=30d&format=json').expect(200);
    const report = JSON.parse(response.text ?? response.body.toString());
    const { body: shown } = await as(admin).get('/api/metrics/analytics?period=30d').expect(200);

    expect(response.headers['content-disposition']).toBe(`attachment; filename="analytics-30d-${today()}.json"`);
    expect(new Date(report.exportedAt).toString()).not.toBe('Invalid Date');
    expect(report.overview.totalUsers).toBe(shown.overview.totalUsers);
    expect(report.usage.byUser).toEqual(shown.usage.byUser);
  });

  it('downloads CSV with one figure per row', async () => {
    const response = await as(admin)
      .get('/api/metrics/analytics/export?period=24h&format=csv')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    const lines = (response.body as string).trim().split('\r\n');

    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="analytics-24h-${today()}.csv"`);
    expect(lines[0]).toBe('section,subject,start,figure,value');
    expect(lines).toContain('report,,,period,24h');
    expect(lines.some((line) => line.startsWith('overview,,,totalUsers,'))).toBe(true);
  });

  it('refuses readonly (no analytics:export) and an unknown format', async () => {
    const readonly = await signUpAs('readonly');
    expectFailure(await as(readonly).get('/api/metrics/analytics/export'), 403);
    expectFailure(
      await as(admin).get('/api/metrics/analytics/export?format=xml'),
      400,
      expect.stringContaining('format'),
    );
  });
});

describe('GET /metrics', () => {
  it('answers the scrape token with Prometheus text: requests, model calls, queue, lag, sockets', async () => {
    await as(admin).post('/v1/chat/completions').send(question).expect(200);
    await figuresSettled();
    const response = await t.http().get('/metrics').auth(SCRAPE_TOKEN, { type: 'bearer' }).expect(200);

    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    for (const metric of [
      'docent_http_request_duration_seconds_bucket{',
      'docent_http_request_duration_seconds_count{method="POST",route="/v1/chat/completions",status_class="2xx"}',
      'docent_model_calls_total{',
      'docent_model_tokens_total{',
      'docent_model_cost_dollars_total{',
      'docent_document_processing_queue_depth ',
      'docent_projection_lag_events{projection="metrics"}',
      'docent_websocket_connections ',
    ]) {
      expect(response.text).toContain(metric);
    }
  });

  it('refuses a scraper without the token, or with another, with 401', async () => {
    expectFailure(await t.http().get('/metrics'), 401);
    expectFailure(await t.http().get('/metrics').auth(`${SCRAPE_TOKEN}x`, { type: 'bearer' }), 401);
    expectFailure(await t.http().get('/metrics').auth(admin.accessToken, { type: 'bearer' }), 401);
  });

  it(
    'answers 404 when no scrape token is configured',
    async () => {
      const plain = await startTestApp();
      try {
        expectFailure(await plain.http().get('/metrics').auth(SCRAPE_TOKEN, { type: 'bearer' }), 404);
      } finally {
        await plain.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});

async function eventHead(): Promise<number> {
  const [row] = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ head: string }[]>('select coalesce(max(position), 0) as head from events');
  return Number(row!.head);
}

async function modelCallsAfter(position: number): Promise<DomainEventMap['ModelInvoked'][]> {
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ data: DomainEventMap['ModelInvoked'] | string }[]>(
      `select data from events where type = 'ModelInvoked' and position > ? order by position`,
      [position],
    );
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
}
