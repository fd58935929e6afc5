import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { expectFailure, signUp } from './support.js';

describe('demo login with DEMO_MODE=false', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_MODE: 'false' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('says the demo login is not available', async () => {
    const response = await t.http().get('/api/auth/demo').expect(200);
    expect(response.body).toEqual({ success: true, available: false });
  });

  it('answers a demo login with 404', async () => {
    expectFailure(await t.http().post('/api/auth/demo-login'), 404);
  });

  it('makes the first account an admin', async () => {
    expect((await signUp(t)).user.role).toBe('admin');
  });
});
