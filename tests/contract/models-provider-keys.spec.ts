import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, signUp, type SignedIn } from './support.js';

/**
 * An OpenAI-compatible server that answers anything and writes down the Authorization
 * header of every request: the administrator's own endpoint, or one an attacker points
 * a provider at to collect its stored key.
 */
class RecordingEndpoint {
  authorizations: (string | undefined)[] = [];
  private readonly server: Server = createServer((request, response) => {
    this.authorizations.push(request.headers.authorization);
    request.resume().on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(OPENAI_ANSWER));
    });
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  start = () => new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

/** Both a model list (GET /models) and a chat completion, so every call the plugin makes succeeds. */
const OPENAI_ANSWER = {
  object: 'list',
  data: [{ id: 'gpt-6-luna', object: 'model' }],
  id: 'chatcmpl-1',
  created: 0,
  model: 'gpt-6-luna',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

const ENTERED_KEY = 'sk-entered-for-our-endpoint-0001';
const NEW_KEY = 'sk-entered-with-the-new-endpoint-0002';

let t: TestApp;
let admin: SignedIn;
const ours = new RecordingEndpoint();
const attackers = new RecordingEndpoint();
const as = () => callAs(t, admin.accessToken);
const modelPath = (modelId: string, suffix = '') => `/api/models/${encodeURIComponent(modelId)}${suffix}`;

beforeAll(async () => {
  await Promise.all([ours.start(), attackers.start()]);
  t = await startTestApp();
  await t.app.get(ModelHealthChecks).startupTestsDone();
  admin = await signUp(t);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await Promise.all([ours.stop(), attackers.stop()]);
});
beforeEach(() => {
  ours.authorizations = [];
  attackers.authorizations = [];
});

describe("a provider's stored API key goes only to the endpoint it was entered for", () => {
  const model = 'openai:gpt-6-luna';

  it('is cleared when the endpoint changes without a key, so neither the change nor a test sends it there', async () => {
    await as().put(modelPath(model)).send({ endpoint: ours.url, apiKey: ENTERED_KEY }).expect(200);
    expect(ours.authorizations).toContain(`Bearer ${ENTERED_KEY}`);

    const moved = await as().put(modelPath(model)).send({ endpoint: attackers.url }).expect(200);
    const test = await as().post(modelPath(model, '/test')).expect(200);

    expect(attackers.authorizations).not.toContain(`Bearer ${ENTERED_KEY}`);
    expect(moved.body.model).toMatchObject({ endpoint: attackers.url, apiKey: null });
    expect(test.body).toMatchObject({ success: false, error: expect.stringContaining('Set an API key') });
    const { body } = await as().get('/api/models').expect(200);
    expect(body.models.find((listed: { id: string }) => listed.id === model)).toMatchObject({ apiKey: null });
  });

  it('sends the key entered in the same request as the new endpoint, and only that one', async () => {
    await as().put(modelPath(model)).send({ endpoint: ours.url, apiKey: ENTERED_KEY }).expect(200);

    const moved = await as().put(modelPath(model)).send({ endpoint: attackers.url, apiKey: NEW_KEY }).expect(200);
    await as().post(modelPath(model, '/test')).expect(200);

    expect(moved.body.model).toMatchObject({ endpoint: attackers.url, apiKey: 'sk-…0002' });
    expect(attackers.authorizations).toContain(`Bearer ${NEW_KEY}`);
    expect(attackers.authorizations).not.toContain(`Bearer ${ENTERED_KEY}`);
  });

  it("also clears the key of an endpoint added with 'Add Provider' when its endpoint changes", async () => {
    const added = await as()
      .post('/api/models/providers')
      .send({ name: 'Team Server', baseURL: ours.url, apiKey: ENTERED_KEY })
      .expect(201);
    const addedModel = added.body.models[0].id as string;
    expect(ours.authorizations).toContain(`Bearer ${ENTERED_KEY}`);

    const moved = await as().put(modelPath(addedModel)).send({ endpoint: attackers.url }).expect(200);
    await as().post(modelPath(addedModel, '/test')).expect(200);

    expect(attackers.authorizations.length).toBeGreaterThan(0);
    expect(attackers.authorizations).not.toContain(`Bearer ${ENTERED_KEY}`);
    expect(moved.body.model).toMatchObject({ endpoint: attackers.url, apiKey: null });
  });
});
