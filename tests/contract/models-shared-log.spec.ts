import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ModelInvocationRecorder } from '../../backend/src/models/routing/invocation-recorder.js';
import { ReactionRunner } from '../../backend/src/reactions/reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, signUp, type SignedIn } from './support.js';

// Two server processes on one database: each learns what the other records from the event
// log alone (their every-process reactions), never from the other process's memory.

const MODEL = 'local:extractive';
const modelPath = `/api/models/${encodeURIComponent(MODEL)}`;

let first: TestApp;
let second: TestApp;
let admin: SignedIn;

const as = (t: TestApp) => callAs(t, admin.accessToken);
const ask = (t: TestApp) =>
  as(t)
    .post('/v1/chat/completions')
    .send({ model: MODEL, messages: [{ role: 'user', content: 'Where is the lighthouse?' }] });

/** What one process has recorded reaches the other, as its reactions would on their next poll. */
async function recordedIn(from: TestApp, to: TestApp): Promise<void> {
  await from.app.get(ModelInvocationRecorder).flush();
  await to.app.get(ReactionRunner).catchUp();
}

async function modelIn(t: TestApp) {
  const { body } = await as(t).get('/api/models').expect(200);
  return (body.models as { id: string; configuration: { temperature: number } }[]).find((model) => model.id === MODEL)!;
}

beforeAll(async () => {
  first = await startTestApp();
  // The same data directory (its secrets, its files) and the same database, as a second process has.
  second = await startTestApp({ DATA_DIR: first.config.dataDir }, { sharingDatabaseWith: first });
  await Promise.all([first, second].map((t) => t.app.get(ModelHealthChecks).startupTestsDone()));
  admin = await signUp(first);
}, 2 * STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('models with two server processes on one database', () => {
  it("shows in one process's catalog a model change made through the other", async () => {
    expect((await modelIn(second)).configuration.temperature).toBe(0.7);

    await as(first)
      .put(modelPath)
      .send({ configuration: { temperature: 0.3 } })
      .expect(200);
    await second.app.get(ReactionRunner).catchUp();

    expect((await modelIn(second)).configuration.temperature).toBe(0.3);
  });

  it("counts a model's daily limit over the calls of both processes", async () => {
    await as(first)
      .put(modelPath)
      .send({ limits: { dailyRequests: 2 } })
      .expect(200);
    await second.app.get(ReactionRunner).catchUp();

    expect((await ask(first)).status).toBe(200);
    await recordedIn(first, second);
    expect((await ask(second)).status).toBe(200);
    await recordedIn(second, first);

    for (const t of [first, second]) {
      const refused = await ask(t);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 429,
        body: {
          error: {
            message: 'Daily request limit reached for Local extractive answers (2 requests per day)',
            type: 'rate_limit_exceeded',
            param: null,
            code: null,
          },
        },
      });
      const { body } = await as(t).get('/api/models/routing').expect(200);
      expect(body.usage.find((usage: { modelId: string }) => usage.modelId === MODEL).dailyRequests).toEqual({
        used: 2,
        limit: 2,
      });
    }
  });
});
