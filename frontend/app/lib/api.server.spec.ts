import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refreshSessionTokens } from './api.server';
import type { WebSession } from './session.server';

let server: Server;
let context: AppLoadContext;
const refreshesSeen: string[] = [];

/** An API that rotates each refresh token once and refuses a second use, as Docent's does. */
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { refreshToken } = JSON.parse(body) as { refreshToken: string };
      const reused = refreshesSeen.includes(refreshToken);
      refreshesSeen.push(refreshToken);
      response.writeHead(reused ? 401 : 200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          reused
            ? { success: false, error: 'Refresh token reuse detected' }
            : { success: true, accessToken: `access-after-${refreshToken}`, refreshToken: `${refreshToken}+1` },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  context = {
    apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessionSecret: 's'.repeat(40),
    clientAddress: '203.0.113.7',
  } as AppLoadContext;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function sessionWith(refreshToken: string): WebSession {
  const values = new Map<string, string>([['refreshToken', refreshToken]]);
  return {
    get: (key: string) => values.get(key),
    set: (key: string, value: string) => values.set(key, value),
  } as unknown as WebSession;
}

describe('refreshSessionTokens', () => {
  it('exchanges a refresh token once for loaders that find the access token expired together', async () => {
    const sessions = [sessionWith('r1'), sessionWith('r1'), sessionWith('r1')];

    await Promise.all(sessions.map((session) => refreshSessionTokens(context, session)));

    expect(refreshesSeen.filter((token) => token === 'r1')).toHaveLength(1);
    for (const session of sessions) {
      expect([session.get('accessToken'), session.get('refreshToken')]).toEqual(['access-after-r1', 'r1+1']);
    }
  });

  it('shares the outcome with a loader that arrives just after the exchange', async () => {
    const first = sessionWith('r2');
    await refreshSessionTokens(context, first);
    const late = sessionWith('r2');

    await refreshSessionTokens(context, late);

    expect(late.get('refreshToken')).toBe('r2+1');
    expect(refreshesSeen.filter((token) => token === 'r2')).toHaveLength(1);
  });
});
