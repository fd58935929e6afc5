import { createCookie, type AppLoadContext } from '@remix-run/node';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';

export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = 'csrf';
/** The token's own cookie, signed with the session secret; the page gets the token from the root loader. */
export const CSRF_COOKIE = '__docent_csrf';

const guards = new Map<string, CSRF>();

function csrfFor(context: AppLoadContext): CSRF {
  const key = `${context.sessionSecret}:${context.secureCookies}`;
  let csrf = guards.get(key);
  if (!csrf) {
    const cookie = createCookie(CSRF_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: context.secureCookies,
      secrets: [context.sessionSecret],
    });
    csrf = new CSRF({ cookie, formDataKey: CSRF_FIELD });
    guards.set(key, csrf);
  }
  return csrf;
}

/**
 * Every visitor gets a token: the one their cookie already holds, or a new one with the
 * Set-Cookie that keeps it (null when nothing changed).
 */
export function commitCsrfToken(
  request: Request,
  context: AppLoadContext,
): Promise<readonly [token: string, setCookie: string | null]> {
  return csrfFor(context).commitToken(request);
}

/**
 * Refuses a cookie-authenticated mutation that did not come from our own pages: the
 * Origin, when sent, must be ours, and the token (the X-CSRF-Token header, or else the
 * `csrf` field of a form) must match the cookie's.
 */
export async function assertCsrf(request: Request, context: AppLoadContext): Promise<void> {
  const sent = request.headers.get(CSRF_HEADER);
  if (sent !== null || !isForm(request)) return assertCsrfHeader(request, context);
  if (!fromOurOrigin(request)) throw forbidden();
  await refusingForgeries(csrfFor(context).validate(request));
}

/** Like assertCsrf, but never reads the body (an upload, a stream): the token must come as the header. */
export async function assertCsrfHeader(request: Request, context: AppLoadContext): Promise<void> {
  if (!fromOurOrigin(request)) throw forbidden();
  const sent = new FormData();
  sent.set(CSRF_FIELD, request.headers.get(CSRF_HEADER) ?? '');
  await refusingForgeries(csrfFor(context).validate(sent, request.headers));
}

/** No Origin (a same-origin GET form in an older browser) is left to the token; `null` or garbage is not ours. */
function fromOurOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (origin === null) return true;
  return URL.canParse(origin) && new URL(origin).host === new URL(request.url).host;
}

function isForm(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').includes('form');
}

async function refusingForgeries(validation: Promise<void>): Promise<void> {
  try {
    await validation;
  } catch (error) {
    if (error instanceof CSRFError) throw forbidden();
    throw error;
  }
}

function forbidden() {
  return Response.json({ success: false, error: 'This request did not come from a Docent page' }, { status: 403 });
}
