import type { UserView } from '../lib/user';

/**
 * The page's side of the auth resource routes (routes/auth.*.ts). Browser-safe: the
 * tokens never come here, only the user and the outcome.
 */

/** Must equal CSRF_HEADER in lib/csrf.server.ts (a spec checks it); that module is server-only. */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

export const AUTH_ROUTES = {
  login: '/auth/login',
  register: '/auth/register',
  demo: '/auth/demo',
  logout: '/auth/logout',
  refresh: '/auth/refresh',
  session: '/auth/session',
} as const;

export type AuthFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What every call needs: how to fetch (injectable for tests) and the session's CSRF token. */
export interface AuthClient {
  fetch: AuthFetch;
  csrfToken: string;
}

export const browserFetch: AuthFetch = (url, init) => fetch(url, init);

/** A failed call, carrying the spec's auth error text. */
export class AuthRequestError extends Error {
  override name = 'AuthRequestError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The spec's auth error text: the server's error if present, else 'HTTP {status}', else 'Network error'. */
export function authErrorText(payload: unknown, status: number): string {
  if (payload === undefined) return 'Network error';
  const serverError = (payload as { error?: unknown } | null)?.error;
  return typeof serverError === 'string' && serverError.length > 0 ? serverError : `HTTP ${status}`;
}

async function callAuthRoute<T>(
  client: AuthClient,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await client.fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        [CSRF_HEADER_NAME]: client.csrfToken,
        ...(init.method === 'POST' && { 'Content-Type': 'application/json' }),
      },
      body: init.method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    });
  } catch {
    throw new AuthRequestError(0, 'Network error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  const failed = (payload as { success?: unknown } | undefined)?.success === false;
  if (!response.ok || payload === undefined || failed)
    throw new AuthRequestError(response.status, authErrorText(payload, response.status));
  return payload as T;
}

export interface LoginCredentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

interface SignedIn {
  success: true;
  user: UserView;
}

export const authRequests = {
  logIn: async (client: AuthClient, credentials: LoginCredentials) =>
    (await callAuthRoute<SignedIn>(client, AUTH_ROUTES.login, { method: 'POST', body: credentials })).user,
  register: async (client: AuthClient, registration: Registration) =>
    (await callAuthRoute<SignedIn>(client, AUTH_ROUTES.register, { method: 'POST', body: registration })).user,
  demoLogIn: async (client: AuthClient) =>
    (await callAuthRoute<SignedIn>(client, AUTH_ROUTES.demo, { method: 'POST' })).user,
  refresh: async (client: AuthClient) => {
    await callAuthRoute<{ success: true }>(client, AUTH_ROUTES.refresh, { method: 'POST' });
  },
  logOut: async (client: AuthClient) => {
    await callAuthRoute<{ success: true }>(client, AUTH_ROUTES.logout, { method: 'POST' });
  },
  /** The user of the cookie session as the server sees it now, or null when there is none. */
  currentUser: async (client: AuthClient) =>
    (await callAuthRoute<{ success: true; user: UserView | null }>(client, AUTH_ROUTES.session, { method: 'GET' }))
      .user,
};
