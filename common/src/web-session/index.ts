import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createCookie, createCookieSessionStorage, type Cookie } from '@remix-run/node';

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

/** Marks the sealed format, so that a later one can be told apart. */
const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a key derived from the session secret: whoever sees the cookie's value
 * (a proxy's log, a shared machine) reads no token from it, and any change to it makes
 * it unreadable, as a signature would.
 */
function sealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'docent web session cookie', 32));
  return {
    seal(data: unknown): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },
    /** The sealed session data, or null when the value was not sealed with this secret or was altered. */
    open(sealed: unknown): Record<string, unknown> | null {
      if (typeof sealed !== 'string' || !sealed.startsWith(SEALED_PREFIX)) return null;
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const data: unknown = JSON.parse(
          Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'),
        );
        return typeof data === 'object' && data !== null && !Array.isArray(data)
          ? (data as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** A Remix cookie whose value is sealed: the cookie session storage keeps its data in it, encrypted. */
function encryptedCookie({ secret, secure, maxAge }: WebSessionOptions): Cookie {
  const plain = createCookie(WEB_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    ...(maxAge !== undefined && { maxAge }),
  });
  const { seal, open } = sealer(secret);
  return {
    name: plain.name,
    // Authenticated encryption: an altered or forged value is refused, as a signed one would be.
    isSigned: true,
    get expires() {
      return plain.expires;
    },
    parse: async (cookieHeader, options) => open(await plain.parse(cookieHeader, options)),
    serialize: (value, options) => plain.serialize(seal(value), options),
  };
}

/**
 * The one definition of the web session cookie: the Remix server writes it, the
 * socket gateway reads it to authenticate browser sockets.
 */
export function createWebSessionStorage(options: WebSessionOptions) {
  return createCookieSessionStorage<WebSessionData>({ cookie: encryptedCookie(options) });
}

export type WebSessionStorage = ReturnType<typeof createWebSessionStorage>;
