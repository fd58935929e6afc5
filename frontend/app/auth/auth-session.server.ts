import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import { acceptInviteSchema } from '@docent/common/admin';
import { loginSchema, registerSchema } from '@docent/common/auth';
import { checkRequest, type RequestCheck } from '@docent/common/validation';
import { anonymousCall, failureResponse } from '../lib/api-client.server';
import { assertCsrf } from '../lib/csrf.server';
import { commitWebSession, getWebSession, type WebSession } from '../lib/session.server';
import { knownDeviceToken, rememberKnownDevice } from './known-device.server';
import type { AuthResponse, UserView } from '@docent/common/api';

export type SignInKind = 'login' | 'register' | 'demo' | 'invite';

const SIGN_IN_PATHS: Record<SignInKind, string> = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  demo: '/api/auth/demo-login',
  invite: '/api/auth/invites/accept',
};

/** The spec's two forms: the login form and the register form, with the fields the API expects. */
export type SignInBody =
  | { kind: 'login'; email: string; password: string; rememberMe: boolean }
  | { kind: 'register'; name: string; email: string; password: string; confirmPassword: string }
  | { kind: 'demo' }
  | { kind: 'invite'; token: string; name: string; password: string; confirmPassword: string };

/**
 * The sign-in a form or a JSON body asks for, checked with the API's schemas and refused
 * in its words. Only the form's own fields are taken: the device token comes from this
 * server's cookie, never from the page.
 */
export function readSignIn(kind: SignInKind, input: Record<string, unknown>): RequestCheck<SignInBody> {
  switch (kind) {
    case 'login': {
      const { email, password, rememberMe } = input;
      const checked = checkRequest(loginSchema, { email, password, rememberMe });
      return checked.ok
        ? {
            ok: true,
            value: {
              kind,
              email: checked.value.email,
              password: checked.value.password,
              rememberMe: checked.value.rememberMe,
            },
          }
        : checked;
    }
    case 'register': {
      const { name, email, password, confirmPassword } = input;
      const checked = checkRequest(registerSchema, { name, email, password, confirmPassword });
      return checked.ok ? { ok: true, value: { kind, ...checked.value } } : checked;
    }
    case 'demo':
      return { ok: true, value: { kind } };
    case 'invite': {
      const { token, name, password, confirmPassword } = input;
      const checked = checkRequest(acceptInviteSchema, { token, name, password, confirmPassword });
      return checked.ok ? { ok: true, value: { kind, ...checked.value } } : checked;
    }
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown sign-in kind ${String(unknownKind)}`);
    }
  }
}

/**
 * Opens an API session and keeps its tokens in the cookie session (never anywhere the
 * page's scripts can read), and the device token of a login or registration in its own
 * cookie. Returns the user and the Set-Cookie headers to send. Throws ApiError.
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  session: WebSession,
  body: SignInBody,
): Promise<{ user: UserView; headers: Headers }> {
  const { kind, ...fields } = body;
  const deviceToken = kind === 'login' ? await knownDeviceToken(request, context) : undefined;
  const issued = await anonymousCall<AuthResponse>(context, SIGN_IN_PATHS[kind], {
    method: 'POST',
    body: kind === 'demo' ? undefined : { ...fields, ...(deviceToken && { deviceToken }) },
  });
  const remember = body.kind === 'login' && body.rememberMe;
  session.set('accessToken', issued.accessToken);
  session.set('refreshToken', issued.refreshToken);
  session.set('sessionId', issued.sessionId);
  if (remember) session.set('rememberMe', true);
  else session.unset('rememberMe');
  const headers = new Headers({ 'Set-Cookie': await commitWebSession(context, session, { remember }) });
  // The demo account is nobody's own: its sign-in must not replace the device token of the person's account.
  if (kind !== 'demo') headers.append('Set-Cookie', await rememberKnownDevice(context, issued.deviceToken));
  return { user: issued.user, headers };
}

/** Signs the cookie session out. The CSRF token has a cookie of its own, so the page that is open stays usable. */
export function forgetTokens(session: WebSession): void {
  for (const key of ['accessToken', 'refreshToken', 'sessionId', 'rememberMe'] as const) session.unset(key);
}

function jsonFailure(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ success: false, error }, { status, headers });
}

/** The auth resource routes take JSON POSTs only. */
export function assertPost(request: Request): void {
  if (request.method !== 'POST') throw jsonFailure(405, 'Method not allowed', { Allow: 'POST' });
}

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw jsonFailure(400, 'The request body must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw jsonFailure(400, 'The request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** POST /auth/login, /auth/register, /auth/demo: { success: true, user } plus the session cookie, or { success: false, error }. */
export async function signInAction({ request, context }: ActionFunctionArgs, kind: SignInKind): Promise<Response> {
  assertPost(request);
  const session = await getWebSession(request, context);
  await assertCsrf(request, context);
  const body = readSignIn(kind, await readJsonObject(request));
  if (!body.ok) return jsonFailure(400, body.error);
  try {
    const { user, headers } = await signIn(request, context, session, body.value);
    return Response.json({ success: true, user }, { headers });
  } catch (error) {
    return failureResponse(error);
  }
}
