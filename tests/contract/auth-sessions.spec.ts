import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SessionEntity } from '../../backend/src/auth/sessions/session.entity.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, logIn, profileStatus, type SignedIn, signUp } from './support.js';

const NO_REFRESH_TOKEN = 'No refresh token available';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Every API Jest's fake timers can replace but the clock. */
const NOT_THE_CLOCK = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
  'Temporal',
] as const;

describe('sessions over HTTP: refresh, logout and remember me', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const refresh = (refreshToken: unknown) => t.http().post('/api/auth/refresh').send({ refreshToken });
  const logout = (session: SignedIn, body?: object) =>
    callAs(t, session.accessToken).post('/api/auth/logout').send(body);

  /** How long the session has left, read from the sessions table: the HTTP API does not show it. */
  async function remainingLifetimeMs(sessionId: string): Promise<number> {
    const session = await t.app.get(MikroORM).em.fork().findOneOrFail(SessionEntity, { id: sessionId });
    return session.expiresAt.getTime() - Date.now();
  }

  describe('POST /api/auth/refresh', () => {
    it('answers 200 with a new access token that works and a rotated refresh token', async () => {
      const session = await signUp(t);

      const response = await refresh(session.refreshToken).expect(200);

      expect(response.body).toEqual({
        success: true,
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresIn: expect.any(Number),
      });
      expect(response.body.refreshToken).not.toBe(session.refreshToken);
      const profile = await callAs(t, response.body.accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user.id).toBe(session.user.id);
    });

    it('keeps refreshing with each rotated refresh token', async () => {
      const session = await signUp(t);
      const first = await refresh(session.refreshToken).expect(200);
      const second = await refresh(first.body.refreshToken).expect(200);
      expect(await profileStatus(t, second.body.accessToken)).toBe(200);
    });

    it.each([
      { without: 'a refresh token', body: {} },
      { without: 'a non-empty refresh token', body: { refreshToken: '' } },
      { without: 'a refresh token string', body: { refreshToken: 42 } },
      { without: 'a body', body: undefined },
    ])('answers a request without $without with 400 "No refresh token available"', async ({ body }) => {
      expectFailure(await t.http().post('/api/auth/refresh').send(body), 400, NO_REFRESH_TOKEN);
    });

    it('answers a garbage refresh token with 401', async () => {
      expectFailure(await refresh('garbage'), 401);
    });

    it('refuses a made-up refresh token for a real session with 401, and leaves the session open', async () => {
      const session = await signUp(t);
      const forged = `${session.sessionId}.${'A'.repeat(43)}`;

      expectFailure(await refresh(forged), 401);
      expect(await profileStatus(t, session.accessToken)).toBe(200);
      await refresh(session.refreshToken).expect(200);
    });

    it('treats a spent refresh token presented again after its successor was used as stolen: 401, and the whole session is closed', async () => {
      const session = await signUp(t);
      const rotated = await refresh(session.refreshToken).expect(200);
      const rotatedAgain = await refresh(rotated.body.refreshToken).expect(200);

      expectFailure(await refresh(session.refreshToken), 401);

      expectFailure(await refresh(rotatedAgain.body.refreshToken), 401);
      expect(await profileStatus(t, rotatedAgain.body.accessToken)).toBe(401);
      expect(await profileStatus(t, session.accessToken)).toBe(401);
    });

    it('answers refreshes of one token sent at once with the same successor, and keeps the session open', async () => {
      const session = await signUp(t);

      const answers = await Promise.all([1, 2, 3].map(() => refresh(session.refreshToken)));

      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const successors = new Set(answers.map((answer) => answer.body.refreshToken));
      expect(successors.size).toBe(1);
      for (const answer of answers) expect(await profileStatus(t, answer.body.accessToken)).toBe(200);
      await refresh([...successors][0]).expect(200);
    });

    it('answers a spent token again, shortly after, with the successor it already gave', async () => {
      const session = await signUp(t);
      const first = await refresh(session.refreshToken).expect(200);

      const again = await refresh(session.refreshToken).expect(200);

      expect(again.body.refreshToken).toBe(first.body.refreshToken);
      expect(await profileStatus(t, again.body.accessToken)).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it("closes the caller's session: its access and refresh tokens stop working, other sessions go on", async () => {
      const session = await signUp(t);
      const otherDevice = await logIn(t, session.account);

      const response = await logout(session, { logoutAll: false }).expect(200);

      expect(response.body).toMatchObject({ success: true });
      expect(await profileStatus(t, session.accessToken)).toBe(401);
      expectFailure(await refresh(session.refreshToken), 401);
      expect(await profileStatus(t, otherDevice.accessToken)).toBe(200);
    });

    it("closes the caller's session when sent without a body", async () => {
      const session = await signUp(t);
      await logout(session).expect(200);
      expect(await profileStatus(t, session.accessToken)).toBe(401);
    });

    it('closes the session named by sessionId', async () => {
      const session = await signUp(t);
      const otherDevice = await logIn(t, session.account);

      await logout(session, { sessionId: otherDevice.sessionId }).expect(200);

      expect(await profileStatus(t, otherDevice.accessToken)).toBe(401);
      expect(await profileStatus(t, session.accessToken)).toBe(200);
    });

    it("closes every one of the user's sessions with logoutAll, and no one else's", async () => {
      const session = await signUp(t);
      const otherDevice = await logIn(t, session.account);
      const someoneElse = await signUp(t);

      await logout(session, { logoutAll: true }).expect(200);

      expect(await profileStatus(t, session.accessToken)).toBe(401);
      expect(await profileStatus(t, otherDevice.accessToken)).toBe(401);
      expectFailure(await refresh(otherDevice.refreshToken), 401);
      expect(await profileStatus(t, someoneElse.accessToken)).toBe(200);
    });

    it("answers 404 for another user's session, which stays open", async () => {
      const session = await signUp(t);
      const someoneElse = await signUp(t);

      expectFailure(await logout(session, { sessionId: someoneElse.sessionId }), 404);
      expect(await profileStatus(t, someoneElse.accessToken)).toBe(200);
    });

    it('answers 401 without a token, or with the token of a closed session', async () => {
      const session = await signUp(t);
      await logout(session).expect(200);

      expectFailure(await t.http().post('/api/auth/logout').send({ logoutAll: false }), 401, 'Authentication required');
      expectFailure(await logout(session), 401, 'Authentication required');
    });
  });

  describe('remember me', () => {
    it('keeps a remembered session for about 30 days and another for about 12 hours, both usable', async () => {
      const { account } = await signUp(t);
      const remembered = await logIn(t, account, true);
      const ordinary = await logIn(t, account, false);

      expect(await profileStatus(t, remembered.accessToken)).toBe(200);
      expect(await profileStatus(t, ordinary.accessToken)).toBe(200);
      expect(await remainingLifetimeMs(remembered.sessionId)).toBeGreaterThan(30 * DAY_MS - HOUR_MS);
      expect(await remainingLifetimeMs(ordinary.sessionId)).toBeGreaterThan(12 * HOUR_MS - HOUR_MS);
      expect(await remainingLifetimeMs(ordinary.sessionId)).toBeLessThanOrEqual(12 * HOUR_MS);
    });

    it('keeps the 30-day lifetime when a remembered session is refreshed', async () => {
      const { account } = await signUp(t);
      const remembered = await logIn(t, account, true);

      await refresh(remembered.refreshToken).expect(200);

      expect(await remainingLifetimeMs(remembered.sessionId)).toBeGreaterThan(30 * DAY_MS - HOUR_MS);
    });

    it('still remembers a session for 30 days when it is refreshed on its last day', async () => {
      const { account } = await signUp(t);
      const remembered = await logIn(t, account, true);
      // Only the clock: the server's timers, I/O and promises run as usual.
      jest.useFakeTimers({ doNotFake: [...NOT_THE_CLOCK], now: Date.now() + 29.75 * DAY_MS });
      try {
        await refresh(remembered.refreshToken).expect(200);

        expect(await remainingLifetimeMs(remembered.sessionId)).toBeGreaterThan(30 * DAY_MS - HOUR_MS);
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
