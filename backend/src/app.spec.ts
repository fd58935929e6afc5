import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from './testing/test-app.js';

describe('the server as a whole', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t?.close().catch(() => {}));

  it("tags every response with a request id, keeping the caller's own", async () => {
    const generated = await t!.http().get('/health').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t!.http().get('/health').set('X-Request-Id', 'trace-42').expect(200);
    expect(given.headers['x-request-id']).toBe('trace-42');
  });

  it('finishes a request in flight when shutting down', async () => {
    await new Promise<void>((resolve) => t!.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    const registering = t!.http().post('/api/auth/register').send(newAccount());
    const pending = registering.then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = t!.close();
    const response = await pending;
    await closing;
    t = undefined;
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
  });
});
