import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Model, ModelProviderView } from '@docent/common/models';
import {
  sendJson,
  startFakeProviderServer,
  type FakeProviderServer,
} from '../../plugins/sdk/src/testing/fake-provider-server.js';
import { OPENAI_MODELS } from '../../plugins/openai/src/openai-models.js';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const OPENAI_KEY = 'sk-entered-for-the-listing-server-0001';
/** The spec's sample models: the offline fallback, never what a configured provider lists. */
const SPEC_SAMPLE_MODELS = ['gpt-4-turbo', 'claude-3-opus', 'gpt-3.5-turbo'];
const BUILT_IN_OPENAI_IDS = OPENAI_MODELS.map((model) => `openai:${model.id}`);

/**
 * A server speaking OpenAI's documented GET /v1/models: `{ object: 'list', data: [{ id,
 * object: 'model', created, owned_by }] }`, listing whatever the test sets, or failing.
 */
let served: string[] = [];
let listingStatus = 200;
let server: FakeProviderServer;

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
const as = (who: SignedIn) => callAs(t, who.accessToken);
const settled = () => t.app.get(ReactionRunner).catchUp();

async function openaiModels(): Promise<Model[]> {
  const { body } = await as(admin).get('/api/models').expect(200);
  return (body.models as Model[]).filter((model) => model.provider === 'openai');
}

async function openaiProvider(): Promise<ModelProviderView> {
  const { body } = await as(admin).get('/api/models/providers').expect(200);
  return (body.providers as ModelProviderView[]).find((provider) => provider.id === 'openai')!;
}

const ids = (models: { id: string }[]) => models.map((model) => model.id).sort();

beforeAll(async () => {
  server = await startFakeProviderServer((request, response) => {
    if (request.method === 'GET' && request.url === '/v1/models') {
      if (listingStatus !== 200) {
        return sendJson(response, listingStatus, { error: { message: 'Incorrect API key provided', type: 'invalid' } });
      }
      return sendJson(response, 200, {
        object: 'list',
        data: served.map((id) => ({ id, object: 'model', created: 1_780_000_000, owned_by: 'openai' })),
      });
    }
    sendJson(response, 404, { error: { message: `No route ${request.method} ${request.url}` } });
  });
  t = await startTestApp();
  await t.app.get(ModelHealthChecks).startupTestsDone();
  admin = await signUp(t);
  member = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await server.close();
});
beforeEach(() => {
  served = ['gpt-6-luna', 'gpt-7-nova', 'text-embedding-3-large'];
  listingStatus = 200;
});

describe("a configured provider's models come from its own endpoint", () => {
  it('shows the built-in list until the provider is configured, then exactly what its endpoint lists', async () => {
    expect(ids(await openaiModels())).toEqual([...BUILT_IN_OPENAI_IDS].sort());
    expect(await openaiProvider()).toMatchObject({ modelsListedAt: null, modelListingError: null });

    await as(admin)
      .put(`/api/models/${encodeURIComponent('openai:gpt-6-luna')}`)
      .send({ endpoint: `${server.url}/v1`, apiKey: OPENAI_KEY })
      .expect(200);
    await settled();

    const models = await openaiModels();
    // The embedding model is listed by the server but cannot chat.
    expect(ids(models)).toEqual(['openai:gpt-6-luna', 'openai:gpt-7-nova']);
    const byId = new Map(models.map((model) => [model.id, model]));
    // A known id keeps its catalog price; an unknown one is listed at no known price.
    expect(byId.get('openai:gpt-6-luna')).toMatchObject({
      name: 'GPT-6 Luna',
      pricing: { inputPer1kTokens: 0.0001, outputPer1kTokens: 0.0005 },
    });
    expect(byId.get('openai:gpt-7-nova')).toMatchObject({
      name: 'gpt-7-nova',
      pricing: { inputPer1kTokens: 0, outputPer1kTokens: 0 },
      // Health-tested once listed, like the models it replaced.
      status: 'active',
    });
    expect(await openaiProvider()).toMatchObject({
      modelIds: ['openai:gpt-6-luna', 'openai:gpt-7-nova'],
      modelsListedAt: expect.any(String),
      modelListingError: null,
    });

    const listings = server.requests.filter((request) => request.url === '/v1/models');
    expect(listings.length).toBeGreaterThan(0);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);

    const everything = JSON.stringify((await as(admin).get('/api/models').expect(200)).body);
    for (const sample of SPEC_SAMPLE_MODELS) expect(everything).not.toContain(sample);
  });

  it('routes to the listed models: the routing accepts a model only the endpoint knows of', async () => {
    await as(admin).put('/api/models/routing').send({ fallbackModelId: 'openai:gpt-7-nova' }).expect(200);
    await as(admin).put('/api/models/routing').send({ fallbackModelId: null }).expect(200);
  });

  it('Refresh models picks up a changed list, and so does saving the provider again', async () => {
    served = ['gpt-6-luna', 'gpt-7-nova', 'gpt-7-terra'];
    const refreshed = await as(admin).post('/api/models/providers/openai/refresh').expect(200);

    expect(ids(refreshed.body.models)).toEqual(['openai:gpt-6-luna', 'openai:gpt-7-nova', 'openai:gpt-7-terra']);
    expect(refreshed.body.provider).toMatchObject({ id: 'openai', modelListingError: null });
    expect(ids(await openaiModels())).toEqual(['openai:gpt-6-luna', 'openai:gpt-7-nova', 'openai:gpt-7-terra']);

    served = ['gpt-7-terra'];
    await as(admin)
      .put(`/api/models/${encodeURIComponent('openai:gpt-7-terra')}`)
      .send({ apiKey: OPENAI_KEY })
      .expect(200);
    await settled();
    expect(ids(await openaiModels())).toEqual(['openai:gpt-7-terra']);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('keeps the built-in list when the endpoint cannot list, with the reason, until a listing succeeds', async () => {
    listingStatus = 401;
    const refused = await as(admin).post('/api/models/providers/openai/refresh');

    expectFailure(refused, 502, expect.stringContaining('Incorrect API key provided'));
    expect(ids(await openaiModels())).toEqual([...BUILT_IN_OPENAI_IDS].sort());
    expect(await openaiProvider()).toMatchObject({
      modelListingError: expect.stringContaining('Incorrect API key provided'),
    });
    expect(JSON.stringify(refused.body)).not.toContain(OPENAI_KEY);

    listingStatus = 200;
    await as(admin).post('/api/models/providers/openai/refresh').expect(200);
    expect(ids(await openaiModels())).toEqual(['openai:gpt-6-luna', 'openai:gpt-7-nova']);
  });

  it('goes back to the built-in list when the key is removed, and lists nothing without one', async () => {
    const before = server.requests.length;
    // A model only the endpoint listed leaves the catalog with the key; the change is still answered.
    const removed = await as(admin)
      .put(`/api/models/${encodeURIComponent('openai:gpt-7-nova')}`)
      .send({ apiKey: '', configuration: { temperature: 0.2 } })
      .expect(200);
    await settled();

    expect(removed.body.model).toMatchObject({
      id: 'openai:gpt-7-nova',
      apiKey: null,
      status: 'configuring',
      statusReason: 'Set an API key for OpenAI',
      configuration: { temperature: 0.2 },
    });

    expect(ids(await openaiModels())).toEqual([...BUILT_IN_OPENAI_IDS].sort());
    expect(await openaiProvider()).toMatchObject({ modelsListedAt: null, modelListingError: null });
    expectFailure(
      await as(admin).post('/api/models/providers/openai/refresh'),
      409,
      'Set an API key for OpenAI before listing its models',
    );
    expect(server.requests.length).toBe(before);
  });

  it('refuses Refresh models to those who may not configure the system, and for providers it cannot list', async () => {
    expectFailure(await as(member).post('/api/models/providers/openai/refresh'), 403);
    expectFailure(
      await as(admin).post('/api/models/providers/no-such-provider/refresh'),
      404,
      'Model provider not found',
    );
    expectFailure(
      await as(admin).post('/api/models/providers/local/refresh'),
      409,
      expect.stringContaining('cannot list the models it serves'),
    );
    expectFailure(await t.http().post('/api/models/providers/openai/refresh'), 401);
  });
});
