import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PasswordHasher } from './auth/tokens/password-hasher.js';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from './testing/test-app.js';

/** A promise and the function that settles it. */
function latch(): { reached: Promise<void>; open: () => void } {
  let open!: () => void;
  const reached = new Promise<void>((resolve) => (open = resolve));
  return { reached, open };
}

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
    const server: Server = t!.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // The registration waits inside its handler, at the password hash, until the server
    // has stopped listening: only then is the request sure to be in flight at shutdown.
    const inHandler = latch();
    const serverClosing = latch();
    const hasher = t!.app.get(PasswordHasher);
    const hash = hasher.hash.bind(hasher);
    jest.spyOn(hasher, 'hash').mockImplementation(async (password) => {
      inHandler.open();
      await serverClosing.reached;
      return hash(password);
    });
    const close = server.close.bind(server);
    jest.spyOn(server, 'close').mockImplementation((callback) => {
      close(callback);
      serverClosing.open();
      return server;
    });

    const pending = t!
      .http()
      .post('/api/auth/register')
      .send(newAccount())
      .then((response) => response);
    await inHandler.reached;
    const closing = t!.close();
    const response = await pending;
    await closing;
    t = undefined;

    expect(server.close).toHaveBeenCalled();
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
  });
});
