import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, refreshSessionTokens, signedInApi } from './api-client.server';
import { sessionStorageFor, type WebSession } from './session.server';

let server: Server;
let context: AppLoadContext;
const refreshesSeen: string[] = [];

/** How the API answers a path other than the refresh, set by each test. */
type Route = (request: IncomingMessage, response: ServerResponse) => void;
let routes: Record<string, Route>;
/** The calls the API received, the refreshes aside. */
let calls: Array<{ method: string; path: string; authorization: string | undefined; body: string }>;

beforeEach(() => {
  routes = {};
  calls = [];
});

/** An API that rotates each refresh token once and refuses a second use, as Docent's does. */
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://api.test').pathname;
      if (path !== '/api/auth/refresh') {
        calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
        const route = routes[path];
        if (route) route(request, response);
        else answer(response, 404, { success: false, error: 'Not found' });
        return;
      }
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
    secureCookies: false,
    clientAddress: '203.0.113.7',
  } as AppLoadContext;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Answers in turn, the last one for every later call; 'drop' closes the connection without an answer. */
function answersInTurn(...turns: Array<'drop' | [status: number, body: unknown, headers?: Record<string, string>]>) {
  let count = 0;
  return (request: IncomingMessage, response: ServerResponse) => {
    const turn = turns[Math.min(count++, turns.length - 1)]!;
    if (turn === 'drop') request.socket.destroy();
    else answer(response, ...turn);
  };
}

/** Accepts only the access token issued for `refreshToken`, refusing any other as expired. */
const acceptsTokenAfterRefreshOf =
  (refreshToken: string): Route =>
  (request, response) =>
    request.headers.authorization === `Bearer access-after-${refreshToken}`
      ? answer(response, 200, { success: true, user: { name: 'Ada' } })
      : answer(response, 401, { success: false, error: 'Token expired' });

async function signedInRequest(tokens: { accessToken: string; refreshToken?: string }): Promise<Request> {
  const storage = sessionStorageFor(context);
  const session = await storage.getSession();
  session.set('accessToken', tokens.accessToken);
  if (tokens.refreshToken) session.set('refreshToken', tokens.refreshToken);
  const cookie = (await storage.commitSession(session)).split(';')[0]!;
  return new Request('http://docent.test/page', { headers: { Cookie: cookie } });
}

const signedIn = async (tokens: { accessToken: string; refreshToken?: string }) =>
  signedInApi(await signedInRequest(tokens), context);

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

describe('signedInApi: an access token the API refuses', () => {
  it('is refreshed once and the call sent again with the new token, and the rotated tokens go in the cookie', async () => {
    routes['/api/auth/profile'] = acceptsTokenAfterRefreshOf('r3');
    const api = await signedIn({ accessToken: 'expired', refreshToken: 'r3' });

    const answer = await api.call<{ user: { name: string } }>('/api/auth/profile');

    expect(answer.user.name).toBe('Ada');
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer access-after-r3']);
    expect(refreshesSeen.filter((token) => token === 'r3')).toHaveLength(1);
    expect([api.session.get('accessToken'), api.session.get('refreshToken')]).toEqual(['access-after-r3', 'r3+1']);
    expect(new Headers(await api.cookieHeaders()).get('Set-Cookie')).toMatch(/^__docent_session=/);
  });

  it('is refused again after the refresh: that refusal is the answer, with no second refresh', async () => {
    routes['/api/documents'] = answersInTurn([401, { success: false, error: 'Access revoked' }]);
    const api = await signedIn({ accessToken: 'revoked', refreshToken: 'r4' });

    const refusal = await api.call('/api/documents').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 401, message: 'Access revoked' });
    expect(calls).toHaveLength(2);
    expect(refreshesSeen.filter((token) => token.startsWith('r4'))).toEqual(['r4']);
  });

  it('is refreshed once for calls made side by side, which all succeed', async () => {
    routes['/api/auth/profile'] = acceptsTokenAfterRefreshOf('r5');
    const apis = await Promise.all([1, 2, 3].map(() => signedIn({ accessToken: 'expired', refreshToken: 'r5' })));

    const answers = await Promise.all(apis.map((api) => api.call<{ user: { name: string } }>('/api/auth/profile')));

    expect(answers.map((answer) => answer.user.name)).toEqual(['Ada', 'Ada', 'Ada']);
    expect(refreshesSeen.filter((token) => token === 'r5')).toHaveLength(1);
  });

  it('of a streamed body is not sent again: the answer says the session was renewed', async () => {
    routes['/api/documents/upload'] = answersInTurn([401, { success: false, error: 'Token expired' }]);
    const api = await signedIn({ accessToken: 'expired', refreshToken: 'r6' });

    const { response, sessionRenewed } = await api.raw('/api/documents/upload', {
      method: 'POST',
      stream: { body: new Blob(['the file']).stream(), contentType: 'application/octet-stream' },
    });

    expect([response.status, sessionRenewed]).toEqual([401, true]);
    expect(calls.map((call) => call.body)).toEqual(['the file']);
    expect(api.session.get('accessToken')).toBe('access-after-r6');
  });
});

describe('signedInApi: a call that fails in passing', () => {
  const ok: [number, unknown] = [200, { success: true, documents: [] }];

  it('is tried once more when it is a GET the API did not answer', async () => {
    routes['/api/documents'] = answersInTurn('drop', ok);
    const api = await signedIn({ accessToken: 'valid' });

    await expect(api.call('/api/documents')).resolves.toEqual({ success: true, documents: [] });
    expect(calls).toHaveLength(2);
  });

  it('is tried once more when it is a GET answered 503, and only once', async () => {
    routes['/api/documents'] = answersInTurn([503, { success: false, error: 'Restarting' }], ok);
    const api = await signedIn({ accessToken: 'valid' });
    await expect(api.call('/api/documents')).resolves.toEqual({ success: true, documents: [] });
    expect(calls).toHaveLength(2);

    calls = [];
    routes['/api/documents'] = answersInTurn([503, { success: false, error: 'Restarting' }]);
    await expect(api.call('/api/documents')).rejects.toMatchObject({ status: 503, message: 'Restarting' });
    expect(calls).toHaveLength(2);
  });

  it('is not tried again when the API asks for a longer wait: its Retry-After is passed on', async () => {
    routes['/api/documents'] = answersInTurn([503, { success: false, error: 'Maintenance' }, { 'Retry-After': '30' }]);
    const api = await signedIn({ accessToken: 'valid' });

    await expect(api.call('/api/documents')).rejects.toMatchObject({ status: 503, retryAfter: '30' });
    expect(calls).toHaveLength(1);
  });

  it('is never sent again when it is a POST', async () => {
    const api = await signedIn({ accessToken: 'valid' });
    routes['/api/documents/d1/reprocess'] = answersInTurn([503, { success: false, error: 'Restarting' }], ok);
    await expect(api.call('/api/documents/d1/reprocess', { method: 'POST' })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);

    calls = [];
    routes['/api/documents/d1/reprocess'] = answersInTurn('drop', ok);
    await expect(api.call('/api/documents/d1/reprocess', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 0,
      message: 'Network error',
    });
    expect(calls).toHaveLength(1);
  });
});
