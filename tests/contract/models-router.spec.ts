import type { ChatStreamPart } from '@docent/plugin-sdk';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { DomainEventMap } from '../../backend/src/event-store/domain-event.js';
import { ModelInvocationRecorder } from '../../backend/src/models/routing/invocation-recorder.js';
import { ModelRouter, type RouteOptions } from '../../backend/src/models/routing/model-router.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { MODEL_PLUGINS_DIR, ScriptedUpstream } from './fixtures/model-plugins/scripted-upstream.js';
import { callAs, failingAsAnswered, signUp, type SignedIn } from './support.js';

type Invocation = DomainEventMap['ModelInvoked'];

const TIMEOUT_MS = 600;
let t: TestApp;
const upstream = new ScriptedUpstream();
let admin: SignedIn;
let router: ModelRouter;

const as = () => callAs(t, admin.accessToken);
const question = { messages: [{ role: 'user' as const, content: 'What is the capital of France?' }] };
const ask = (options: Partial<RouteOptions> = {}) =>
  failingAsAnswered(router.complete(question, { principal: null, ...options }));
const configure = (modelId: string, update: object) =>
  as()
    .put(`/api/models/${encodeURIComponent(modelId)}`)
    .send(update)
    .expect(200);
const route = (routing: object) => as().put('/api/models/routing').send(routing).expect(200);

/** The calls recorded since the given position in the log. */
async function invocationsAfter(position: number): Promise<Invocation[]> {
  await t.app.get(ModelInvocationRecorder).flush();
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ data: Invocation | string }[]>(
      `select data from events where type = 'ModelInvoked' and position > ? order by position`,
      [position],
    );
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
}

async function headPosition(): Promise<number> {
  await t.app.get(ModelInvocationRecorder).flush();
  const [row] = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ head: string }[]>('select coalesce(max(position), 0) as head from events');
  return Number(row!.head);
}

async function usedToday(modelId: string): Promise<{ requests: number; cost: number }> {
  const { body } = await as().get('/api/models/routing').expect(200);
  const usage = body.usage.find((entry: { modelId: string }) => entry.modelId === modelId);
  return { requests: usage.dailyRequests.used, cost: usage.monthlyBudget.used };
}

beforeAll(async () => {
  await upstream.start();
  t = await startTestApp({ PLUGINS_DIR: MODEL_PLUGINS_DIR, MODEL_CALL_TIMEOUT: `${TIMEOUT_MS}ms` });
  admin = await signUp(t);
  router = t.app.get(ModelRouter);
  await configure('scripted:alpha', { endpoint: upstream.url, apiKey: upstream.apiKey });
  await configure('offline:echo', { status: 'inactive' });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await upstream.stop();
});
beforeEach(async () => {
  upstream.resetCounts();
  upstream.behave('alpha', { kind: 'answer', inputTokens: 1000, outputTokens: 500 });
  upstream.behave('beta', { kind: 'answer', inputTokens: 200, outputTokens: 100 });
  await route({
    primaryModelId: 'scripted:alpha',
    fallbackModelId: 'scripted:beta',
    costOptimizedModelId: 'scripted:beta',
    autoRouting: false,
  });
  for (const model of ['scripted:alpha', 'scripted:beta']) {
    await configure(model, { limits: { dailyRequests: null, monthlyBudget: null, maxConcurrent: null } });
  }
});

describe('choosing a model', () => {
  it("answers from the primary with the model's configured parameters, and records the call with its cost", async () => {
    await configure('scripted:alpha', { configuration: { temperature: 0.2, maxTokens: 300 } });
    const since = await headPosition();

    const { modelId, response } = await ask();

    expect(modelId).toBe('scripted:alpha');
    expect(response).toEqual({
      text: 'Answer from alpha',
      usage: { inputTokens: 1000, outputTokens: 500 },
      finishReason: 'stop',
    });
    expect(upstream.calls[0]!.body).toMatchObject({ temperature: 0.2, maxTokens: 300, messages: question.messages });
    expect(await invocationsAfter(since)).toEqual([
      {
        modelId: 'scripted:alpha',
        providerId: 'scripted',
        userId: null,
        inputTokens: 1000,
        outputTokens: 500,
        // 1000 / 1000 × $0.01 + 500 / 1000 × $0.03
        cost: expect.closeTo(0.025, 10),
        latencyMs: expect.any(Number),
        outcome: 'success',
        error: null,
        finishReason: 'stop',
        fallback: false,
        streamed: false,
      },
    ]);
  });

  it('takes the cost-optimized model first when the request prefers cost', async () => {
    expect((await ask({ preference: 'cost' })).modelId).toBe('scripted:beta');
  });

  it('answers only from a model the caller names', async () => {
    expect((await ask({ model: 'scripted:beta' })).modelId).toBe('scripted:beta');
    await expect(ask({ model: 'offline:echo' })).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('inactive'),
    });
  });

  it('records who asked', async () => {
    const since = await headPosition();

    await ask({ principal: { userId: admin.user.id, role: 'admin', sessionId: null, apiKeyId: null, isDemo: false } });

    expect((await invocationsAfter(since))[0]!.userId).toBe(admin.user.id);
  });
});

describe('falling back', () => {
  it('moves to the fallback when the primary answers 500, and records both calls', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 500 });
    const since = await headPosition();

    const { modelId } = await ask();

    expect(modelId).toBe('scripted:beta');
    expect(await invocationsAfter(since)).toEqual([
      expect.objectContaining({
        modelId: 'scripted:alpha',
        outcome: 'error',
        error: expect.stringContaining('500'),
        cost: 0,
        fallback: false,
      }),
      expect.objectContaining({ modelId: 'scripted:beta', outcome: 'success', fallback: true }),
    ]);
  });

  it('moves to the fallback when the primary does not answer in time', async () => {
    upstream.behave('alpha', { kind: 'hang' });
    const since = await headPosition();
    const started = performance.now();

    const { modelId } = await ask();

    expect(modelId).toBe('scripted:beta');
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect((await invocationsAfter(since))[0]).toMatchObject({
      modelId: 'scripted:alpha',
      outcome: 'error',
      error: `The provider did not answer within ${TIMEOUT_MS / 1000} s`,
    });
  });

  it.each([
    [429, 'rate limiting'],
    [401, 'a refused key'],
    [404, 'a model the provider does not know'],
  ])('moves on after a %i from the provider (%s)', async (status) => {
    upstream.behave('alpha', { kind: 'fail', status });

    expect((await ask()).modelId).toBe('scripted:beta');
  });

  it('returns a refusal of the request itself (400) to the caller without trying another model', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 400, message: 'messages must not be empty' });

    await expect(ask()).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('messages must not be empty'),
    });
    expect(upstream.calls.map((call) => call.model)).toEqual(['alpha']);
  });

  it('answers 502 when every candidate fails', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 503 });
    upstream.behave('beta', { kind: 'fail', status: 500 });

    await expect(ask()).rejects.toMatchObject({ status: 502, message: expect.stringContaining('Beta Small failed') });
  });

  it('with auto-routing, tries the other active models when the primary and the fallback fail', async () => {
    await configure('offline:echo', { status: 'active' });
    upstream.behave('alpha', { kind: 'fail', status: 500 });
    upstream.behave('beta', { kind: 'fail', status: 500 });
    await route({ autoRouting: true });

    expect((await ask()).modelId).toBe('offline:echo');
    await configure('offline:echo', { status: 'inactive' });
  });
});

describe('limits', () => {
  it('stops a model at its daily request limit, counting calls already made today', async () => {
    const { requests } = await usedToday('scripted:alpha');
    await configure('scripted:alpha', { limits: { dailyRequests: requests + 2 } });

    await ask({ model: 'scripted:alpha' });
    await ask({ model: 'scripted:alpha' });

    await expect(ask({ model: 'scripted:alpha' })).rejects.toMatchObject({
      status: 429,
      message: `Daily request limit reached for Alpha Large (${requests + 2} requests per day)`,
    });
    expect(upstream.calls).toHaveLength(2);
  });

  it('goes to the fallback when the primary is over a limit, and answers 429 naming every limit when all are', async () => {
    await configure('scripted:alpha', { limits: { dailyRequests: 0 } });

    expect((await ask()).modelId).toBe('scripted:beta');

    await configure('scripted:beta', { limits: { maxConcurrent: 0 } });
    await expect(ask()).rejects.toMatchObject({
      status: 429,
      message:
        'Daily request limit reached for Alpha Large (0 requests per day); Concurrent request limit reached for Beta Small (0 at a time)',
    });
  });

  it("stops a model once this month's cost reaches its budget", async () => {
    const { cost } = await usedToday('scripted:alpha');
    // Each call costs $0.025: the first starts below the budget, the second would start above it.
    const budget = cost + 0.02;
    await configure('scripted:alpha', { limits: { monthlyBudget: budget } });

    await ask({ model: 'scripted:alpha' });

    await expect(ask({ model: 'scripted:alpha' })).rejects.toMatchObject({
      status: 429,
      message: `Monthly budget reached for Alpha Large ($${budget.toFixed(2)} per month)`,
    });
  });

  it('lets exactly as many requests run at once as the concurrency limit, however many arrive together', async () => {
    await configure('scripted:alpha', { limits: { maxConcurrent: 3 } });
    upstream.behave('alpha', { kind: 'answer', inputTokens: 10, outputTokens: 5, delayMs: 200 });
    const { requests } = await usedToday('scripted:alpha');

    const results = await Promise.allSettled(Array.from({ length: 12 }, () => ask({ model: 'scripted:alpha' })));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refusals).toHaveLength(9);
    for (const { reason } of refusals) {
      expect(reason).toMatchObject({
        status: 429,
        message: 'Concurrent request limit reached for Alpha Large (3 at a time)',
      });
    }
    expect(upstream.maxInFlight).toBe(3);
    // The three calls let through count against today's requests; the nine refused do not.
    expect((await usedToday('scripted:alpha')).requests).toBe(requests + 3);
    await expect(ask({ model: 'scripted:alpha' })).resolves.toMatchObject({ modelId: 'scripted:alpha' });
  });

  it('holds the concurrency limit when the calls are spread over the fallback too', async () => {
    await configure('scripted:alpha', { limits: { maxConcurrent: 2 } });
    await configure('scripted:beta', { limits: { maxConcurrent: 2 } });
    upstream.behave('alpha', { kind: 'answer', inputTokens: 10, outputTokens: 5, delayMs: 200 });
    upstream.behave('beta', { kind: 'answer', inputTokens: 10, outputTokens: 5, delayMs: 200 });

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => ask()));

    const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.modelId] : []));
    expect(answered.sort()).toEqual(['scripted:alpha', 'scripted:alpha', 'scripted:beta', 'scripted:beta']);
    expect(upstream.maxInFlight).toBe(4);
  });
});

describe('streaming', () => {
  it('streams the answer from the chosen model and records the call with its usage', async () => {
    const since = await headPosition();

    const { modelId, parts } = await router.stream(question, { principal: null });
    const received: ChatStreamPart[] = [];
    for await (const part of parts) received.push(part);

    expect(modelId).toBe('scripted:alpha');
    expect(
      received
        .filter((part) => part.type === 'text-delta')
        .map((part) => part.text)
        .join(''),
    ).toBe('Answer from alpha ');
    expect(received.at(-1)).toEqual({
      type: 'finish',
      usage: { inputTokens: 1000, outputTokens: 500 },
      finishReason: 'stop',
    });
    expect(await invocationsAfter(since)).toEqual([
      expect.objectContaining({
        modelId: 'scripted:alpha',
        streamed: true,
        outcome: 'success',
        inputTokens: 1000,
        outputTokens: 500,
        cost: expect.closeTo(0.025, 10),
      }),
    ]);
  });

  it('falls back before the first part when the primary fails', async () => {
    upstream.behave('alpha', { kind: 'fail', status: 502 });

    const { modelId, parts } = await router.stream(question, { principal: null });
    for await (const _part of parts);

    expect(modelId).toBe('scripted:beta');
  });

  it('gives the concurrency slot back when the caller stops reading early', async () => {
    await configure('scripted:alpha', { limits: { maxConcurrent: 1 } });

    const first = await router.stream(question, { principal: null, model: 'scripted:alpha' });
    for await (const _part of first.parts) break;

    await expect(router.stream(question, { principal: null, model: 'scripted:alpha' })).resolves.toMatchObject({
      modelId: 'scripted:alpha',
    });
  });
});
