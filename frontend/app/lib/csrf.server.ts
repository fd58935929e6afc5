import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebSession } from './session.server';

export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = 'csrf';

/** Every visitor's session carries a token; the page sends it back with each mutation. */
export function ensureCsrfToken(session: WebSession): { token: string; created: boolean } {
  const existing = session.get('csrfToken');
  if (existing) return { token: existing, created: false };
  const token = randomBytes(32).toString('base64url');
  session.set('csrfToken', token);
  return { token, created: true };
}

/**
 * Refuses a cookie-authenticated mutation that did not come from our own pages:
 * the Origin must be ours and the token must match the session's.
 */
export async function assertCsrf(request: Request, session: WebSession): Promise<void> {
  const origin = request.headers.get('Origin');
  if (origin && new URL(origin).host !== new URL(request.url).host) throw forbidden();
  const expected = session.get('csrfToken');
  const sent = request.headers.get(CSRF_HEADER) ?? (await formField(request));
  if (!expected || !sent || !sameSecret(expected, sent)) throw forbidden();
}

async function formField(request: Request): Promise<string | null> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.includes('form')) return null;
  const value = (await request.clone().formData()).get(CSRF_FIELD);
  return typeof value === 'string' ? value : null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function forbidden() {
  return new Response(JSON.stringify({ success: false, error: 'This request did not come from a Docent page' }), {
    status: 403,
    headers: { 'Content-Type': 'application/json' },
  });
}
