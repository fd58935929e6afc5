import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

export const API_KEY_PREFIX = 'dcnt_';
const API_KEY_RANDOM_LENGTH = 32;
const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** High-entropy secrets need no slow hash: SHA-256 is enough to keep them useless if the database leaks. */
export const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The fixed prefix and 32 random alphanumerics, drawn without modulo bias. */
export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += ALPHANUMERICS[randomInt(ALPHANUMERICS.length)];
  return API_KEY_PREFIX + random;
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Enough to recognise a key in a list, never enough to use it. */
export function maskApiKey(key: string): string {
  return `${API_KEY_PREFIX}${'•'.repeat(8)}${key.slice(-4)}`;
}

/** Refresh tokens name their session, so the session's history can tell a spent token from a forged one. */
export function generateRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

/**
 * The token a refresh token rotates to: derived from it with a server key instead of drawn
 * at random, so that the same token refreshed again within the grace window gets the same
 * successor without the successor ever being stored.
 */
export function successorRefreshToken(presented: string, sessionId: string, rotationKey: Buffer): string {
  return `${sessionId}.${createHmac('sha256', rotationKey).update(presented).digest('base64url')}`;
}

export function sessionIdOfRefreshToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
}
