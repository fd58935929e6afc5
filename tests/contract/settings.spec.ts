import { randomUUID } from 'node:crypto';
import { DEFAULT_PREFERENCES } from '@docent/common/preferences';
import type { BackupFile } from '@docent/common/settings';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStore } from '../../backend/src/event-store/event-store.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { ingest } from './documents-support.js';
import { callAs, expectFailure, logIn, profileStatus, signUp, type SignedIn } from './support.js';

const NO_CREATE_PERMISSION = expect.stringContaining('api_keys:create');

describe('the Settings page API over HTTP', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    // The first account on the system becomes the administrator.
    admin = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function withRole(role: string): Promise<SignedIn> {
    const member = await signUp(t);
    await callAs(t, admin.accessToken).put(`/api/users/${member.user.id}/role`).send({ role }).expect(200);
    return { ...member, user: { ...member.user, role } };
  }

  const changePassword = (who: SignedIn, body: Record<string, unknown>) =>
    callAs(t, who.accessToken).post('/api/auth/password').send(body);

  describe('POST /api/auth/password', () => {
    it('changes the password and ends every other session of the user, keeping the one it came from', async () => {
      const owner = await signUp(t);
      const other = await logIn(t, owner.account);
      const bystander = await signUp(t);
      const newPassword = 'N3w-passw0rd!';

      const response = await changePassword(owner, {
        currentPassword: owner.account.password,
        newPassword,
        confirmPassword: newPassword,
      });

      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: { success: true, sessionsEnded: 1 },
      });
      expect(await profileStatus(t, owner.accessToken)).toBe(200);
      expect(await profileStatus(t, other.accessToken)).toBe(401);
      await t.http().post('/api/auth/refresh').send({ refreshToken: other.refreshToken }).expect(401);
      expect(await profileStatus(t, bystander.accessToken)).toBe(200);
      await t.http().post('/api/auth/login').send({ email: owner.account.email, password: newPassword }).expect(200);
      await t
        .http()
        .post('/api/auth/login')
        .send({ email: owner.account.email, password: owner.account.password })
        .expect(401);
      const events = await t.app.get(EventStore).readStream(`user-${owner.user.id}`);
      expect(events.map((event) => event.type)).toContain('PasswordChanged');
    });

    it('refuses a wrong current password with 400 and changes nothing', async () => {
      const owner = await signUp(t);
      const other = await logIn(t, owner.account);

      const response = await changePassword(owner, {
        currentPassword: 'not-my-password',
        newPassword: 'N3w-passw0rd!',
        confirmPassword: 'N3w-passw0rd!',
      });

      expectFailure(response, 400, 'Current password is incorrect');
      expect(await profileStatus(t, other.accessToken)).toBe(200);
      await logIn(t, owner.account);
    });

    it.each([
      {
        problem: 'no current password',
        body: { newPassword: 'N3w-passw0rd!', confirmPassword: 'N3w-passw0rd!' },
        error: 'Current password is required',
      },
      {
        problem: 'a short new password',
        body: { currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
        error: 'Password must be at least 8 characters long',
      },
      {
        problem: 'a confirmation that differs',
        body: { currentPassword: 'x', newPassword: 'N3w-passw0rd!', confirmPassword: 'N3w-passw0rd?' },
        error: 'Passwords do not match',
      },
    ])('refuses $problem with 400, as registration does', async ({ body, error }) => {
      const owner = await signUp(t);
      expectFailure(await changePassword(owner, body), 400, error);
    });

    it('refuses an API key with 403: only a signed-in person changes the password', async () => {
      const owner = await signUp(t);
      const { key } = (await callAs(t, owner.accessToken).post('/api/api-keys').send({ name: 'CI' }).expect(201)).body
        .apiKey;

      const response = await callAs(t, key).post('/api/auth/password').send({
        currentPassword: owner.account.password,
        newPassword: 'N3w-passw0rd!',
        confirmPassword: 'N3w-passw0rd!',
      });

      expectFailure(response, 403, 'An API key cannot change the password: sign in to change it');
      await logIn(t, owner.account);
    });

    it("refuses the demo administrator's session with 403: the demo account's password stays", async () => {
      const demo = (await t.http().post('/api/auth/demo-login').expect(200)).body as SignedIn;

      const response = await callAs(t, demo.accessToken)
        .post('/api/auth/password')
        .send({ currentPassword: 'whatever', newPassword: 'N3w-passw0rd!', confirmPassword: 'N3w-passw0rd!' });

      expectFailure(response, 403, "The demo account's password cannot be changed");
    });
  });

  describe('sessions', () => {
    it("lists the caller's own open sessions, the current one marked, and revokes one, which stops at once", async () => {
      const owner = await signUp(t);
      const other = await logIn(t, owner.account, true);
      await signUp(t);

      const listed = await callAs(t, owner.accessToken).get('/api/auth/sessions').expect(200);
      expect(listed.body.success).toBe(true);
      expect(listed.body.sessions).toHaveLength(2);
      expect(listed.body.sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: owner.sessionId, current: true, rememberMe: false }),
          expect.objectContaining({ id: other.sessionId, current: false, rememberMe: true }),
        ]),
      );

      await callAs(t, owner.accessToken).delete(`/api/auth/sessions/${other.sessionId}`).expect(200);

      expect(await profileStatus(t, other.accessToken)).toBe(401);
      const after = await callAs(t, owner.accessToken).get('/api/auth/sessions').expect(200);
      expect(after.body.sessions.map((session: { id: string }) => session.id)).toEqual([owner.sessionId]);
    });

    it('names the device each session signed in on, from its User-Agent', async () => {
      const owner = await signUp(t);
      const chrome =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const logInWith = async (userAgent: string) =>
        (
          await t
            .http()
            .post('/api/auth/login')
            .set('User-Agent', userAgent)
            .send({ email: owner.account.email, password: owner.account.password })
            .expect(200)
        ).body.sessionId as string;
      const fromChrome = await logInWith(chrome);
      const fromCurl = await logInWith('curl/8.5.0');

      const listed = await callAs(t, owner.accessToken).get('/api/auth/sessions').expect(200);

      const devices = Object.fromEntries(
        listed.body.sessions.map((session: { id: string; device: string | null }) => [session.id, session.device]),
      );
      // Registered without a User-Agent: no device to name.
      expect(devices).toEqual({ [fromChrome]: 'Chrome on Linux', [fromCurl]: 'curl/8.5.0', [owner.sessionId]: null });
    });

    it("answers 404 for another user's session, which keeps working", async () => {
      const owner = await signUp(t);
      const stranger = await signUp(t);

      const response = await callAs(t, owner.accessToken).delete(`/api/auth/sessions/${stranger.sessionId}`);

      expectFailure(response, 404, 'Session not found');
      expect(await profileStatus(t, stranger.accessToken)).toBe(200);
    });
  });

  describe('API keys per role', () => {
    it.each(['admin', 'user', 'developer'])(
      'a %s creates a key, sees it masked in the list, uses it as a Bearer, and deletes it',
      async (role) => {
        const owner = role === 'admin' ? admin : await withRole(role);
        const created = await callAs(t, owner.accessToken)
          .post('/api/api-keys')
          .send({ name: `Key of ${role}` });
        expect(created.status).toBe(201);
        const { id, key } = created.body.apiKey;

        const listed = await callAs(t, owner.accessToken).get('/api/api-keys').expect(200);
        const shown = listed.body.apiKeys.find((apiKey: { id: string }) => apiKey.id === id);
        expect(shown.key).not.toBe(key);
        expect(JSON.stringify(listed.body)).not.toContain(key);
        const asKey = await callAs(t, key).get('/api/auth/profile').expect(200);
        expect(asKey.body.user.id).toBe(owner.user.id);

        await callAs(t, owner.accessToken).delete(`/api/api-keys/${id}`).expect(200);
        expect(await profileStatus(t, key)).toBe(401);
      },
    );

    it('an analyst creates keys but may not delete them (403)', async () => {
      const analyst = await withRole('analyst');
      const { id, key } = (await callAs(t, analyst.accessToken).post('/api/api-keys').send({ name: 'A' }).expect(201))
        .body.apiKey;

      expectFailure(
        await callAs(t, analyst.accessToken).delete(`/api/api-keys/${id}`),
        403,
        expect.stringContaining('api_keys:delete'),
      );
      expect(await profileStatus(t, key)).toBe(200);
    });

    it('a readonly user lists keys but may not create one (403)', async () => {
      const reader = await withRole('readonly');
      await callAs(t, reader.accessToken).get('/api/api-keys').expect(200);
      expectFailure(
        await callAs(t, reader.accessToken).post('/api/api-keys').send({ name: 'R' }),
        403,
        NO_CREATE_PERMISSION,
      );
    });
  });

  describe('backup', () => {
    const exportOf = async (who: SignedIn): Promise<BackupFile> =>
      (await callAs(t, who.accessToken).get('/api/user/backup').expect(200)).body.backup;

    it("exports the caller's own data, and an import of that file brings it back", async () => {
      const owner = await signUp(t);
      await callAs(t, owner.accessToken).put('/api/user/preferences').send({ theme: 'dark', resultsPerPage: 40 });
      const document = await ingest(t, owner.accessToken, { name: 'notes.txt', content: 'Settings backup test' });
      await callAs(t, owner.accessToken)
        .put(`/api/documents/${document.id}/metadata`)
        .send({ category: 'Research', tags: ['backup'] })
        .expect(200);
      await callAs(t, owner.accessToken)
        .post('/api/search/rag')
        .send({ query: 'backup test', options: { type: 'keyword' } });

      const backup = await exportOf(owner);
      expect(backup).toEqual({
        userPreferences: { ...DEFAULT_PREFERENCES, theme: 'dark', resultsPerPage: 40 },
        documentMetadata: { [document.id]: { category: 'Research', tags: ['backup'] } },
        searchHistory: ['backup test'],
        chatHistory: [],
        bookmarks: [],
        exportDate: expect.any(String),
      });

      await callAs(t, owner.accessToken).put('/api/user/preferences').send({ theme: 'light', language: 'de' });
      await callAs(t, owner.accessToken).put(`/api/documents/${document.id}/metadata`).send({ category: 'Other' });
      await callAs(t, owner.accessToken)
        .post('/api/search/rag')
        .send({ query: 'searched after the backup', options: { type: 'keyword' } });

      const imported = await callAs(t, owner.accessToken).post('/api/user/backup/import').send(backup);

      expect({ status: imported.status, body: imported.body }).toEqual({
        status: 200,
        body: {
          success: true,
          preferencesApplied: true,
          documentMetadataApplied: 1,
          documentsSkipped: [],
          searchHistoryRestored: true,
        },
      });
      const restored = await exportOf(owner);
      expect({ ...restored, exportDate: null }).toEqual({ ...backup, exportDate: null });
    });

    it("leaves another user's documents alone, saying so", async () => {
      const owner = await signUp(t);
      const stranger = await signUp(t);
      const theirs = await ingest(
        t,
        stranger.accessToken,
        { name: 'theirs.txt', content: 'Not yours' },
        { accessLevel: 'private' },
      );
      const backup = { ...(await exportOf(owner)), documentMetadata: { [theirs.id]: { category: 'Mine now' } } };

      const imported = await callAs(t, owner.accessToken).post('/api/user/backup/import').send(backup).expect(200);

      expect(imported.body.documentsSkipped).toEqual([theirs.id]);
      expect(imported.body.documentMetadataApplied).toBe(0);
      const metadata = await callAs(t, stranger.accessToken).get(`/api/documents/${theirs.id}/metadata`);
      expect(metadata.status).toBe(404);
    });

    it.each([
      { problem: 'a JSON array', body: [] },
      { problem: 'an object without the backup fields', body: { hello: 'world' } },
      { problem: 'preferences out of range', body: { resultsPerPage: 33 } },
      { problem: 'an unknown preference', body: { colour: 'blue' } },
      { problem: 'document metadata keyed by something else than a document id', documentMetadata: { nope: {} } },
      { problem: 'a search history that is not a list of strings', searchHistory: [1, 2] },
    ])('refuses $problem with 400 "Invalid backup file" and applies nothing', async (variant) => {
      const owner = await signUp(t);
      const before = await exportOf(owner);
      const { problem: _problem, body, ...fields } = variant as Record<string, unknown>;
      const sent =
        body === undefined
          ? { ...before, userPreferences: { ...before.userPreferences, theme: 'dark' }, ...fields }
          : Array.isArray(body) || 'hello' in (body as object)
            ? body
            : { ...before, userPreferences: { theme: 'dark', ...(body as object) } };

      const response = await callAs(t, owner.accessToken)
        .post('/api/user/backup/import')
        .send(sent as object);

      expectFailure(response, 400, 'Invalid backup file');
      expect((await exportOf(owner)).userPreferences).toEqual(before.userPreferences);
    });

    it('refuses a file whose metadata for one document is out of bounds, applying nothing of it', async () => {
      const owner = await signUp(t);
      const mine = await ingest(t, owner.accessToken, { name: 'mine.txt', content: 'Mine' });
      await callAs(t, owner.accessToken).put(`/api/documents/${mine.id}/metadata`).send({ category: 'Before' });
      const backup = await exportOf(owner);
      const oversized = { category: 'After', notes: 'x'.repeat(20_000) };

      const response = await callAs(t, owner.accessToken)
        .post('/api/user/backup/import')
        .send({ ...backup, userPreferences: { theme: 'dark' }, documentMetadata: { [mine.id]: oversized } });

      expectFailure(response, 400, 'Invalid backup file');
      expect(await exportOf(owner)).toMatchObject({
        userPreferences: DEFAULT_PREFERENCES,
        documentMetadata: { [mine.id]: { category: 'Before' } },
      });
    });

    it('answers without credentials with 401', async () => {
      expectFailure(await t.http().get('/api/user/backup'), 401);
      expectFailure(await t.http().post('/api/user/backup/import').send({}), 401);
      expectFailure(await t.http().get(`/api/auth/sessions`), 401);
      expectFailure(await t.http().delete(`/api/auth/sessions/${randomUUID()}`), 401);
      expectFailure(await t.http().post('/api/auth/password').send({}), 401);
      expectFailure(await t.http().get('/api/user/performance'), 401);
    });
  });

  describe('GET /api/user/performance', () => {
    it("measures the caller's own searches, newest first, with p50 and p95", async () => {
      const owner = await signUp(t);
      const stranger = await signUp(t);
      for (const query of ['first', 'second', 'third']) {
        await callAs(t, owner.accessToken)
          .post('/api/search/rag')
          .send({ query, options: { type: 'keyword' } });
      }
      await callAs(t, stranger.accessToken)
        .post('/api/search/rag')
        .send({ query: 'theirs', options: { type: 'keyword' } });

      const response = await callAs(t, owner.accessToken).get('/api/user/performance').expect(200);

      expect(response.body.success).toBe(true);
      expect(response.body.search.samples).toHaveLength(3);
      const latencies: number[] = response.body.search.samples.map((sample: { latencyMs: number }) => sample.latencyMs);
      expect(response.body.search.p95Ms).toBe(Math.max(...latencies));
      expect(response.body.search.p50Ms).toBe([...latencies].sort((a, b) => a - b)[1]);
      const times: string[] = response.body.search.samples.map((sample: { at: string }) => sample.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(response.body.chat).toEqual({ samples: [], p50Ms: null, p95Ms: null });
    });
  });
});
