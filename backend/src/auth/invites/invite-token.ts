import { randomBytes } from 'node:crypto';

/** An invite token names its invite, so the invite's stream is read without any index of tokens. */
export function generateInviteToken(inviteId: string): string {
  return `${inviteId}.${randomBytes(32).toString('base64url')}`;
}

export function inviteIdOfToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
}
