import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { expectFailure, signUp } from './support.js';

const TOO_MANY_ATTEMPTS = expect.stringContaining('Too many attempts');

describe('login attempts per account (limit 3)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });

  it('answers the 4th attempt for one account, however it is spelled, with 429, even with the right password', async () => {
    const { account } = await signUp(t);
    const spellings = [account.email, account.email.toUpperCase(), ` ${account.email} `];

    for (const email of spellings) {
      expectFailure(await login(email, 'Wrong-Horse-9'), 401, 'Invalid email or password');
    }

    expectFailure(await login(account.email, account.password), 429, TOO_MANY_ATTEMPTS);
  });

  it('keeps counting each account on its own', async () => {
    const { account } = await signUp(t);
    const other = await signUp(t);
    for (let attempt = 0; attempt < 4; attempt++) await login(account.email, 'Wrong-Horse-9');

    expectFailure(await login(other.account.email, 'Wrong-Horse-9'), 401, 'Invalid email or password');
    await login(other.account.email, other.account.password).expect(200);
  });
});

describe('registrations per address (limit 2)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ REGISTER_RATE_LIMIT_PER_IP: '2' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers the 3rd registration from one address with 429, and still lets its accounts sign in', async () => {
    const { account } = await signUp(t);
    await signUp(t);

    expectFailure(await t.http().post('/api/auth/register').send(newAccount()), 429, TOO_MANY_ATTEMPTS);
    await t.http().post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
  });
});
