import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { callAs, expectFailure, type SignedIn, signUp } from './support.js';

const REGISTER = { method: 'post', path: '/api/auth/register' } as const;
const LOGIN = { method: 'post', path: '/api/auth/login' } as const;
const PROFILE = { method: 'put', path: '/api/auth/profile' } as const;
const CREATE_API_KEY = { method: 'post', path: '/api/api-keys' } as const;
const CHANGE_ROLE = { method: 'put', path: `/api/users/${randomUUID()}/role` } as const;

/** Every route of the auth contract that reads a JSON body. */
const JSON_ROUTES = [
  REGISTER,
  LOGIN,
  { method: 'post', path: '/api/auth/refresh' },
  { method: 'post', path: '/api/auth/logout' },
  PROFILE,
  CREATE_API_KEY,
  CHANGE_ROLE,
] as const;

type Route = (typeof JSON_ROUTES)[number];

describe('bad requests to the auth routes (body limit 1kb)', () => {
  let t: TestApp;
  let caller: SignedIn;

  beforeAll(async () => {
    t = await startTestApp({ BODY_LIMIT: '1kb' });
    caller = await signUp(t);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const send = (route: Route, body: string) =>
    callAs(t, caller.accessToken)[route.method](route.path).set('Content-Type', 'application/json').send(body);

  it.each(JSON_ROUTES)(
    'answers malformed JSON to $method $path with 400 "Malformed JSON in request body"',
    async (route) => {
      expectFailure(await send(route, '{"email": "ada@example.com",'), 400, 'Malformed JSON in request body');
    },
  );

  it.each(JSON_ROUTES)('answers a body over the limit to $method $path with 413', async (route) => {
    expectFailure(await send(route, JSON.stringify({ name: 'x'.repeat(2048) })), 413);
  });

  it.each([REGISTER, PROFILE, CREATE_API_KEY, CHANGE_ROLE])(
    'answers a JSON array sent to $method $path with 400 saying an object is needed',
    async (route) => {
      expectFailure(await send(route, '[]'), 400, 'The request body must be a JSON object');
    },
  );

  it.each([
    { kind: 'null', body: 'null' },
    { kind: 'a string', body: '"ada@example.com"' },
    { kind: 'a number', body: '42' },
    { kind: 'an array', body: '[]' },
    { kind: 'objects for fields', body: '{"email": {"$ne": null}, "password": {"$ne": null}}' },
    { kind: 'wrong types', body: '{"email": ["ada@example.com"], "password": true, "rememberMe": "true"}' },
  ])('answers a login body of $kind with 400, never a 500', async ({ body }) => {
    expectFailure(await send(LOGIN, body), 400);
  });

  it('answers an unknown route with 404 and the same error shape', async () => {
    expectFailure(await t.http().get('/api/auth/nothing-here'), 404);
  });
});
