import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, type SignedIn, signUp } from './support.js';

describe('roles and permissions over HTTP', () => {
  let t: TestApp;
  /** The first account, so the only one besides the demo administrator that may manage roles. */
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const changeRole = (actor: SignedIn, userId: string, role: unknown) =>
    callAs(t, actor.accessToken).put(`/api/users/${userId}/role`).send({ role });
  const createKey = (caller: SignedIn) =>
    callAs(t, caller.accessToken).post('/api/api-keys').send({ name: 'CI pipeline' });

  describe('PUT /api/users/:id/role', () => {
    it('changes the role and answers with the user', async () => {
      const member = await signUp(t);

      const response = await changeRole(admin, member.user.id, 'analyst').expect(200);

      expect(response.body).toEqual({ success: true, user: { ...member.user, role: 'analyst' } });
    });

    it('answers a user without users:manage_roles with 403, and changes nothing', async () => {
      const member = await signUp(t);
      const target = await signUp(t);

      expectFailure(
        await changeRole(member, target.user.id, 'admin'),
        403,
        expect.stringContaining('users:manage_roles'),
      );
      const profile = await callAs(t, target.accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user.role).toBe('user');
    });

    it("applies the new role to the target's next request, without signing in again", async () => {
      const member = await signUp(t);
      await createKey(member).expect(201);

      await changeRole(admin, member.user.id, 'readonly').expect(200);

      expectFailure(await createKey(member), 403, expect.stringContaining('api_keys:create'));
      await changeRole(admin, member.user.id, 'developer').expect(200);
      await createKey(member).expect(201);
    });

    it('refuses to demote the last account that can manage roles with 409, but lets one of two go', async () => {
      expectFailure(await changeRole(admin, admin.user.id, 'user'), 409);

      const deputy = await signUp(t);
      await changeRole(admin, deputy.user.id, 'admin').expect(200);
      await changeRole(admin, deputy.user.id, 'developer').expect(200);
      expectFailure(await changeRole(admin, admin.user.id, 'user'), 409);
    });

    it.each([
      { problem: 'an unknown role', userId: () => admin.user.id, body: { role: 'superuser' }, status: 400 },
      { problem: 'no role', userId: () => admin.user.id, body: {}, status: 400 },
      { problem: 'a user id that is not an id', userId: () => 'not-an-id', body: { role: 'user' }, status: 400 },
      { problem: 'an unknown user', userId: () => randomUUID(), body: { role: 'user' }, status: 404 },
    ])('answers $problem with $status', async ({ userId, body, status }) => {
      const response = await callAs(t, admin.accessToken).put(`/api/users/${userId()}/role`).send(body);
      expectFailure(response, status);
    });
  });

  describe('credentials', () => {
    it.each([
      { credential: 'an unknown token', bearer: () => 'not-a-token' },
      {
        credential: 'an access token with a forged signature',
        bearer: () => admin.accessToken.replace(/[^.]+$/, 'forged'),
      },
      { credential: 'an unknown API key', bearer: () => `dcnt_${'A'.repeat(32)}` },
    ])('answers $credential with 401 "Authentication required"', async ({ bearer }) => {
      const responses = await Promise.all([
        callAs(t, bearer()).get('/api/auth/profile'),
        callAs(t, bearer()).put(`/api/users/${admin.user.id}/role`).send({ role: 'user' }),
      ]);
      for (const response of responses) expectFailure(response, 401, 'Authentication required');
    });

    it('accepts the scheme name in any case', async () => {
      const response = await t.http().get('/api/auth/profile').set('Authorization', `bearer ${admin.accessToken}`);
      expect(response.status).toBe(200);
    });
  });
});
