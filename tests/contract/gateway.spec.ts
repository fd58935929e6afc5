import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ModelInvocationRecorder } from '../../backend/src/models/routing/invocation-recorder.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { MODEL_PLUGINS_DIR, ScriptedUpstream } from './fixtures/model-plugins/scripted-upstream.js';
import { callAs, signUp, type SignedIn } from './support.js';

// The OpenAI-compatible gateway, driven by the official `openai` client the way any
// OpenAI tool would use it: base URL /v1, an API key or access token as the key.

let t: TestApp;
const upstream = new ScriptedUpstream();
let admin: SignedIn;
let apiKey: string;
let baseURL: string;

const client = (key = apiKey) => new OpenAI({ baseURL, apiKey: key, maxRetries: 0 });
const as = () => callAs(t, admin.accessToken);
const question = [{ role: 'user' as const, content: 'What is the capital of France?' }];

async function modelStats(): Promise<{ totalRequests: number; totalCost: number }> {
  await t.app.get(ModelInvocationRecorder).flush();
  const { body } = await as().get('/api/models/stats').expect(200);
  return body.stats ?? body;
}

beforeAll(async () => {
  await upstream.start();
  t = await startTestApp({ PLUGINS_DIR: MODEL_PLUGINS_DIR });
  await t.app.listen(0, '127.0.0.1');
  baseURL = `${await t.app.getUrl()}/v1`.replace('[::1]', '127.0.0.1');
  admin = await signUp(t);
  ({
    body: {
      apiKey: { key: apiKey },
    },
  } = await as().post('/api/api-keys').send({ name: 'gateway' }).expect(201));
  await as()
    .put(`/api/models/${encodeURIComponent('scripted:alpha')}`)
    .send({ endpoint: upstream.url, apiKey: upstream.apiKey })
    .expect(200);
  await as()
    .put('/api/models/routing')
    .send({
      primaryModelId: 'scripted:alpha',
      fallbackModelId: 'offline:echo',
      costOptimizedModelId: null,
      autoRouting: false,
    })
    .expect(200);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await upstream.stop();
});
beforeEach(() => upstream.resetCounts());

describe('GET /v1/models', () => {
  it('lists exactly the models that can answer now, in OpenAI format', async () => {
    await as()
      .put(`/api/models/${encodeURIComponent('scripted:beta')}`)
      .send({ status: 'inactive' })
      .expect(200);
    const ids = [];
    for await (const model of client().models.list()) {
      expect(model).toMatchObject({ object: 'model', owned_by: expect.any(String), created: expect.any(Number) });
      ids.push(model.id);
    }

    const { body } = await as().get('/api/models').expect(200);
    const models: { id: string; status: string }[] = body.models ?? body;
    expect(ids.sort()).toEqual(
      models
        .filter((model) => model.status === 'active')
        .map((model) => model.id)
        .sort(),
    );
    expect(ids).toEqual(expect.arrayContaining(['scripted:alpha', 'offline:echo']));
    expect(ids).not.toContain('scripted:beta');
  });
});

describe('POST /v1/chat/completions', () => {
  it('answers through the named model with OpenAI usage, and records the call', async () => {
    upstream.behave('alpha', { kind: 'answer', text: 'Paris is the capital.', inputTokens: 12, outputTokens: 5 });
    const before = await modelStats();

    const completion = await client().chat.completions.create({
      model: 'scripted:alpha',
      messages: question,
      temperature: 0.2,
      max_tokens: 50,
    });

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'scripted:alpha',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Paris is the capital.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(upstream.calls).toEqual([
      { model: 'alpha', body: expect.objectContaining({ messages: question, temperature: 0.2, maxTokens: 50 }) },
    ]);
    const after = await modelStats();
    expect(after.totalRequests).toBe(before.totalRequests + 1);
    expect(after.totalCost).toBeGreaterThan(before.totalCost);
  });

  it('lets the router choose with model "auto", and accepts an access token as the key', async () => {
    upstream.behave('alpha', { kind: 'answer', text: 'Routed.', inputTokens: 3, outputTokens: 1 });

    const completion = await client(admin.accessToken).chat.completions.create({ model: 'auto', messages: question });

    expect(completion.model).toBe('scripted:alpha');
    expect(completion.choices[0]!.message.content).toBe('Routed.');
  });

  it('streams chunks that the client assembles, then the usage when asked', async () => {
    upstream.behave('alpha', { kind: 'answer', text: 'Paris is the capital.', inputTokens: 12, outputTokens: 5 });

    const stream = await client().chat.completions.create({
      model: 'scripted:alpha',
      messages: question,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const finishReasons: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'scripted:alpha' });
      for (const choice of chunk.choices) {
        text += choice.delta.content ?? '';
        finishReasons.push(choice.finish_reason);
      }
      usage ??= chunk.usage;
    }

    expect(text.trim()).toBe('Paris is the capital.');
    expect(finishReasons.filter(Boolean)).toEqual(['stop']);
    expect(usage).toEqual({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
  });

  it('falls back when the primary fails, as the router does for the app', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 503 });

    const completion = await client().chat.completions.create({ model: 'auto', messages: question });

    expect(completion.model).toBe('offline:echo');
    expect(completion.choices[0]!.message.content).toBe(question[0]!.content);
  });

  it('refuses a request without a valid key with 401 in OpenAI error shape', async () => {
    const refusal = client('dk_not-a-real-key').chat.completions.create({ model: 'auto', messages: question });

    await expect(refusal).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const response = await t.http().post('/v1/chat/completions').send({ model: 'auto', messages: question });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: { message: 'Authentication required', type: 'authentication_error', param: null, code: null },
    });
  });

  it.each([
    [{ messages: question }, 'model is required'],
    [{ model: 'auto', messages: [] }, 'messages must hold at least one message'],
    [{ model: 'auto', messages: question, temperature: 3 }, 'temperature must be a number between 0 and 2'],
    [{ model: 'auto', messages: question, max_tokens: 9000 }, 'max_tokens must be a whole number between 1 and 8192'],
    [{ model: 'auto', messages: [{ role: 'tool', content: 'x' }] }, 'messages[].role must be'],
    [{ model: 'auto', messages: question, n: 2 }, 'Only n = 1 is supported'],
  ])('refuses %j with 400 and says why', async (body, message) => {
    const response = await callAs(t, apiKey).post('/v1/chat/completions').send(body);

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining(message),
    });
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const response = await callAs(t, apiKey)
      .post('/v1/chat/completions')
      .set('Content-Type', 'application/json')
      .send('{"model":');

    expect(response.status).toBe(400);
  });

  it('answers 429 naming the limit once the model has reached it', async () => {
    await as()
      .put(`/api/models/${encodeURIComponent('offline:echo')}`)
      .send({ limits: { dailyRequests: 0 } })
      .expect(200);
    try {
      const refusal = client().chat.completions.create({ model: 'offline:echo', messages: question });

      await expect(refusal).rejects.toBeInstanceOf(OpenAI.RateLimitError);
      await expect(refusal).rejects.toMatchObject({
        status: 429,
        message: expect.stringMatching(/Daily request limit reached for Echo/),
      });
      // The daily limit resets at the next UTC midnight: Retry-After says so, in seconds.
      const nextUtcDay = new Date().setUTCHours(24, 0, 0, 0);
      const raw = await callAs(t, apiKey)
        .post('/v1/chat/completions')
        .send({ model: 'offline:echo', messages: question })
        .expect(429);
      const retryAfter = Number(raw.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - (nextUtcDay - Date.now()) / 1000)).toBeLessThan(60);
    } finally {
      await as()
        .put(`/api/models/${encodeURIComponent('offline:echo')}`)
        .send({ limits: { dailyRequests: null } })
        .expect(200);
    }
  });

  it('answers an unknown model with a clear error', async () => {
    const refusal = client().chat.completions.create({ model: 'nobody:nothing', messages: question });

    await expect(refusal).rejects.toMatchObject({
      status: expect.any(Number),
      message: expect.stringMatching(/nobody:nothing|not found/i),
    });
  });
});
