import type { Model } from '@docent/common/models';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const DEMO_LOCAL_ONLY =
  'Demo login is only available on the computer the server runs on (DEMO_MODE=true offers it to everyone)';
const ANOTHER_MACHINE = '203.0.113.7';

/**
 * The test client always connects over loopback. To be seen as another machine it goes
 * through the app's own mechanism for the client's address: Express's `trust proxy`. Set
 * to trust loopback, Express takes the address a proxy on this machine reports in
 * X-Forwarded-For, exactly as behind a reverse proxy.
 */
async function startBehindLocalProxy(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp(env);
  (t.app as NestExpressApplication).set('trust proxy', 'loopback');
  return t;
}

const fromAnotherMachine = (t: TestApp) => ({
  demo: () => t.http().get('/api/auth/demo').set('X-Forwarded-For', ANOTHER_MACHINE),
  demoLogin: () => t.http().post('/api/auth/demo-login').set('X-Forwarded-For', ANOTHER_MACHINE),
});

describe('demo login with DEMO_MODE unset (outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBehindLocalProxy();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('is offered to, and opens a session for, a browser on the machine the server runs on', async () => {
    expect((await t.http().get('/api/auth/demo').expect(200)).body).toEqual({ success: true, available: true });
    const demo = await t.http().post('/api/auth/demo-login').expect(200);
    expect(demo.body.user).toMatchObject({ role: 'admin', isDemo: true });
  });

  it('is neither offered nor opened to a caller on another machine: 403 with the reason', async () => {
    expect((await fromAnotherMachine(t).demo().expect(200)).body).toEqual({ success: true, available: false });
    expectFailure(await fromAnotherMachine(t).demoLogin(), 403, DEMO_LOCAL_ONLY);
  });
});

describe('demo login with DEMO_MODE=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBehindLocalProxy({ DEMO_MODE: 'true' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('is offered to, and opens a session for, a caller on another machine', async () => {
    expect((await fromAnotherMachine(t).demo().expect(200)).body).toEqual({ success: true, available: true });
    await fromAnotherMachine(t).demoLogin().expect(200);
  });
});

describe('a demo session', () => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let demo: SignedIn;
  const as = (who: SignedIn) => callAs(t, who.accessToken);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t);
    member = await signUp(t);
    demo = (await t.http().post('/api/auth/demo-login').expect(200)).body;
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function openaiModel(): Promise<Model> {
    const { models } = (await as(admin).get('/api/models').expect(200)).body as { models: Model[] };
    return models.find((model) => model.provider === 'openai')!;
  }

  it('is the demo administrator, and says so', async () => {
    const { user } = (await as(demo).get('/api/auth/profile').expect(200)).body;
    expect(user).toMatchObject({ role: 'admin', isDemo: true });
    expect((await as(admin).get('/api/auth/profile').expect(200)).body.user.isDemo).toBe(false);
  });

  it('cannot make anyone an administrator: 403, and the role stays', async () => {
    const response = await as(demo).put(`/api/users/${member.user.id}/role`).send({ role: 'admin' });
    expectFailure(response, 403, expect.stringContaining('users:manage_roles'));
    expect((await as(member).get('/api/auth/profile').expect(200)).body.user.role).toBe('user');
  });

  it("cannot point a provider's endpoint or key elsewhere: 403, and the model stays as it was", async () => {
    const before = await openaiModel();
    const response = await as(demo)
      .put(`/api/models/${encodeURIComponent(before.id)}`)
      .send({ endpoint: 'http://collector.example/v1', apiKey: 'sk-not-theirs' });
    expectFailure(response, 403, expect.stringContaining('system:configure'));
    expect(await openaiModel()).toEqual(before);
  });

  it('cannot add or remove providers, or change the routing: 403', async () => {
    const added = await as(demo)
      .post('/api/models/providers')
      .send({ name: 'Collector', baseURL: 'http://127.0.0.1:9/v1' });
    expectFailure(added, 403, expect.stringContaining('system:configure'));
    expectFailure(await as(demo).delete('/api/models/providers/collector'), 403);
    expectFailure(await as(demo).put('/api/models/routing').send({ autoRouting: false }), 403);
  });

  it('cannot create an API key, which would outlive the demo: 403', async () => {
    expectFailure(
      await as(demo).post('/api/api-keys').send({ name: 'Keep me' }),
      403,
      expect.stringContaining('api_keys:create'),
    );
    expect((await as(demo).get('/api/api-keys').expect(200)).body.apiKeys).toEqual([]);
  });

  it('still looks around: models, routing and providers', async () => {
    for (const route of ['/api/models', '/api/models/routing', '/api/models/providers']) {
      await as(demo).get(route).expect(200);
    }
  });
});
