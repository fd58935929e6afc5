import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, eventually, expectFailure, profileStatus, type SignedIn, signUp } from './support.js';

const API_KEY_NAME_REQUIRED = 'Please enter a name for the API key';
const API_KEY_FORMAT = /^dcnt_[A-Za-z0-9]{32}$/;

describe('API keys over HTTP', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function createKey(owner: SignedIn) {
    const response = await callAs(t, owner.accessToken).post('/api/api-keys').send({ name: 'CI pipeline' }).expect(201);
    return response.body.apiKey as { id: string; name: string; key: string };
  }

  const listKeys = (owner: SignedIn) => callAs(t, owner.accessToken).get('/api/api-keys').expect(200);

  it('creates a key and shows it in full, once', async () => {
    const owner = await signUp(t);
    const response = await callAs(t, owner.accessToken)
      .post('/api/api-keys')
      .send({ name: ' CI pipeline ' })
      .expect(201);

    expect(response.body).toEqual({
      success: true,
      apiKey: {
        id: expect.any(String),
        name: 'CI pipeline',
        key: expect.stringMatching(API_KEY_FORMAT),
        created: expect.any(String),
        lastUsed: null,
        status: 'active',
      },
    });
  });

  it('refuses to create a key with an API key (403) and creates none: only a signed-in session may', async () => {
    const owner = await signUp(t);
    const { key } = await createKey(owner);

    const response = await callAs(t, key).post('/api/api-keys').send({ name: 'Minted by a key' });

    expectFailure(response, 403, 'An API key cannot create API keys: sign in to create one');
    expect((await listKeys(owner)).body.apiKeys.map((apiKey: { name: string }) => apiKey.name)).toEqual([
      'CI pipeline',
    ]);
  });

  it.each([
    { name: 'blank', body: { name: '   ' } },
    { name: 'missing', body: {} },
  ])('refuses a $name name with 400 "Please enter a name for the API key"', async ({ body }) => {
    const owner = await signUp(t);
    const response = await callAs(t, owner.accessToken).post('/api/api-keys').send(body);
    expectFailure(response, 400, API_KEY_NAME_REQUIRED);
  });

  it("lists the caller's own keys, masked, never with the full key", async () => {
    const owner = await signUp(t);
    const { id, key } = await createKey(owner);
    await createKey(await signUp(t));

    const response = await listKeys(owner);

    expect(response.body).toEqual({
      success: true,
      apiKeys: [
        {
          id,
          name: 'CI pipeline',
          key: expect.any(String),
          created: expect.any(String),
          lastUsed: null,
          status: 'active',
        },
      ],
    });
    expect(JSON.stringify(response.body)).not.toContain(key.slice('dcnt_'.length));
  });

  it('authenticates as its owner and records when it was last used', async () => {
    const owner = await signUp(t);
    const { key } = await createKey(owner);

    const profile = await callAs(t, key).get('/api/auth/profile').expect(200);

    expect(profile.body.user).toEqual(owner.user);
    // Recorded off the request's path, so it appears a moment later.
    await eventually(async () => expect((await listKeys(owner)).body.apiKeys[0].lastUsed).toEqual(expect.any(String)));
  });

  it('acts as its owner on changes too, from its very first use', async () => {
    const owner = await signUp(t);
    const { key } = await createKey(owner);

    const renamed = await callAs(t, key).put('/api/auth/profile').send({ name: 'Renamed by a key' });

    expect({ status: renamed.status, body: renamed.body }).toMatchObject({ status: 200, body: { success: true } });
    const profile = await callAs(t, owner.accessToken).get('/api/auth/profile').expect(200);
    expect(profile.body.user.name).toBe('Renamed by a key');
  });

  it('deletes a key, which then stops working at once', async () => {
    const owner = await signUp(t);
    const { id, key } = await createKey(owner);

    const response = await callAs(t, owner.accessToken).delete(`/api/api-keys/${id}`).expect(200);

    expect(response.body).toEqual({ success: true });
    expect(await profileStatus(t, key)).toBe(401);
    expect((await listKeys(owner)).body.apiKeys).toEqual([]);
  });

  it('answers 404 for an unknown key and for a key of another user, which keeps working', async () => {
    const owner = await signUp(t);
    const othersKey = await createKey(await signUp(t));

    for (const id of [randomUUID(), othersKey.id]) {
      expectFailure(await callAs(t, owner.accessToken).delete(`/api/api-keys/${id}`), 404);
    }
    expect(await profileStatus(t, othersKey.key)).toBe(200);
  });

  it('lets a readonly user list keys but not create them (403), whether by token or by key', async () => {
    const owner = await signUp(t);
    const { key } = await createKey(owner);
    await callAs(t, admin.accessToken).put(`/api/users/${owner.user.id}/role`).send({ role: 'readonly' }).expect(200);

    expect((await listKeys(owner)).body.apiKeys).toHaveLength(1);
    for (const credential of [owner.accessToken, key]) {
      const response = await callAs(t, credential).post('/api/api-keys').send({ name: 'Another' });
      expectFailure(response, 403, expect.stringContaining('api_keys:create'));
    }
  });

  it('answers every route without credentials with 401', async () => {
    const responses = await Promise.all([
      t.http().get('/api/api-keys'),
      t.http().post('/api/api-keys').send({ name: 'CI pipeline' }),
      t.http().delete(`/api/api-keys/${randomUUID()}`),
    ]);
    for (const response of responses) expectFailure(response, 401, 'Authentication required');
  });
});
