import { DEFAULT_PREFERENCES, type UserPreferences } from '@docent/common/preferences';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStore } from '../../backend/src/event-store/event-store.service.js';
import { ProjectionRebuilder } from '../../backend/src/projections/projection-rebuilder.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, signUp, type SignedIn } from './support.js';

const PREFERENCES = '/api/user/preferences';

async function preferencesOf(t: TestApp, who: SignedIn): Promise<UserPreferences> {
  const response = await callAs(t, who.accessToken).get(PREFERENCES).expect(200);
  expect(response.body.success).toBe(true);
  return response.body.preferences;
}

async function eventsOf(t: TestApp, who: SignedIn) {
  return t.app.get(EventStore).readStream(`preferences-${who.user.id}`);
}

describe('user preferences', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    // The first account on the system becomes the administrator.
    admin = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('a new user has the defaults: system theme, English, notifications and auto-save on, hybrid search, 20 per page', async () => {
    const user = await signUp(t);

    expect(await preferencesOf(t, user)).toEqual({
      theme: 'system',
      language: 'en',
      notifications: true,
      autoSave: true,
      defaultSearchType: 'hybrid',
      resultsPerPage: 20,
    });
  });

  it('a PUT changes only the fields sent, answers with every preference, and a GET reads the same', async () => {
    const user = await signUp(t);

    const put = await callAs(t, user.accessToken)
      .put(PREFERENCES)
      .send({ theme: 'dark', resultsPerPage: 50 })
      .expect(200);
    expect(put.body).toEqual({
      success: true,
      preferences: { ...DEFAULT_PREFERENCES, theme: 'dark', resultsPerPage: 50 },
    });

    await callAs(t, user.accessToken)
      .put(PREFERENCES)
      .send({ language: 'fr', notifications: false, defaultSearchType: 'keyword' })
      .expect(200);
    expect(await preferencesOf(t, user)).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      resultsPerPage: 50,
      language: 'fr',
      notifications: false,
      defaultSearchType: 'keyword',
    });
  });

  it('an empty body, or values already held, change nothing and record nothing', async () => {
    const user = await signUp(t);
    await callAs(t, user.accessToken).put(PREFERENCES).send({ autoSave: false }).expect(200);
    const expected = { success: true, preferences: { ...DEFAULT_PREFERENCES, autoSave: false } };

    expect((await callAs(t, user.accessToken).put(PREFERENCES).send({}).expect(200)).body).toEqual(expected);
    expect((await callAs(t, user.accessToken).put(PREFERENCES).expect(200)).body).toEqual(expected);
    expect(
      (await callAs(t, user.accessToken).put(PREFERENCES).send({ autoSave: false, theme: 'system' }).expect(200)).body,
    ).toEqual(expected);
    expect(await eventsOf(t, user)).toHaveLength(1);
  });

  it.each([
    ['theme', 'blue', /^theme must be one of light, dark, system$/],
    ['language', 'it', /^language must be one of en, es, fr, de$/],
    ['notifications', 'yes', /^notifications must be true or false$/],
    ['autoSave', 1, /^autoSave must be true or false$/],
    ['defaultSearchType', 'fuzzy', /^defaultSearchType must be one of semantic, keyword, hybrid$/],
    ['resultsPerPage', 25, /^resultsPerPage must be one of 10, 20, 30, 40, 50$/],
    ['resultsPerPage', 0, /^resultsPerPage must be one of/],
    ['resultsPerPage', 60, /^resultsPerPage must be one of/],
    ['resultsPerPage', '20', /^resultsPerPage must be one of/],
    ['resultsPerPage', null, /^resultsPerPage must be one of/],
  ])('refuses %s = %j with 400 naming the field, and changes nothing', async (field, value, error) => {
    const user = await signUp(t);

    const response = await callAs(t, user.accessToken)
      .put(PREFERENCES)
      .send({ theme: 'dark', [field]: value });
    expectFailure(response, 400, expect.stringMatching(error));
    expect(await preferencesOf(t, user)).toEqual(DEFAULT_PREFERENCES);
    expect(await eventsOf(t, user)).toHaveLength(0);
  });

  it('refuses fields it does not know with 400 naming them', async () => {
    const user = await signUp(t);

    expectFailure(
      await callAs(t, user.accessToken).put(PREFERENCES).send({ theme: 'dark', fontSize: 14 }),
      400,
      'Unknown preference: fontSize',
    );
    expectFailure(
      await callAs(t, user.accessToken).put(PREFERENCES).send({ a: 1, b: 2 }),
      400,
      'Unknown preferences: a, b',
    );
    expectFailure(
      await callAs(t, user.accessToken)
        .put(PREFERENCES)
        .send([{ theme: 'dark' }]),
      400,
      expect.stringMatching(/JSON object/),
    );
    expect(await preferencesOf(t, user)).toEqual(DEFAULT_PREFERENCES);
  });

  it('a read-only user reads and changes their own preferences', async () => {
    const reader = await signUp(t);
    await callAs(t, admin.accessToken).put(`/api/users/${reader.user.id}/role`).send({ role: 'readonly' }).expect(200);

    await callAs(t, reader.accessToken).put(PREFERENCES).send({ theme: 'light', language: 'de' }).expect(200);
    expect(await preferencesOf(t, reader)).toMatchObject({ theme: 'light', language: 'de' });
  });

  it('an API key acts for its owner', async () => {
    const user = await signUp(t);
    const key = (await callAs(t, user.accessToken).post('/api/api-keys').send({ name: 'Script' }).expect(201)).body
      .apiKey.key;

    await callAs(t, key).put(PREFERENCES).send({ resultsPerPage: 10 }).expect(200);
    expect(await preferencesOf(t, user)).toMatchObject({ resultsPerPage: 10 });
  });

  it("each user sees and changes only their own: one user's change never reaches another", async () => {
    const ana = await signUp(t);
    const ben = await signUp(t);

    await callAs(t, ana.accessToken).put(PREFERENCES).send({ theme: 'dark', language: 'es' }).expect(200);
    await callAs(t, ben.accessToken).put(PREFERENCES).send({ resultsPerPage: 40 }).expect(200);

    expect(await preferencesOf(t, ana)).toEqual({ ...DEFAULT_PREFERENCES, theme: 'dark', language: 'es' });
    expect(await preferencesOf(t, ben)).toEqual({ ...DEFAULT_PREFERENCES, resultsPerPage: 40 });
  });

  it('refuses callers who are not signed in with 401', async () => {
    expectFailure(await t.http().get(PREFERENCES), 401);
    expectFailure(await t.http().put(PREFERENCES).send({ theme: 'dark' }), 401);
    expectFailure(await callAs(t, 'not-a-token').get(PREFERENCES), 401);
  });

  it('survives a rebuild of its projection from the event log', async () => {
    const user = await signUp(t);
    await callAs(t, user.accessToken).put(PREFERENCES).send({ theme: 'dark', resultsPerPage: 30 }).expect(200);
    await callAs(t, user.accessToken).put(PREFERENCES).send({ theme: 'light' }).expect(200);
    const before = await preferencesOf(t, user);

    await t.app.get(ProjectionRebuilder).rebuild(['user-preferences']);

    expect(before).toEqual({ ...DEFAULT_PREFERENCES, theme: 'light', resultsPerPage: 30 });
    expect(await preferencesOf(t, user)).toEqual(before);
  });
});
