import type { Model } from '@docent/common/models';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { MODEL_PLUGINS_DIR, ScriptedUpstream } from './fixtures/model-plugins/scripted-upstream.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

let t: TestApp;
const upstream = new ScriptedUpstream();
let admin: SignedIn;
let readonly: SignedIn;
let developer: SignedIn;

const as = (who: SignedIn) => callAs(t, who.accessToken);
const path = (modelId: string, suffix = '') => `/api/models/${encodeURIComponent(modelId)}${suffix}`;

async function withRole(role: string): Promise<SignedIn> {
  const account = await signUp(t);
  await as(admin).put(`/api/users/${account.user.id}/role`).send({ role }).expect(200);
  return account;
}

async function listModels(): Promise<Record<string, Model>> {
  const { body } = await as(admin).get('/api/models').expect(200);
  return Object.fromEntries(body.models.map((model: Model) => [model.id, model]));
}

/** Every row of the log and of the providers' read table, as text. */
async function everythingStored(): Promise<string> {
  const em = t.app.get(MikroORM).em.fork();
  const events = await em.execute('select data::text as data from events');
  const providers = await em.execute('select * from model_providers');
  return JSON.stringify([events, providers]);
}

beforeAll(async () => {
  await upstream.start();
  t = await startTestApp({ PLUGINS_DIR: MODEL_PLUGINS_DIR, MODEL_CALL_TIMEOUT: '1s' });
  await t.app.get(ModelHealthChecks).startupTestsDone();
  admin = await signUp(t);
  readonly = await withRole('readonly');
  developer = await withRole('developer');
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await upstream.stop();
});

describe('GET /api/models', () => {
  it("lists every installed provider's models in the spec's shape, in an envelope like the documents list", async () => {
    const { body } = await as(readonly).get('/api/models').expect(200);

    expect(body.success).toBe(true);
    expect(body.models.map((model: Model) => model.id)).toEqual(['offline:echo', 'scripted:alpha', 'scripted:beta']);
    expect(body.models[1]).toEqual({
      id: 'scripted:alpha',
      name: 'Alpha Large',
      provider: 'scripted',
      providerName: 'Scripted Cloud',
      status: 'configuring',
      statusReason: 'Set an API key for Scripted Cloud',
      responseTime: 0,
      costPerToken: 0.02,
      pricing: { inputPer1kTokens: 0.01, outputPer1kTokens: 0.03 },
      accuracy: null,
      usage: 0,
      requests: 0,
      errors: 0,
      lastUsed: null,
      endpoint: null,
      apiKey: null,
      requiresApiKey: true,
      configuration: { temperature: 0.7, maxTokens: 2048, topP: 1, frequencyPenalty: 0, presencePenalty: 0 },
      limits: { dailyRequests: null, monthlyBudget: null, maxConcurrent: null },
      metadata: {
        contextWindow: 128000,
        trainingData: 'Up to 2025',
        capabilities: ['chat', 'streaming'],
        strengths: ['reasoning'],
      },
    });
  });

  it('makes a provider that needs no key active at start, after its health test', async () => {
    expect((await listModels())['offline:echo']).toMatchObject({
      status: 'active',
      statusReason: null,
      requiresApiKey: false,
      apiKey: null,
    });
  });

  it('reports the model router ready on /status while a model is active', async () => {
    const { body } = await t.http().get('/status').expect(200);

    expect(body.components['model-router']).toEqual({ status: 'ready', models: 3, activeModels: 1 });
  });

  it('answers 401 without credentials', async () => {
    expectFailure(await t.http().get('/api/models'), 401);
    expectFailure(await t.http().get('/api/models/stats'), 401);
  });
});

describe('configuring a provider', () => {
  it('tests the provider when its endpoint and key are set, which makes all its models active', async () => {
    const { body } = await as(admin)
      .put(path('scripted:alpha'))
      .send({ endpoint: upstream.url, apiKey: upstream.apiKey })
      .expect(200);

    expect(body).toEqual({
      success: true,
      model: expect.objectContaining({ id: 'scripted:alpha', status: 'active', statusReason: null }),
    });
    expect(body.model.endpoint).toBe(upstream.url);
    expect((await listModels())['scripted:beta']).toMatchObject({ status: 'active', endpoint: upstream.url });
  });

  it('keeps the key encrypted at rest and shows it only masked', async () => {
    const masked = 'sk-…cdef';
    const responses = await Promise.all([
      as(admin).get('/api/models'),
      as(admin).get('/api/models/providers'),
      as(admin).get('/api/models/routing'),
    ]);

    expect((await listModels())['scripted:alpha']!.apiKey).toBe(masked);
    for (const response of responses) expect(JSON.stringify(response.body)).not.toContain(upstream.apiKey);
    const stored = await everythingStored();
    expect(stored).toContain(masked);
    expect(stored).not.toContain(upstream.apiKey);
    expect(stored).not.toContain('0123456789abcdef');
  });

  it('puts a model in error, with the reason, when its provider rejects the key', async () => {
    const { body } = await as(admin).put(path('scripted:beta')).send({ apiKey: 'sk-wrong-key-000000' }).expect(200);

    expect(body.model).toMatchObject({ status: 'error', statusReason: 'Invalid API key', apiKey: 'sk-…0000' });
    await as(admin).put(path('scripted:beta')).send({ apiKey: upstream.apiKey }).expect(200);
    expect((await listModels())['scripted:beta']!.status).toBe('active');
  });

  it('sends a model back to configuring when its key is removed', async () => {
    await as(admin).put(path('scripted:beta')).send({ apiKey: '' }).expect(200);
    expect((await listModels())['scripted:beta']).toMatchObject({ status: 'configuring', apiKey: null });

    await as(admin).put(path('scripted:beta')).send({ apiKey: upstream.apiKey }).expect(200);
    expect((await listModels())['scripted:beta']!.status).toBe('active');
  });
});

describe('PUT /api/models/{id}', () => {
  it('changes parameters and limits, keeps the rest, and answers the updated model', async () => {
    const { body } = await as(admin)
      .put(path('scripted:alpha'))
      .send({
        configuration: { temperature: 0, maxTokens: 8192 },
        limits: { dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 },
      })
      .expect(200);

    expect(body.model.configuration).toEqual({
      temperature: 0,
      maxTokens: 8192,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
    });
    expect(body.model.limits).toEqual({ dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 });
    expect((await listModels())['scripted:alpha']!.limits).toEqual({
      dailyRequests: 1000,
      monthlyBudget: 2000,
      maxConcurrent: 5,
    });

    const cleared = await as(admin)
      .put(path('scripted:alpha'))
      .send({ limits: { dailyRequests: null, monthlyBudget: null, maxConcurrent: null } });
    expect(cleared.body.model.limits).toEqual({ dailyRequests: null, monthlyBudget: null, maxConcurrent: null });
  });

  it('accepts the bounds themselves', async () => {
    const { body } = await as(admin)
      .put(path('scripted:alpha'))
      .send({
        configuration: { temperature: 2, maxTokens: 1, topP: 0, frequencyPenalty: -2, presencePenalty: 2 },
        limits: { dailyRequests: 0 },
      })
      .expect(200);

    expect(body.model.configuration).toEqual({
      temperature: 2,
      maxTokens: 1,
      topP: 0,
      frequencyPenalty: -2,
      presencePenalty: 2,
    });
    await as(admin)
      .put(path('scripted:alpha'))
      .send({
        configuration: { temperature: 0.7, maxTokens: 2048, topP: 1, frequencyPenalty: 0, presencePenalty: 0 },
        limits: { dailyRequests: null },
      })
      .expect(200);
  });

  it('lets an administrator set a model inactive and active again', async () => {
    expect(
      (await as(admin).put(path('scripted:alpha')).send({ status: 'inactive' }).expect(200)).body.model.status,
    ).toBe('inactive');
    expect((await as(admin).put(path('scripted:alpha')).send({ status: 'active' }).expect(200)).body.model.status).toBe(
      'active',
    );
  });

  it('takes an empty update, as the spec says the page sends, and changes nothing', async () => {
    const before = (await listModels())['scripted:alpha'];

    const { body } = await as(admin).put(path('scripted:alpha')).send({}).expect(200);

    expect(body.model).toEqual(before);
  });

  it.each([
    [{ configuration: { temperature: 2.1 } }, 'temperature must be a number between 0 and 2'],
    [{ configuration: { temperature: -0.1 } }, 'temperature must be a number between 0 and 2'],
    [{ configuration: { temperature: '1' } }, 'temperature must be a number between 0 and 2'],
    [{ configuration: { maxTokens: 0 } }, 'maxTokens must be a whole number between 1 and 8192'],
    [{ configuration: { maxTokens: 8193 } }, 'maxTokens must be a whole number between 1 and 8192'],
    [{ configuration: { maxTokens: 100.5 } }, 'maxTokens must be a whole number between 1 and 8192'],
    [{ configuration: { topP: 1.1 } }, 'topP must be a number between 0 and 1'],
    [{ configuration: { topP: -0.1 } }, 'topP must be a number between 0 and 1'],
    [{ configuration: { frequencyPenalty: -2.1 } }, 'frequencyPenalty must be a number between -2 and 2'],
    [{ configuration: { presencePenalty: 2.5 } }, 'presencePenalty must be a number between -2 and 2'],
    [{ limits: { dailyRequests: -1 } }, 'dailyRequests must be a whole number of at least 0, or null for no limit'],
    [{ limits: { dailyRequests: 1.5 } }, 'dailyRequests must be a whole number of at least 0, or null for no limit'],
    [{ limits: { monthlyBudget: -0.01 } }, 'monthlyBudget must be a number of at least 0, or null for no limit'],
    [{ limits: { maxConcurrent: -1 } }, 'maxConcurrent must be a whole number of at least 0, or null for no limit'],
    [{ status: 'error' }, 'status must be active or inactive'],
    [{ endpoint: 'ftp://example.com' }, 'endpoint must be an http or https URL'],
    [{ endpoint: 'not a url' }, 'endpoint must be an http or https URL'],
    [{ apiKey: 42 }, 'apiKey must be a string'],
    [[], 'The request body must be a JSON object'],
  ])('refuses %j with 400: %s, and changes nothing', async (update, message) => {
    const before = (await listModels())['scripted:alpha'];

    expectFailure(await as(admin).put(path('scripted:alpha')).send(update), 400, message);
    expect((await listModels())['scripted:alpha']).toEqual(before);
  });

  it('answers 404 for a model no provider offers', async () => {
    expectFailure(await as(admin).put(path('scripted:gamma')).send({}), 404, 'Model not found');
    expectFailure(await as(admin).put(path('nothing')).send({}), 404, 'Model not found');
  });
});

describe('POST /api/models/{id}/test', () => {
  it('makes a real call and answers success and the response time in ms', async () => {
    upstream.healthDelayMs = 100;
    const started = performance.now();
    let body;
    try {
      ({ body } = await as(developer).post(path('scripted:alpha', '/test')).expect(200));
    } finally {
      upstream.healthDelayMs = 0;
    }
    const elapsed = performance.now() - started;

    expect(body).toEqual({ success: true, responseTime: expect.any(Number) });
    // The upstream took 100 ms to answer (a timer may fire a millisecond early), within the whole request.
    expect(body.responseTime).toBeGreaterThanOrEqual(99);
    expect(body.responseTime).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  it('answers the failure, and puts the model in error with that reason until a test passes', async () => {
    upstream.healthy = false;
    const { body } = await as(admin).post(path('scripted:beta', '/test')).expect(200);
    upstream.healthy = true;

    expect(body).toEqual({
      success: false,
      responseTime: expect.any(Number),
      error: 'Upstream is down for maintenance',
    });
    expect((await listModels())['scripted:beta']).toMatchObject({
      status: 'error',
      statusReason: 'Upstream is down for maintenance',
    });
    expect((await as(admin).post(path('scripted:beta', '/test')).expect(200)).body.success).toBe(true);
    expect((await listModels())['scripted:beta']).toMatchObject({ status: 'active', statusReason: null });
  });

  it('answers 404 for an unknown model', async () => {
    expectFailure(await as(admin).post(path('scripted:gamma', '/test')), 404);
  });
});

describe('permissions', () => {
  it('lets a read-only user read models, stats, routing and providers, but not change or test them', async () => {
    for (const route of ['/api/models', '/api/models/stats', '/api/models/routing', '/api/models/providers']) {
      await as(readonly).get(route).expect(200);
    }
    expectFailure(
      await as(readonly).put(path('scripted:alpha')).send({ status: 'inactive' }),
      403,
      expect.stringContaining('system:configure'),
    );
    expectFailure(
      await as(readonly).post(path('scripted:alpha', '/test')),
      403,
      expect.stringContaining('system:monitor'),
    );
    expectFailure(await as(readonly).put('/api/models/routing').send({ autoRouting: false }), 403);
    expectFailure(await as(readonly).post('/api/models/providers').send({ name: 'X', baseURL: upstream.url }), 403);
  });

  it('lets a developer test models but not configure them', async () => {
    await as(developer).post(path('offline:echo', '/test')).expect(200);
    expectFailure(await as(developer).put(path('offline:echo')).send({ status: 'inactive' }), 403);
  });
});

describe('routing configuration', () => {
  it('starts with auto-routing on and no preferred models, with live limit usage for every model', async () => {
    const { body } = await as(readonly).get('/api/models/routing').expect(200);

    expect(body.routing).toEqual({
      primaryModelId: null,
      fallbackModelId: null,
      costOptimizedModelId: null,
      autoRouting: true,
    });
    expect(body.usage).toContainEqual({
      modelId: 'scripted:alpha',
      dailyRequests: { used: 0, limit: null },
      monthlyBudget: { used: 0, limit: null },
      concurrent: { used: 0, limit: null },
    });
  });

  it('keeps what is written, field by field', async () => {
    const written = {
      primaryModelId: 'scripted:alpha',
      fallbackModelId: 'offline:echo',
      costOptimizedModelId: 'scripted:beta',
      autoRouting: false,
    };

    const put = await as(admin).put('/api/models/routing').send(written).expect(200);
    const partial = await as(admin).put('/api/models/routing').send({ autoRouting: true }).expect(200);
    const read = await as(readonly).get('/api/models/routing').expect(200);

    expect(put.body).toMatchObject({ success: true, routing: written });
    expect(partial.body.routing).toEqual({ ...written, autoRouting: true });
    expect(read.body.routing).toEqual({ ...written, autoRouting: true });
  });

  it.each([
    [{ primaryModelId: 'scripted:gamma' }, 'primaryModelId: no model has the id scripted:gamma'],
    [{ fallbackModelId: 42 }, 'fallbackModelId must be a model id or null'],
    [{ autoRouting: 'yes' }, 'autoRouting must be true or false'],
  ])('refuses %j with 400: %s', async (routing, message) => {
    expectFailure(await as(admin).put('/api/models/routing').send(routing), 400, message);
  });
});

describe('providers', () => {
  it('lists the installed providers with their models, keys masked', async () => {
    // The scripted provider's models as its endpoint listed them once it was configured.
    await t.app.get(ReactionRunner).catchUp();
    const { body } = await as(readonly).get('/api/models/providers').expect(200);

    expect(body.providers).toEqual([
      {
        id: 'offline',
        name: 'Offline Echo',
        pluginId: 'offline',
        endpoint: null,
        apiKey: null,
        custom: false,
        modelIds: ['offline:echo'],
        modelsListedAt: null,
        modelListingError: null,
      },
      {
        id: 'scripted',
        name: 'Scripted Cloud',
        pluginId: 'scripted',
        endpoint: upstream.url,
        apiKey: 'sk-…cdef',
        custom: false,
        modelIds: ['scripted:alpha', 'scripted:beta'],
        modelsListedAt: expect.any(String),
        modelListingError: null,
      },
    ]);
  });

  it('adds an OpenAI-compatible endpoint with the models it lists, tests them, and removes it again', async () => {
    upstream.listedModels = ['llama3.1:8b', 'qwen2.5'];
    const added = await as(admin)
      .post('/api/models/providers')
      .send({ name: 'Team Ollama', baseURL: upstream.url, apiKey: upstream.apiKey })
      .expect(201);
    upstream.listedModels = ['alpha', 'beta'];

    expect(added.body.provider).toEqual({
      id: 'team-ollama',
      name: 'Team Ollama',
      pluginId: 'scripted',
      endpoint: upstream.url,
      apiKey: 'sk-…cdef',
      custom: true,
      modelIds: ['team-ollama:llama3.1:8b', 'team-ollama:qwen2.5'],
      modelsListedAt: null,
      modelListingError: null,
    });
    expect(added.body.models.map((model: Model) => [model.id, model.status])).toEqual([
      ['team-ollama:llama3.1:8b', 'active'],
      ['team-ollama:qwen2.5', 'active'],
    ]);
    expect(Object.keys(await listModels())).toContain('team-ollama:qwen2.5');
    expect(await everythingStored()).not.toContain(upstream.apiKey);

    await as(admin).put('/api/models/routing').send({ fallbackModelId: 'team-ollama:qwen2.5' }).expect(200);
    await as(admin).delete('/api/models/providers/team-ollama').expect(200);

    expect(Object.keys(await listModels())).not.toContain('team-ollama:qwen2.5');
    expect((await as(admin).get('/api/models/routing')).body.routing.fallbackModelId).toBeNull();
  });

  it('refuses an endpoint it cannot reach with 502, and a name already taken with 409', async () => {
    expectFailure(
      await as(admin).post('/api/models/providers').send({ name: 'Nowhere', baseURL: 'http://127.0.0.1:9/v1' }),
      502,
      expect.stringContaining('Could not list the models at http://127.0.0.1:9/v1'),
    );
    expectFailure(await as(admin).post('/api/models/providers').send({ name: 'Scripted', baseURL: upstream.url }), 409);
  });

  it.each([
    [{ baseURL: 'http://localhost:11434' }, 'name is required'],
    [{ name: 'Local', baseURL: 'localhost:11434' }, 'baseURL must be an http or https URL'],
  ])('refuses %j with 400: %s', async (request, message) => {
    expectFailure(await as(admin).post('/api/models/providers').send(request), 400, message);
  });

  it('removes only providers added with Add Provider', async () => {
    expectFailure(
      await as(admin).delete('/api/models/providers/scripted'),
      409,
      expect.stringContaining('installed plugin'),
    );
    expectFailure(await as(admin).delete('/api/models/providers/no-such-provider'), 404);
  });
});
