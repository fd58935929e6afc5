import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { AUTH_ROUTES, CSRF_HEADER_NAME, type AuthFetch } from '../auth/auth-client';
import { CSRF_HEADER } from '../lib/csrf.server';
import type { UserView } from '../lib/user';
import {
  AUTH_MESSAGES,
  authMachine,
  selectError,
  selectStatus,
  selectUser,
  TOKEN_REFRESH_INTERVAL_MS,
  type AuthEmitted,
} from './auth.machine';

const CSRF_TOKEN = 'csrf-token-of-this-session';

const aUser = (overrides: Partial<UserView> = {}): UserView => ({
  id: '6b1d2c1e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'user',
  isDemo: false,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLogin: null,
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** The resource routes as the page sees them; a path without a handler fails like an unreachable server. */
function fakeServer(handlers: Partial<Record<string, Handler>> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch: AuthFetch = async (url, init) => {
    calls.push({ url, init });
    const handler = handlers[url];
    if (!handler) throw new TypeError('Failed to fetch');
    return handler(init);
  };
  const callsTo = (url: string) => calls.filter((call) => call.url === url);
  return { fetch, calls, callsTo };
}

/** A response the test releases when it wants, to look at the machine while it waits. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

function start(input: { user?: UserView | null; fetch: AuthFetch; refreshIntervalMs?: number }) {
  const actor = createActor(authMachine, {
    input: {
      user: input.user ?? null,
      csrfToken: CSRF_TOKEN,
      fetch: input.fetch,
      refreshIntervalMs: input.refreshIntervalMs,
    },
  });
  const emitted: AuthEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const status = () => selectStatus(actor.getSnapshot());
  const settled = () => waitFor(actor, (snapshot) => !['loading', 'loggingOut'].includes(selectStatus(snapshot)));
  return { actor, emitted, status, settled };
}

const credentials = { email: 'ada@example.com', password: 'Correct-horse-1', rememberMe: true };
const registration = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Correct-horse-1',
  confirmPassword: 'Correct-horse-1',
};

describe('auth machine', () => {
  describe('start', () => {
    it('is authenticated straight away with the user the server restored', () => {
      const { actor, status } = start({ user: aUser(), fetch: fakeServer().fetch });
      expect(status()).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(aUser());
    });

    it('is idle without a user', () => {
      const { actor, status } = start({ fetch: fakeServer().fetch });
      expect(status()).toBe('idle');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(selectError(actor.getSnapshot())).toBeNull();
    });

    it('has settled before it is started, so the server render shows the right state', () => {
      const actor = createActor(authMachine, { input: { user: aUser(), csrfToken: CSRF_TOKEN } });
      expect(selectStatus(actor.getSnapshot())).toBe('authenticated');
    });
  });

  describe('LOGIN', () => {
    it('is loading while the call runs, then authenticated with the user, announced', async () => {
      const login = deferred();
      const server = fakeServer({ [AUTH_ROUTES.login]: login.handler });
      const { actor, emitted, status, settled } = start({ fetch: server.fetch });

      actor.send({ type: 'LOGIN', ...credentials });
      expect(status()).toBe('loading');
      login.release(json({ success: true, user: aUser() }));
      await settled();

      expect(status()).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(aUser());
      expect(emitted).toEqual([{ type: 'SIGNED_IN', user: aUser(), method: 'login' }]);
    });

    it('posts the credentials as JSON with the CSRF token to the login route', async () => {
      const server = fakeServer({ [AUTH_ROUTES.login]: () => json({ success: true, user: aUser() }) });
      const { actor, settled } = start({ fetch: server.fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      await settled();

      const [call] = server.callsTo(AUTH_ROUTES.login);
      expect(call?.init.method).toBe('POST');
      expect(new Headers(call?.init.headers).get(CSRF_HEADER_NAME)).toBe(CSRF_TOKEN);
      expect(JSON.parse(String(call?.init.body))).toEqual(credentials);
    });

    it("ends loading in error with the server's text, and no user", async () => {
      const server = fakeServer({
        [AUTH_ROUTES.login]: () => json({ success: false, error: 'Invalid email or password' }, 401),
      });
      const { actor, emitted, status, settled } = start({ fetch: server.fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      await settled();

      expect(status()).toBe('error');
      expect(selectError(actor.getSnapshot())).toBe('Invalid email or password');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(emitted).toEqual([]);
    });

    it.each([
      ['an error body without text', () => json({ success: false }, 503), 'HTTP 503'],
      ['an unreadable body', () => new Response('<html>Bad gateway</html>', { status: 502 }), 'Network error'],
      ['an unreachable server', undefined, 'Network error'],
    ])('falls back to the spec text on %s', async (_, handler, message) => {
      const server = fakeServer(handler ? { [AUTH_ROUTES.login]: handler } : {});
      const { actor, settled } = start({ fetch: server.fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      await settled();
      expect(selectError(actor.getSnapshot())).toBe(message);
    });

    it('never invents a session: a failed login stays signed out', async () => {
      const { actor, settled, status } = start({ fetch: fakeServer().fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      await settled();
      expect(status()).toBe('error');
      expect(selectUser(actor.getSnapshot())).toBeNull();
    });

    it('can be tried again from error, and the old error goes while loading', async () => {
      let attempts = 0;
      const server = fakeServer({
        [AUTH_ROUTES.login]: () =>
          ++attempts === 1
            ? json({ success: false, error: 'Invalid email or password' }, 401)
            : json({ success: true, user: aUser() }),
      });
      const { actor, settled, status } = start({ fetch: server.fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      await settled();
      actor.send({ type: 'LOGIN', ...credentials });
      expect(status()).toBe('loading');
      expect(selectError(actor.getSnapshot())).toBeNull();
      await settled();
      expect(status()).toBe('authenticated');
    });

    it('is ignored while authenticated', () => {
      const server = fakeServer();
      const { actor, status } = start({ user: aUser(), fetch: server.fetch });
      actor.send({ type: 'LOGIN', ...credentials });
      expect(status()).toBe('authenticated');
      expect(server.calls).toEqual([]);
    });
  });

  describe('REGISTER', () => {
    it('signs the new user in and announces a registration', async () => {
      const newcomer = aUser({ name: 'Grace Hopper' });
      const server = fakeServer({ [AUTH_ROUTES.register]: () => json({ success: true, user: newcomer }, 201) });
      const { actor, emitted, status, settled } = start({ fetch: server.fetch });
      actor.send({ type: 'REGISTER', ...registration });
      expect(status()).toBe('loading');
      await settled();

      expect(status()).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(newcomer);
      expect(emitted).toEqual([{ type: 'SIGNED_IN', user: newcomer, method: 'register' }]);
      expect(JSON.parse(String(server.callsTo(AUTH_ROUTES.register)[0]?.init.body))).toEqual(registration);
    });

    it("refuses different passwords with 'Passwords do not match' before any call", () => {
      const server = fakeServer();
      const { actor, status } = start({ fetch: server.fetch });
      actor.send({ type: 'REGISTER', ...registration, confirmPassword: 'Something-else-2' });
      expect(status()).toBe('error');
      expect(selectError(actor.getSnapshot())).toBe('Passwords do not match');
      expect(server.calls).toEqual([]);
    });

    it("shows the server's reason when registration fails", async () => {
      const server = fakeServer({
        [AUTH_ROUTES.register]: () => json({ success: false, error: 'An account with this email already exists' }, 409),
      });
      const { actor, settled, status } = start({ fetch: server.fetch });
      actor.send({ type: 'REGISTER', ...registration });
      await settled();
      expect(status()).toBe('error');
      expect(selectError(actor.getSnapshot())).toBe('An account with this email already exists');
    });
  });

  describe('DEMO_LOGIN', () => {
    it('signs in as the demo account and welcomes back', async () => {
      const demo = aUser({ name: 'Demo Administrator', role: 'admin' });
      const server = fakeServer({ [AUTH_ROUTES.demo]: () => json({ success: true, user: demo }) });
      const { actor, emitted, settled, status } = start({ fetch: server.fetch });
      actor.send({ type: 'DEMO_LOGIN' });
      await settled();
      expect(status()).toBe('authenticated');
      expect(emitted).toEqual([{ type: 'SIGNED_IN', user: demo, method: 'demo' }]);
    });

    it("fails with 'Demo login failed. Please try manual login.' whatever the server said", async () => {
      const server = fakeServer({ [AUTH_ROUTES.demo]: () => json({ success: false, error: 'Demo mode is off' }, 403) });
      const { actor, settled, status } = start({ fetch: server.fetch });
      actor.send({ type: 'DEMO_LOGIN' });
      await settled();
      expect(status()).toBe('error');
      expect(selectError(actor.getSnapshot())).toBe(AUTH_MESSAGES.demoLoginFailed);
    });
  });

  it('CLEAR_ERROR returns from error to idle', async () => {
    const { actor, settled, status } = start({ fetch: fakeServer().fetch });
    actor.send({ type: 'LOGIN', ...credentials });
    await settled();
    actor.send({ type: 'CLEAR_ERROR' });
    expect(status()).toBe('idle');
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  describe('LOGOUT', () => {
    it('goes through loggingOut to idle with no user, and announces it', async () => {
      const logout = deferred();
      const server = fakeServer({ [AUTH_ROUTES.logout]: logout.handler });
      const { actor, emitted, settled, status } = start({ user: aUser(), fetch: server.fetch });

      actor.send({ type: 'LOGOUT' });
      expect(status()).toBe('loggingOut');
      logout.release(json({ success: true }));
      await settled();

      expect(status()).toBe('idle');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(emitted).toEqual([{ type: 'SIGNED_OUT', reason: 'logout' }]);
      expect(new Headers(server.callsTo(AUTH_ROUTES.logout)[0]?.init.headers).get(CSRF_HEADER_NAME)).toBe(CSRF_TOKEN);
    });

    it('ignores a failed logout call: the user is forgotten anyway', async () => {
      const { actor, emitted, settled, status } = start({ user: aUser(), fetch: fakeServer().fetch });
      actor.send({ type: 'LOGOUT' });
      await settled();
      expect(status()).toBe('idle');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(selectError(actor.getSnapshot())).toBeNull();
      expect(emitted).toEqual([{ type: 'SIGNED_OUT', reason: 'logout' }]);
    });
  });

  describe('token refresh', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('refreshes every 20 minutes while authenticated, keeping the user', async () => {
      const server = fakeServer({ [AUTH_ROUTES.refresh]: () => json({ success: true }) });
      const { actor, status } = start({ user: aUser(), fetch: server.fetch });

      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(2);

      expect(TOKEN_REFRESH_INTERVAL_MS).toBe(20 * 60 * 1000);
      expect(status()).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())).toEqual(aUser());
    });

    it('starts the period when a sign-in succeeds, and takes a shorter one from input', async () => {
      const server = fakeServer({
        [AUTH_ROUTES.login]: () => json({ success: true, user: aUser() }),
        [AUTH_ROUTES.refresh]: () => json({ success: true }),
      });
      const { actor } = start({ fetch: server.fetch, refreshIntervalMs: 1_000 });
      await jest.advanceTimersByTimeAsync(5_000);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);

      actor.send({ type: 'LOGIN', ...credentials });
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
    });

    it("logs out when the refresh fails: 'Token refresh failed'", async () => {
      const server = fakeServer({
        [AUTH_ROUTES.refresh]: () => json({ success: false, error: 'Session expired' }, 401),
        [AUTH_ROUTES.logout]: () => json({ success: true }),
      });
      const { actor, emitted, status } = start({ user: aUser(), fetch: server.fetch });

      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);

      expect(status()).toBe('idle');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(selectError(actor.getSnapshot())).toBe('Token refresh failed');
      expect(server.callsTo(AUTH_ROUTES.logout)).toHaveLength(1);
      expect(emitted).toEqual([{ type: 'SIGNED_OUT', reason: 'refreshFailed' }]);
    });

    it('refreshes on REFRESH too, and restarts the period', async () => {
      const server = fakeServer({ [AUTH_ROUTES.refresh]: () => json({ success: true }) });
      const { actor } = start({ user: aUser(), fetch: server.fetch });
      await jest.advanceTimersByTimeAsync(10 * 60 * 1000);
      actor.send({ type: 'REFRESH' });
      await jest.advanceTimersByTimeAsync(0);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(2);
    });

    it('stops refreshing once logged out', async () => {
      const server = fakeServer({
        [AUTH_ROUTES.refresh]: () => json({ success: true }),
        [AUTH_ROUTES.logout]: () => json({ success: true }),
      });
      const { actor } = start({ user: aUser(), fetch: server.fetch });
      actor.send({ type: 'LOGOUT' });
      await jest.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_INTERVAL_MS);
      expect(server.callsTo(AUTH_ROUTES.refresh)).toHaveLength(0);
    });
  });

  describe('keeping the user current', () => {
    it('PROFILE_UPDATED replaces the user', () => {
      const { actor, status } = start({ user: aUser(), fetch: fakeServer().fetch });
      actor.send({ type: 'PROFILE_UPDATED', user: aUser({ name: 'Ada King' }) });
      expect(status()).toBe('authenticated');
      expect(selectUser(actor.getSnapshot())?.name).toBe('Ada King');
    });

    it('RESTORE asks the server and signs in the session it holds, without a welcome', async () => {
      const server = fakeServer({ [AUTH_ROUTES.session]: () => json({ success: true, user: aUser() }) });
      const { actor, emitted, settled, status } = start({ fetch: server.fetch });
      actor.send({ type: 'RESTORE' });
      expect(status()).toBe('loading');
      await settled();
      expect(status()).toBe('authenticated');
      expect(server.callsTo(AUTH_ROUTES.session)[0]?.init.method).toBe('GET');
      expect(emitted).toEqual([]);
    });

    it('RESTORE stays idle when the server holds no session, or cannot say', async () => {
      for (const handlers of [{ [AUTH_ROUTES.session]: () => json({ success: true, user: null }) }, {}]) {
        const { actor, settled, status } = start({ fetch: fakeServer(handlers).fetch });
        actor.send({ type: 'RESTORE' });
        await settled();
        expect(status()).toBe('idle');
        expect(selectError(actor.getSnapshot())).toBeNull();
      }
    });

    it('SESSION_RESTORED signs in when idle and replaces the user when authenticated', () => {
      const { actor, status } = start({ fetch: fakeServer().fetch });
      actor.send({ type: 'SESSION_RESTORED', user: aUser() });
      expect(status()).toBe('authenticated');
      actor.send({ type: 'SESSION_RESTORED', user: aUser({ name: 'Ada King' }) });
      expect(selectUser(actor.getSnapshot())?.name).toBe('Ada King');
    });

    it('SESSION_ENDED forgets the user without a server call and announces why', () => {
      const server = fakeServer();
      const { actor, emitted, status } = start({ user: aUser(), fetch: server.fetch });
      actor.send({ type: 'SESSION_ENDED' });
      expect(status()).toBe('idle');
      expect(selectUser(actor.getSnapshot())).toBeNull();
      expect(server.calls).toEqual([]);
      expect(emitted).toEqual([{ type: 'SIGNED_OUT', reason: 'sessionEnded' }]);
    });
  });

  it('sends the header the server checks for CSRF', () => {
    expect(CSRF_HEADER_NAME).toBe(CSRF_HEADER);
  });
});
