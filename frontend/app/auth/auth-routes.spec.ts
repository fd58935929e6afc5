import type { AppLoadContext } from '@remix-run/node';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CLIENT_ADDRESS_HEADER, verifiedClientAddress } from '@docent/common/client-address';
import { WEB_SESSION_COOKIE } from '@docent/common/web-session';
import { commitCsrfToken, CSRF_COOKIE, CSRF_HEADER } from '../lib/csrf.server';
import { REMEMBER_ME_SECONDS, sessionStorageFor } from '../lib/session.server';
import { action as demoAction } from '../routes/auth.demo';
import { action as loginAction } from '../routes/auth.login';
import { action as logoutAction } from '../routes/auth.logout';
import { action as refreshAction } from '../routes/auth.refresh';
import { action as registerAction } from '../routes/auth.register';
import { loader as sessionLoader } from '../routes/auth.session';

const context = {
  apiBaseUrl: 'http://api.test',
  sessionSecret: 's'.repeat(40),
  secureCookies: false,
  clientAddress: '203.0.113.7',
} as AppLoadContext;
const ORIGIN = 'http://docent.test';
const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  isDemo: false,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLogin: null,
};
const issued = {
  success: true,
  user,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  sessionId: '6b1d2c1e-0000-4000-8000-000000000001',
  expiresIn: 3600,
  deviceToken: 'device-1',
};

type ApiHandler = (body: unknown, headers: Headers) => Response;
let api: Record<string, ApiHandler>;
let apiCalls: Array<{ path: string; body: unknown; headers: Headers }>;

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** The page's token and the cookie holding it, as the root loader issues them. */
let csrf: { token: string; cookie: string };
beforeAll(async () => {
  const [token, setCookie] = await commitCsrfToken(new Request(ORIGIN), context);
  csrf = { token, cookie: setCookie?.split(';')[0] ?? '' };
});

const realFetch = globalThis.fetch;
beforeEach(() => {
  api = {};
  apiCalls = [];
  globalThis.fetch = async (url: URL | RequestInfo, init: RequestInit = {}) => {
    const path = new URL(url as URL | string).pathname;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const headers = new Headers(init.headers);
    apiCalls.push({ path, body, headers });
    const handler = api[path];
    if (!handler) throw new TypeError('fetch failed');
    return handler(body, headers);
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

async function cookieWith(data: Record<string, unknown>): Promise<string> {
  const storage = sessionStorageFor(context);
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) session.set(key as 'accessToken', value as string);
  return (await storage.commitSession(session)).split(';')[0] ?? '';
}

/** The Set-Cookie of the web session among those an answer sends. */
function sessionCookieOf(response: Response): string {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${WEB_SESSION_COOKIE}=`)) ?? '';
}

async function sessionOf(response: Response) {
  return sessionStorageFor(context).getSession(sessionCookieOf(response).split(';')[0]);
}

async function post(
  path: string,
  body: unknown,
  options: { cookie?: Record<string, unknown>; otherCookie?: string; csrf?: string | null; origin?: string } = {},
) {
  const cookies = [
    await cookieWith(options.cookie ?? {}),
    csrf.cookie,
    ...(options.otherCookie ? [options.otherCookie] : []),
  ];
  const headers = new Headers({
    'Content-Type': 'application/json',
    Origin: options.origin ?? ORIGIN,
    Cookie: cookies.join('; '),
  });
  if (options.csrf !== null) headers.set(CSRF_HEADER, options.csrf ?? csrf.token);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

const args = (request: Request) => ({ request, context, params: {} });

async function settle(promise: Promise<Response>): Promise<Response> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('POST /auth/login', () => {
  it('keeps the tokens in the httpOnly cookie and gives the page only the user', async () => {
    api['/api/auth/login'] = () => json(issued);
    const response = await loginAction(
      args(await post('/auth/login', { email: 'ada@example.com', password: 'pw', rememberMe: false })),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, user });
    const setCookie = sessionCookieOf(response);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age/i);
    const session = await sessionOf(response);
    expect([session.get('accessToken'), session.get('refreshToken'), session.get('sessionId')]).toEqual([
      'access-1',
      'refresh-1',
      issued.sessionId,
    ]);
    expect(apiCalls[0]?.body).toEqual({ email: 'ada@example.com', password: 'pw', rememberMe: false });
    // Encrypted, not only signed: the value, even decoded, shows no token.
    const value = decodeURIComponent(setCookie.split(';')[0]!.split('=').slice(1).join('='));
    for (const readable of [value, Buffer.from(value, 'base64').toString('latin1')]) {
      expect(readable).not.toMatch(/access-1|refresh-1|accessToken/);
    }
  });

  it("makes a 30-day cookie for 'Remember me'", async () => {
    api['/api/auth/login'] = () => json(issued);
    const response = await loginAction(
      args(await post('/auth/login', { email: 'ada@example.com', password: 'pw', rememberMe: true })),
    );
    expect(sessionCookieOf(response)).toContain(`Max-Age=${REMEMBER_ME_SECONDS}`);
    expect(apiCalls[0]?.body).toMatchObject({ rememberMe: true });
  });

  it("answers the API's refusal with its status and text, and sets no cookie", async () => {
    api['/api/auth/login'] = () => json({ success: false, error: 'Invalid email or password' }, 401);
    const response = await loginAction(args(await post('/auth/login', { email: 'ada@example.com', password: 'nope' })));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Invalid email or password' });
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it("answers 'HTTP {status}' without a server text and 'Network error' when the API cannot be reached", async () => {
    const credentials = { email: 'ada@example.com', password: 'pw' };
    api['/api/auth/login'] = () => json({ success: false }, 500);
    const withoutText = await loginAction(args(await post('/auth/login', credentials)));
    expect(await withoutText.json()).toEqual({ success: false, error: 'HTTP 500' });

    delete api['/api/auth/login'];
    const unreachable = await loginAction(args(await post('/auth/login', credentials)));
    expect(unreachable.status).toBe(502);
    expect(await unreachable.json()).toEqual({ success: false, error: 'Network error' });
  });

  it.each([
    ['no CSRF token', { csrf: null }],
    ['a wrong CSRF token', { csrf: 'guessed' }],
    ['another origin', { origin: 'http://evil.test' }],
    ['an opaque origin', { origin: 'null' }],
  ])('refuses a request with %s before calling the API', async (_, options) => {
    api['/api/auth/login'] = () => json(issued);
    const response = await settle(
      loginAction(args(await post('/auth/login', { email: 'a@b.co', password: 'pw' }, options))),
    );
    expect(response.status).toBe(403);
    expect(apiCalls).toEqual([]);
  });

  it("forwards the browser's address to the API with a proof the API accepts", async () => {
    api['/api/auth/login'] = () => json(issued);
    await loginAction(args(await post('/auth/login', { email: 'ada@example.com', password: 'pw' })));

    const forwarded = Object.fromEntries(apiCalls[0]!.headers);
    expect(forwarded[CLIENT_ADDRESS_HEADER]).toBe('203.0.113.7');
    expect(verifiedClientAddress(context.sessionSecret, forwarded)).toBe('203.0.113.7');
    expect(verifiedClientAddress('another secret of 40 characters, at least', forwarded)).toBeNull();
  });

  it('keeps the device token in a cookie of its own for a year and sends it with the next sign-in', async () => {
    api['/api/auth/login'] = () => json(issued);
    const credentials = { email: 'ada@example.com', password: 'pw', rememberMe: false };
    const first = await loginAction(args(await post('/auth/login', credentials)));
    const deviceCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith('__docent_device=')) ?? '';
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);

    await loginAction(args(await post('/auth/login', credentials, { otherCookie: deviceCookie.split(';')[0] })));
    expect(apiCalls[1]?.body).toEqual({ ...credentials, deviceToken: 'device-1' });
  });

  it("passes the API's 429 on with its Retry-After", async () => {
    api['/api/auth/login'] = () =>
      Response.json(
        { success: false, error: 'Too many failed sign-ins for this account. Please try again in 8 seconds.' },
        { status: 429, headers: { 'Retry-After': '8' } },
      );
    const response = await loginAction(args(await post('/auth/login', { email: 'ada@example.com', password: 'pw' })));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('8');
  });

  it("refuses credentials the API would refuse, in the API's words, without calling it", async () => {
    api['/api/auth/login'] = () => json(issued);
    const response = await loginAction(args(await post('/auth/login', { email: 'ada@example.com' })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: 'Email and password are required' });
    expect(apiCalls).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const request = await post('/auth/login', {});
    const broken = new Request(request.url, { method: 'POST', headers: request.headers, body: '[1,2' });
    const response = await settle(loginAction(args(broken)));
    expect(response.status).toBe(400);
  });
});

describe('POST /auth/register and /auth/demo', () => {
  it('registers with the four fields and signs in', async () => {
    api['/api/auth/register'] = () => json(issued, 201);
    const registration = {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Correct-horse-1',
      confirmPassword: 'Correct-horse-1',
    };
    const response = await registerAction(args(await post('/auth/register', registration)));
    expect(await response.json()).toEqual({ success: true, user });
    expect(apiCalls[0]?.body).toEqual(registration);
    expect((await sessionOf(response)).get('accessToken')).toBe('access-1');
  });

  it('refuses a registration the API would refuse, in its words, without calling it', async () => {
    api['/api/auth/register'] = () => json(issued, 201);
    const registration = { name: 'Ada', email: 'ada@example.com', password: 'short', confirmPassword: 'short' };
    const response = await registerAction(args(await post('/auth/register', registration)));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Password must be at least 8 characters long',
    });
    expect(apiCalls).toEqual([]);
  });

  it('signs in as the demo administrator', async () => {
    api['/api/auth/demo-login'] = () => json({ ...issued, user: { ...user, role: 'admin' } });
    const response = await demoAction(args(await post('/auth/demo', {})));
    expect(response.status).toBe(200);
    expect(apiCalls.map((call) => call.path)).toEqual(['/api/auth/demo-login']);
    // The demo account is nobody's: the device keeps the token of its own account.
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('__docent_device='))).toBe(false);
  });
});

describe('POST /auth/logout', () => {
  const signedIn = { accessToken: 'access-1', refreshToken: 'refresh-1', sessionId: issued.sessionId };

  it('closes this session on the server and forgets the tokens, keeping the CSRF token', async () => {
    api['/api/auth/logout'] = () => json({ success: true });
    const response = await logoutAction(args(await post('/auth/logout', {}, { cookie: signedIn })));

    expect(await response.json()).toEqual({ success: true });
    expect(apiCalls[0]?.body).toEqual({ sessionId: issued.sessionId, logoutAll: false });
    expect(apiCalls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    const session = await sessionOf(response);
    expect(session.get('accessToken')).toBeUndefined();
    expect(session.get('refreshToken')).toBeUndefined();
    expect(session.get('sessionId')).toBeUndefined();
    expect(response.headers.get('Set-Cookie')).not.toContain(CSRF_COOKIE);
  });

  it('ignores a failed API call', async () => {
    const response = await logoutAction(args(await post('/auth/logout', {}, { cookie: signedIn })));
    expect(response.status).toBe(200);
    expect((await sessionOf(response)).get('accessToken')).toBeUndefined();
  });

  it('is refused without the CSRF token', async () => {
    const response = await settle(logoutAction(args(await post('/auth/logout', {}, { cookie: signedIn, csrf: null }))));
    expect(response.status).toBe(403);
  });
});

describe('POST /auth/refresh', () => {
  it("answers 'No refresh token available' without one", async () => {
    const response = await refreshAction(args(await post('/auth/refresh', {})));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'No refresh token available' });
    expect(apiCalls).toEqual([]);
  });

  it('stores the rotated tokens and keeps a remembered cookie for 30 days', async () => {
    api['/api/auth/refresh'] = () =>
      json({ success: true, accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 3600 });
    const cookie = {
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      sessionId: issued.sessionId,
      rememberMe: true,
    };
    const response = await refreshAction(args(await post('/auth/refresh', {}, { cookie })));

    expect(await response.json()).toEqual({ success: true });
    expect(apiCalls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(response.headers.get('Set-Cookie')).toContain(`Max-Age=${REMEMBER_ME_SECONDS}`);
    const session = await sessionOf(response);
    expect([session.get('accessToken'), session.get('refreshToken')]).toEqual(['access-2', 'refresh-2']);
  });

  it('forgets the tokens when the server refuses the refresh token', async () => {
    api['/api/auth/refresh'] = () => json({ success: false, error: 'Session expired' }, 401);
    const response = await refreshAction(
      args(await post('/auth/refresh', {}, { cookie: { accessToken: 'a', refreshToken: 'r' } })),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Session expired' });
    expect((await sessionOf(response)).get('refreshToken')).toBeUndefined();
  });
});

describe('GET /auth/session', () => {
  const get = async (cookie: Record<string, unknown>) =>
    new Request(`${ORIGIN}/auth/session`, { headers: { Cookie: await cookieWith(cookie) } });

  it('answers the signed-in user', async () => {
    api['/api/auth/profile'] = () => json({ success: true, user });
    const response = await sessionLoader(args(await get({ accessToken: 'access-1', refreshToken: 'refresh-1' })));
    expect(await response.json()).toEqual({ success: true, user });
  });

  it('answers no user without a session, or when the server no longer honours it', async () => {
    expect(await (await sessionLoader(args(await get({})))).json()).toEqual({ success: true, user: null });

    api['/api/auth/profile'] = () => json({ success: false, error: 'Unauthorized' }, 401);
    api['/api/auth/refresh'] = () => json({ success: false, error: 'Session expired' }, 401);
    const response = await sessionLoader(args(await get({ accessToken: 'old', refreshToken: 'spent' })));
    expect(await response.json()).toEqual({ success: true, user: null });
    expect((await sessionOf(response)).get('accessToken')).toBeUndefined();
  });
});
