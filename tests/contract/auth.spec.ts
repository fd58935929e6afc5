import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, type SignedIn, signUp } from './support.js';

// Message texts are written out rather than imported: they are the spec's words.
const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const INVALID_EMAIL = 'Please enter a valid email address';
const NAME_TOO_SHORT = 'Name must be at least 2 characters long';
const CREDENTIALS_REQUIRED = 'Email and password are required';
const INVALID_CREDENTIALS = 'Invalid email or password';
const AUTHENTICATION_REQUIRED = 'Authentication required';

const ISO_DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

const anAuthResult = (user: Record<string, unknown>) => ({
  success: true,
  user: { id: expect.any(String), isDemo: false, avatar: null, createdAt: ISO_DATE, lastLogin: ISO_DATE, ...user },
  accessToken: expect.any(String),
  refreshToken: expect.any(String),
  sessionId: expect.any(String),
  expiresIn: expect.any(Number),
  deviceToken: expect.any(String),
});

describe('authentication over HTTP', () => {
  let t: TestApp;
  /** Registered before any other account, on a system where only the demo administrator exists. */
  let firstAccount: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    firstAccount = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const register = (body?: object) => t.http().post('/api/auth/register').send(body);
  const login = (body?: object) => t.http().post('/api/auth/login').send(body);

  describe('POST /api/auth/register', () => {
    it('answers 201 with the user, a session and its tokens', async () => {
      const account = newAccount();
      const response = await register(account).expect(201);

      expect(response.body).toEqual(anAuthResult({ email: account.email, name: account.name, role: 'user' }));
      // ACCESS_TOKEN_TTL's default, an hour, in seconds.
      expect(response.body.expiresIn).toBe(3600);
      const profile = await callAs(t, response.body.accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user).toEqual(response.body.user);
    });

    it('makes the first account an admin although the demo administrator already exists, and later accounts users', async () => {
      const demo = await t.http().post('/api/auth/demo-login').expect(200);
      const later = await signUp(t);

      expect(firstAccount.user.role).toBe('admin');
      expect(demo.body.user.id).not.toBe(firstAccount.user.id);
      expect(later.user.role).toBe('user');
    });

    it.each([
      {
        rule: 'password length',
        change: { password: 'Short-1', confirmPassword: 'Short-1' },
        message: PASSWORD_TOO_SHORT,
      },
      { rule: 'matching passwords', change: { confirmPassword: 'Another-Horse-9' }, message: PASSWORDS_DO_NOT_MATCH },
      { rule: 'email', change: { email: 'ada@example' }, message: INVALID_EMAIL },
      { rule: 'name', change: { name: ' A ' }, message: NAME_TOO_SHORT },
    ])('refuses a body breaking only the $rule rule with 400 "$message"', async ({ change, message }) => {
      const response = await register({ ...newAccount(), ...change });
      expectFailure(response, 400, message);
    });

    it.each([
      {
        breaking: 'all four rules',
        body: { name: 'A', email: 'not-an-email', password: 'short', confirmPassword: 'other' },
        message: PASSWORD_TOO_SHORT,
      },
      {
        breaking: 'the last three rules',
        body: { name: 'A', email: 'not-an-email', password: 'long enough', confirmPassword: 'other' },
        message: PASSWORDS_DO_NOT_MATCH,
      },
      {
        breaking: 'the last two rules',
        body: { name: 'A', email: 'not-an-email', password: 'long enough', confirmPassword: 'long enough' },
        message: INVALID_EMAIL,
      },
    ])('shows the first failure of a body breaking $breaking', async ({ body, message }) => {
      expectFailure(await register(body), 400, message);
    });

    it.each([
      { problem: 'without a name', body: () => ({ ...newAccount(), name: undefined }), field: 'name' },
      { problem: 'with a numeric email', body: () => ({ ...newAccount(), email: 42 }), field: 'email' },
      {
        problem: 'with the password as a list',
        body: () => ({ ...newAccount(), password: ['Long-Enough-9'] }),
        field: 'password',
      },
      {
        problem: 'with a null confirmPassword',
        body: () => ({ ...newAccount(), confirmPassword: null }),
        field: 'confirmPassword',
      },
    ])('refuses a body $problem with 400 naming the field', async ({ body, field }) => {
      const response = await register(body());
      expectFailure(response, 400, expect.stringContaining(field));
    });

    it('refuses a request without a JSON object body with 400 saying so', async () => {
      expectFailure(await register(), 400, 'The request body must be a JSON object');
    });

    it('refuses an email that is already registered, whatever its case, with 409', async () => {
      const existing = await signUp(t);
      const response = await register(newAccount({ email: existing.account.email.toUpperCase() }));
      expectFailure(response, 409);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 with the user, a new session and its tokens', async () => {
      const { account, user, sessionId } = await signUp(t);
      const response = await login({ email: account.email, password: account.password }).expect(200);

      expect(response.body).toEqual(
        anAuthResult({ id: user.id, email: account.email, name: account.name, role: 'user' }),
      );
      expect(response.body.sessionId).not.toBe(sessionId);
      await callAs(t, response.body.accessToken).get('/api/auth/profile').expect(200);
    });

    it('accepts the email in any case', async () => {
      const { account, user } = await signUp(t);
      const response = await login({ email: account.email.toUpperCase(), password: account.password }).expect(200);
      expect(response.body.user.id).toBe(user.id);
    });

    it('answers a wrong password and an unknown email alike, with 401 "Invalid email or password"', async () => {
      const { account } = await signUp(t);
      const wrongPassword = await login({ email: account.email, password: 'Wrong-Horse-9' });
      const unknownEmail = await login({ email: newAccount().email, password: account.password });

      expectFailure(wrongPassword, 401, INVALID_CREDENTIALS);
      expect([unknownEmail.status, unknownEmail.body]).toEqual([wrongPassword.status, wrongPassword.body]);
    });

    it.each([
      { missing: 'the email', body: { password: 'Correct-Horse-9' } },
      { missing: 'the password', body: { email: 'ada@example.com' } },
      { missing: 'both (blank)', body: { email: '  ', password: '' } },
      { missing: 'the body', body: undefined },
    ])('refuses a login without $missing with 400 "Email and password are required"', async ({ body }) => {
      expectFailure(await login(body), 400, CREDENTIALS_REQUIRED);
    });

    it('refuses a rememberMe that is not true or false with 400 naming it', async () => {
      const response = await login({ email: 'ada@example.com', password: 'Correct-Horse-9', rememberMe: 'yes' });
      expectFailure(response, 400, expect.stringContaining('rememberMe'));
    });

    it('never answers with the password or its hash', async () => {
      const account = newAccount();
      const registration = await register(account).expect(201);
      const signIn = await login({ email: account.email, password: account.password }).expect(200);
      const profile = await callAs(t, signIn.body.accessToken).get('/api/auth/profile').expect(200);

      for (const body of [registration.body, signIn.body, profile.body]) {
        const text = JSON.stringify(body);
        expect(text).not.toContain(account.password);
        expect(text).not.toMatch(/passwordHash|\$argon2/);
      }
    });
  });

  describe('GET and PUT /api/auth/profile', () => {
    it('answers GET with the signed-in user', async () => {
      const { accessToken, user } = await signUp(t);
      const response = await callAs(t, accessToken).get('/api/auth/profile').expect(200);
      expect(response.body).toEqual({ success: true, user });
    });

    it('changes name, email and avatar, answers with the new user, and signs in under the new email', async () => {
      const { account, accessToken, user } = await signUp(t);
      const changes = { name: 'Ada Lovelace', email: newAccount().email, avatar: 'https://cdn.example.com/ada.png' };

      const response = await callAs(t, accessToken).put('/api/auth/profile').send(changes).expect(200);

      expect(response.body).toEqual({ success: true, user: { ...user, ...changes } });
      const profile = await callAs(t, accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user).toEqual(response.body.user);
      await login({ email: changes.email, password: account.password }).expect(200);
      expectFailure(await login({ email: account.email, password: account.password }), 401, INVALID_CREDENTIALS);
    });

    it('removes the avatar when given null', async () => {
      const { accessToken } = await signUp(t);
      await callAs(t, accessToken)
        .put('/api/auth/profile')
        .send({ avatar: 'https://cdn.example.com/a.png' })
        .expect(200);
      const response = await callAs(t, accessToken).put('/api/auth/profile').send({ avatar: null }).expect(200);
      expect(response.body.user.avatar).toBeNull();
    });

    it.each([
      { field: 'a one-letter name', change: { name: 'A' }, message: NAME_TOO_SHORT },
      { field: 'an invalid email', change: { email: 'ada@example' }, message: INVALID_EMAIL },
      {
        field: 'a non-http avatar',
        change: { avatar: 'javascript:alert(1)' },
        message: 'Avatar must be an http or https URL',
      },
    ])('refuses $field with 400 "$message" and changes nothing', async ({ change, message }) => {
      const { accessToken, user } = await signUp(t);
      expectFailure(await callAs(t, accessToken).put('/api/auth/profile').send(change), 400, message);
      const profile = await callAs(t, accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user).toEqual(user);
    });

    it("refuses another account's email, whatever its case, with 409", async () => {
      const { accessToken } = await signUp(t);
      const other = await signUp(t);
      const response = await callAs(t, accessToken)
        .put('/api/auth/profile')
        .send({ email: other.account.email.toUpperCase() });
      expectFailure(response, 409);
    });

    it('answers without a token with 401 "Authentication required"', async () => {
      const read = await t.http().get('/api/auth/profile');
      const change = await t.http().put('/api/auth/profile').send({ name: 'Mallory' });
      for (const response of [read, change]) {
        expect([response.status, response.body]).toEqual([401, { success: false, error: AUTHENTICATION_REQUIRED }]);
      }
    });
  });

  describe('demo login (demo mode is on in tests)', () => {
    it('says the demo login is available', async () => {
      const response = await t.http().get('/api/auth/demo').expect(200);
      expect(response.body).toEqual({ success: true, available: true });
    });

    it('opens an admin session for the demo administrator', async () => {
      const response = await t.http().post('/api/auth/demo-login').expect(200);

      expect(response.body).toEqual(
        anAuthResult({ email: expect.any(String), name: expect.any(String), role: 'admin', isDemo: true }),
      );
      const profile = await callAs(t, response.body.accessToken).get('/api/auth/profile').expect(200);
      expect(profile.body.user.role).toBe('admin');
    });

    it('cannot be entered with a password', async () => {
      const demo = await t.http().post('/api/auth/demo-login').expect(200);
      const response = await login({ email: demo.body.user.email, password: 'Correct-Horse-9' });
      expectFailure(response, 401, INVALID_CREDENTIALS);
    });
  });
});
