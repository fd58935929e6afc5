import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLIENT_ADDRESS_HEADER, clientAddressHeaders } from '@docent/common/client-address';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { expectFailure, signUp } from './support.js';

const TOO_MANY_ATTEMPTS = expect.stringContaining('Too many attempts');
const TOO_MANY_FAILED_SIGN_INS = expect.stringContaining('Too many failed sign-ins for this account');

describe('guesses at one account (LOGIN_RATE_LIMIT_PER_ACCOUNT 3)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const login = (email: string, password: string, deviceToken?: string) =>
    t
      .http()
      .post('/api/auth/login')
      .send({ email, password, ...(deviceToken && { deviceToken }) });

  async function guessThreeTimes(email: string) {
    for (const spelling of [email, email.toUpperCase(), ` ${email} `]) {
      expectFailure(await login(spelling, 'Wrong-Horse-9'), 401, 'Invalid email or password');
    }
  }

  it('makes the next guess after 3 wrong passwords wait, with 429 and Retry-After, however the email is spelled', async () => {
    const { account } = await signUp(t);
    await guessThreeTimes(account.email);

    const early = await login(account.email.toUpperCase(), 'Wrong-Horse-9');
    expectFailure(early, 429, TOO_MANY_FAILED_SIGN_INS);
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('does not let a guess that comes too early learn that it was right', async () => {
    const { account } = await signUp(t);
    await guessThreeTimes(account.email);

    expectFailure(await login(account.email, account.password), 429, TOO_MANY_FAILED_SIGN_INS);
  });

  it('still signs the owner in on a device that signed in before, while the guesser waits', async () => {
    const { account, deviceToken } = await signUp(t);
    await guessThreeTimes(account.email);
    expectFailure(await login(account.email, 'Wrong-Horse-9'), 429, TOO_MANY_FAILED_SIGN_INS);

    const owner = await login(account.email, account.password, deviceToken).expect(200);
    expect(owner.body.deviceToken).toEqual(expect.any(String));
    expectFailure(await login(account.email, 'Wrong-Horse-9'), 429, TOO_MANY_FAILED_SIGN_INS);
  });

  it('does not take the device token of another account, or a made-up one, for a known device', async () => {
    const { account } = await signUp(t);
    const other = await signUp(t);
    await guessThreeTimes(account.email);

    for (const deviceToken of [other.deviceToken, `${Date.now()}.${'a'.repeat(22)}.${'b'.repeat(43)}`]) {
      expectFailure(await login(account.email, account.password, deviceToken), 429, TOO_MANY_FAILED_SIGN_INS);
    }
  });

  it('keeps counting each account on its own', async () => {
    const { account } = await signUp(t);
    const other = await signUp(t);
    await guessThreeTimes(account.email);

    expectFailure(await login(other.account.email, 'Wrong-Horse-9'), 401, 'Invalid email or password');
    await login(other.account.email, other.account.password).expect(200);
  });
});

describe('logins per client address (LOGIN_RATE_LIMIT_PER_IP 2)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_IP: '2' });
  });
  afterAll(() => t.close());

  /** A login attempt the way the web server makes it for the browser at `address`. */
  const loginFromBrowser = (address: string, headers = clientAddressHeaders(t.config.auth.sessionSecret, address)) =>
    t.http().post('/api/auth/login').set(headers).send({ email: newAccount().email, password: 'Wrong-Horse-9' });

  it('counts the browsers the web server forwards each on its own, and says when to come back', async () => {
    for (let attempt = 0; attempt < 2; attempt++) expectFailure(await loginFromBrowser('203.0.113.1'), 401);
    const limited = await loginFromBrowser('203.0.113.1');
    expectFailure(limited, 429, TOO_MANY_ATTEMPTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    expectFailure(await loginFromBrowser('203.0.113.2'), 401);
    expectFailure(await loginFromBrowser('2001:db8::7'), 401);
  });

  it('ignores a forwarded address without the web server’s proof, and X-Forwarded-For without TRUST_PROXY: the attempt counts against its real address', async () => {
    const forged = [
      { [CLIENT_ADDRESS_HEADER]: '198.51.100.1' },
      { 'X-Forwarded-For': '198.51.100.4' },
      clientAddressHeaders('a different secret of at least 32 characters', '198.51.100.2'),
      clientAddressHeaders(t.config.auth.sessionSecret, '198.51.100.3', Date.now() - 10 * 60_000),
    ];
    const answers = [];
    for (const headers of forged) answers.push((await loginFromBrowser('', headers)).status);

    expect(answers).toEqual([401, 401, 429, 429]);
  });
});

describe('behind a proxy (TRUST_PROXY loopback, LOGIN_RATE_LIMIT_PER_IP 1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  const loginVia = (forwardedFor: string) =>
    t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: newAccount().email, password: 'Wrong-Horse-9' });

  it('counts each client the trusted proxy names on its own', async () => {
    expectFailure(await loginVia('203.0.113.1'), 401);
    expectFailure(await loginVia('203.0.113.1'), 429, TOO_MANY_ATTEMPTS);
    expectFailure(await loginVia('203.0.113.2'), 401);
  });
});

describe('registrations per address (limit 2)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ REGISTER_RATE_LIMIT_PER_IP: '2' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers the 3rd registration from one address with 429 and Retry-After, and still lets its accounts sign in', async () => {
    const { account } = await signUp(t);
    await signUp(t);

    const limited = await t.http().post('/api/auth/register').send(newAccount());
    expectFailure(limited, 429, TOO_MANY_ATTEMPTS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await t.http().post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
  });
});
