import type { AppLoadContext, Session } from '@remix-run/node';
import { createWebSessionStorage, type WebSessionData, type WebSessionStorage } from '@docent/common/web-session';

export type WebSession = Session<WebSessionData>;

const storages = new Map<string, WebSessionStorage>();

/** The cookie session holding the API tokens: httpOnly, SameSite, never visible to page scripts. */
export function sessionStorageFor(context: AppLoadContext): WebSessionStorage {
  const key = `${context.sessionSecret}:${context.secureCookies}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createWebSessionStorage({ secret: context.sessionSecret, secure: context.secureCookies });
    storages.set(key, storage);
  }
  return storage;
}

export function getWebSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  return sessionStorageFor(context).getSession(request.headers.get('Cookie'));
}

/** 'Remember me' keeps the cookie for 30 days; otherwise it lasts as long as the browser session. */
export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;

export function commitWebSession(
  context: AppLoadContext,
  session: WebSession,
  { remember = session.get('rememberMe') === true }: { remember?: boolean } = {},
) {
  return sessionStorageFor(context).commitSession(session, remember ? { maxAge: REMEMBER_ME_SECONDS } : undefined);
}

export function destroyWebSession(context: AppLoadContext, session: WebSession) {
  return sessionStorageFor(context).destroySession(session);
}
