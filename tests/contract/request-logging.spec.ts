import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientAddressHeaders } from '@docent/common/client-address';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { signUp } from './support.js';

interface LogLine {
  req?: { id?: string; url?: string; query?: Record<string, unknown>; remoteAddress?: string };
}

describe('request logs', () => {
  let t: TestApp;
  const written = new Map<string, { line: LogLine; text: string }>();
  const awaited = new Map<string, (entry: { line: LogLine; text: string }) => void>();

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const line = JSON.parse(text) as LogLine;
          const id = line.req?.id;
          if (!id) continue;
          written.set(id, { line, text });
          awaited.get(id)?.({ line, text });
        }
        done();
      },
    });
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logDestination: destination });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** The line logged for the request sent with this X-Request-Id, once it is written. */
  const logOf = (requestId: string) =>
    new Promise<{ line: LogLine; text: string }>((resolve) => {
      const done = written.get(requestId);
      if (done) resolve(done);
      else awaited.set(requestId, resolve);
    });

  it('never writes a token from the query string, the Authorization header or the cookies', async () => {
    const { accessToken, refreshToken } = await signUp(t);
    await t
      .http()
      .get(`/api/auth/profile?token=${accessToken}&page=2&access_token=${accessToken}&refresh_token=${refreshToken}`)
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Cookie', `__docent_session=${refreshToken}`)
      .set('X-Request-Id', 'redaction-1')
      .expect(200);

    const { line, text } = await logOf('redaction-1');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(refreshToken);
    expect(line.req?.url).toBe(
      '/api/auth/profile?token=[Redacted]&page=2&access_token=[Redacted]&refresh_token=[Redacted]',
    );
    expect(line.req?.query).toEqual({
      token: '[Redacted]',
      page: '2',
      access_token: '[Redacted]',
      refresh_token: '[Redacted]',
    });
  });

  it("logs the browser's address for the web server's calls on its behalf", async () => {
    await t
      .http()
      .get('/api/auth/demo')
      .set(clientAddressHeaders(t.config.auth.sessionSecret, '203.0.113.5'))
      .set('X-Request-Id', 'client-address-1')
      .expect(200);

    expect((await logOf('client-address-1')).line.req?.remoteAddress).toBe('203.0.113.5');
  });
});
