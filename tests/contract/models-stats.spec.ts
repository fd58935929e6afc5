import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model } from '@docent/common/models';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DomainEventMap } from '../../backend/src/event-store/domain-event.js';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ModelRouter, type RouteOptions } from '../../backend/src/models/routing/model-router.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { MODEL_PLUGINS_DIR, ScriptedUpstream } from './fixtures/model-plugins/scripted-upstream.js';
import { callAs, expectFailure, failingAsAnswered, signUp, type SignedIn } from './support.js';

const upstream = new ScriptedUpstream();
const question = { messages: [{ role: 'user' as const, content: 'Summarise the report' }] };

async function startWithProvider(env: Record<string, string> = {}, options = {}) {
  const t = await startTestApp({ PLUGINS_DIR: MODEL_PLUGINS_DIR, MODEL_CALL_TIMEOUT: '1s', ...env }, options);
  await t.app.get(ModelHealthChecks).startupTestsDone();
  return t;
}

const ask = (t: TestApp, options: Partial<RouteOptions> = {}) =>
  failingAsAnswered(t.app.get(ModelRouter).complete(question, { principal: null, ...options }));

beforeAll(() => upstream.start());
afterAll(() => upstream.stop());

describe('GET /api/models/stats and the figures of each model', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startWithProvider();
    admin = await signUp(t);
    await callAs(t, admin.accessToken)
      .put(`/api/models/${encodeURIComponent('scripted:alpha')}`)
      .send({ endpoint: upstream.url, apiKey: upstream.apiKey })
      .expect(200);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('reports no calls, a 100% success rate and the models counted by status before any call', async () => {
    const { body } = await callAs(t, admin.accessToken).get('/api/models/stats').expect(200);

    expect(body).toEqual({
      success: true,
      stats: {
        totalModels: 3,
        activeModels: 3,
        totalRequests: 0,
        totalCost: 0,
        averageResponseTime: 0,
        successRate: 100,
        monthlyCost: 0,
        dailyRequests: 0,
      },
    });
  });

  it('counts known calls: requests, cost to the cent, success rate, response time, and each model’s share', async () => {
    upstream.behave('alpha', { kind: 'answer', inputTokens: 1000, outputTokens: 500 });
    upstream.behave('beta', { kind: 'answer', inputTokens: 2000, outputTokens: 1000, finishReason: 'length' });
    await ask(t, { model: 'scripted:alpha' });
    await ask(t, { model: 'scripted:alpha' });
    await ask(t, { model: 'scripted:beta' });
    upstream.behave('alpha', { kind: 'fail', status: 400 });
    await expect(ask(t, { model: 'scripted:alpha' })).rejects.toMatchObject({ status: 400 });

    const { body } = await callAs(t, admin.accessToken).get('/api/models/stats').expect(200);
    const invocations = (
      await t.app
        .get(MikroORM)
        .em.fork()
        .execute<{ data: DomainEventMap['ModelInvoked'] | string }[]>(
          `select data from events where type = 'ModelInvoked'`,
        )
    ).map((row): DomainEventMap['ModelInvoked'] => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
    const meanLatencySeconds = invocations.map((call) => call.latencyMs).reduce((a, b) => a + b, 0) / 4 / 1000;
    // Each model's own figure: the mean of its calls' latencies, each kept to the millisecond, in seconds to 3 places.
    const alphaLatenciesMs = invocations
      .filter((call) => call.modelId === 'scripted:alpha')
      .map((call) => Math.round(call.latencyMs));
    const alphaMeanLatencySeconds =
      Math.round((alphaLatenciesMs.reduce((a, b) => a + b, 0) / alphaLatenciesMs.length / 1000) * 1000) / 1000;

    // alpha: 2 × (1000/1000 × $0.01 + 500/1000 × $0.03) = $0.05; beta: 2000/1000 × $0.001 + 1000/1000 × $0.002 = $0.004
    expect(body.stats).toEqual({
      totalModels: 3,
      activeModels: 3,
      totalRequests: 4,
      totalCost: 0.054,
      // Reported to the millisecond.
      averageResponseTime: expect.closeTo(meanLatencySeconds, 2),
      successRate: 75,
      monthlyCost: 0.054,
      dailyRequests: 4,
    });

    const { body: list } = await callAs(t, admin.accessToken).get('/api/models').expect(200);
    const models: Record<string, Model> = Object.fromEntries(list.models.map((model: Model) => [model.id, model]));
    expect(models['scripted:alpha']).toMatchObject({
      requests: 3,
      errors: 1,
      usage: 75,
      accuracy: 100,
      lastUsed: expect.any(String),
    });
    expect(models['scripted:beta']).toMatchObject({ requests: 1, errors: 0, usage: 25, accuracy: 0 });
    expect(models['offline:echo']).toMatchObject({
      requests: 0,
      errors: 0,
      usage: 0,
      accuracy: null,
      lastUsed: null,
      responseTime: 0,
    });
    expect(alphaLatenciesMs).toHaveLength(3);
    expect(models['scripted:alpha']!.responseTime).toBe(alphaMeanLatencySeconds);
  });
});

describe('after a restart', () => {
  it('writes pending calls on shutdown, and counts them against the limits again, with the key still usable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docent-models-'));
    upstream.behave('alpha', { kind: 'answer', inputTokens: 10, outputTokens: 5 });
    const first = await startWithProvider({ DATA_DIR: dataDir }, { persistent: true });
    const admin = await signUp(first);
    const alpha = `/api/models/${encodeURIComponent('scripted:alpha')}`;
    await callAs(first, admin.accessToken)
      .put(alpha)
      .send({ endpoint: upstream.url, apiKey: upstream.apiKey, limits: { dailyRequests: 3 } })
      .expect(200);
    await ask(first, { model: 'scripted:alpha' });
    await ask(first, { model: 'scripted:alpha' });
    await first.close();

    const second = await startWithProvider({ DATA_DIR: dataDir }, { persistent: true });
    try {
      const { body } = await callAs(second, admin.accessToken).get('/api/models/stats').expect(200);
      expect(body.stats).toMatchObject({ totalRequests: 2, dailyRequests: 2 });

      await expect(ask(second, { model: 'scripted:alpha' })).resolves.toMatchObject({ modelId: 'scripted:alpha' });
      await expect(ask(second, { model: 'scripted:alpha' })).rejects.toMatchObject({
        status: 429,
        message: 'Daily request limit reached for Alpha Large (3 requests per day)',
      });
      expectFailure(await callAs(second, admin.accessToken).put('/api/models/nothing').send({}), 404);
    } finally {
      await second.close();
    }

    const withAnotherSecret = await startWithProvider(
      { DATA_DIR: dataDir, MODEL_SECRETS_KEY: 'another-secret-'.repeat(3) },
      { persistent: true },
    );
    try {
      const { body } = await callAs(withAnotherSecret, admin.accessToken).post(`${alpha}/test`).expect(200);
      expect(body).toEqual({
        success: false,
        responseTime: expect.any(Number),
        error: expect.stringContaining('cannot be decrypted'),
      });
    } finally {
      await withAnotherSecret.close();
    }
  }, 180_000); // three starts, STARTUP_TIMEOUT_MS each
});
