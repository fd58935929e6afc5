import { createCookieSessionStorage } from '@remix-run/node';

/** The browser's only credential: an httpOnly, SameSite cookie. Tokens never reach browser storage. */
export const WEB_SESSION_COOKIE = '__docent_session';

export interface WebSessionData {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** Signed in with 'Remember me': the cookie keeps its 30 days whenever it is rewritten. */
  rememberMe: boolean;
}

export interface WebSessionOptions {
  secret: string;
  secure: boolean;
  /** Lifetime of the cookie in seconds; a session cookie when omitted. */
  maxAge?: number;
}

/**
 * The one definition of the web session cookie: the Remix server writes it, the
 * socket gateway reads it to authenticate browser sockets.
 */
export function createWebSessionStorage({ secret, secure, maxAge }: WebSessionOptions) {
  return createCookieSessionStorage<WebSessionData>({
    cookie: {
      name: WEB_SESSION_COOKIE,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [secret],
      ...(maxAge !== undefined && { maxAge }),
    },
  });
}

export type WebSessionStorage = ReturnType<typeof createWebSessionStorage>;
