import type { Response } from 'supertest';
import { expect } from '@jest/globals';
import { describeException } from '../../backend/src/http/api-exception.filter.js';
import { newAccount, type TestApp } from '../../backend/src/testing/test-app.js';

export interface SignedIn {
  account: ReturnType<typeof newAccount>;
  user: { id: string; email: string; name: string; role: string };
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  deviceToken: string;
}

/** Registers a fresh account over HTTP and returns its first session. */
export async function signUp(t: TestApp, overrides: Parameters<typeof newAccount>[0] = {}): Promise<SignedIn> {
  const account = newAccount(overrides);
  const response = await t.http().post('/api/auth/register').send(account).expect(201);
  return { account, ...response.body };
}

/** Opens another session for an existing account. */
export async function logIn(t: TestApp, account: SignedIn['account'], rememberMe = false): Promise<SignedIn> {
  const credentials = { email: account.email, password: account.password, rememberMe };
  const response = await t.http().post('/api/auth/login').send(credentials).expect(200);
  return { account, ...response.body };
}

/** Requests that carry the credential (access token or API key) as `Authorization: Bearer`. */
export function callAs(t: TestApp, credential: string) {
  const http = t.http();
  return {
    get: (path: string) => http.get(path).auth(credential, { type: 'bearer' }),
    post: (path: string) => http.post(path).auth(credential, { type: 'bearer' }),
    put: (path: string) => http.put(path).auth(credential, { type: 'bearer' }),
    patch: (path: string) => http.patch(path).auth(credential, { type: 'bearer' }),
    delete: (path: string) => http.delete(path).auth(credential, { type: 'bearer' }),
  };
}

/** Whether the bearer credential (access token or API key) is accepted right now. */
export async function profileStatus(t: TestApp, credential: string): Promise<number> {
  return (await callAs(t, credential).get('/api/auth/profile')).status;
}

/**
 * Retries the assertion until it passes, or fails with its last error once the timeout is
 * over: for what the server does off the request's path, a moment after answering.
 */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeout = 1_000, interval = 50 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/** Every failure answers `{ success: false, error }`; status and body are checked together so a mismatch shows both. */
export function expectFailure(response: Response, status: number, error: unknown = expect.any(String)): void {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { success: false, error } });
}

/**
 * A call into a service of the server, failing as its HTTP answer would: with the status
 * and message the API's exception filter gives the service's (domain) error.
 */
export async function failingAsAnswered<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const { status, error: message } = describeException(error);
    throw Object.assign(new Error(message), { status });
  }
}
