import { createCookie, type AppLoadContext } from '@remix-run/node';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { assertCsrf, assertCsrfHeader, commitCsrfToken, CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from './csrf.server';

const context = {
  apiBaseUrl: 'http://api.test',
  sessionSecret: 's'.repeat(40),
  secureCookies: false,
} as AppLoadContext;
const ORIGIN = 'http://docent.test';
const REFUSAL = { success: false, error: 'This request did not come from a Docent page' };

/** A token and the cookie holding it, as the root loader hands them to a first-time visitor. */
let token: string;
let cookie: string;
beforeAll(async () => {
  const [issued, setCookie] = await commitCsrfToken(new Request(`${ORIGIN}/`), context);
  token = issued;
  cookie = setCookie?.split(';')[0] ?? '';
});

function post(headers: Record<string, string>, body?: BodyInit) {
  return new Request(`${ORIGIN}/intelligence/search`, {
    method: 'POST',
    headers: { Origin: ORIGIN, Cookie: cookie, ...headers },
    body: body ?? '{}',
  });
}

/** The 403 Response the guard throws, or null when it let the request through. */
async function refusal(check: Promise<void>): Promise<Response | null> {
  try {
    await check;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function expectRefused(check: Promise<void>) {
  const response = await refusal(check);
  expect(response?.status).toBe(403);
  expect(await response?.json()).toEqual(REFUSAL);
}

describe('commitCsrfToken', () => {
  it('gives a first-time visitor a token in an httpOnly, SameSite cookie, and the same token afterwards', async () => {
    const [, setCookie] = await commitCsrfToken(new Request(`${ORIGIN}/`), context);
    expect(setCookie).toMatch(new RegExp(`^${CSRF_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const [again, noCookie] = await commitCsrfToken(
      new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }),
      context,
    );
    expect(again).toBe(token);
    expect(noCookie).toBeNull();
  });

  it('marks the cookie Secure when the site is served over HTTPS', async () => {
    const [, setCookie] = await commitCsrfToken(new Request(`${ORIGIN}/`), { ...context, secureCookies: true });
    expect(setCookie).toMatch(/Secure/i);
  });
});

describe('assertCsrf', () => {
  it('lets through the right token from our own origin, as the header or as a form field', async () => {
    expect(await refusal(assertCsrf(post({ [CSRF_HEADER]: token }), context))).toBeNull();
    const form = new URLSearchParams({ [CSRF_FIELD]: token, intent: 'clear-history' });
    expect(await refusal(assertCsrf(post({}, form), context))).toBeNull();
  });

  it.each([
    ['Origin: null', 'null'],
    ['a malformed Origin', 'http://'],
    ['a foreign Origin', 'http://evil.test'],
  ])('refuses %s with 403, even with the right token', async (_, origin) => {
    await expectRefused(assertCsrf(post({ Origin: origin, [CSRF_HEADER]: token }), context));
    await expectRefused(assertCsrfHeader(post({ Origin: origin, [CSRF_HEADER]: token }), context));
  });

  it('refuses a missing or wrong token, and a cookie not signed with our secret', async () => {
    await expectRefused(assertCsrf(post({}), context));
    await expectRefused(assertCsrf(post({ [CSRF_HEADER]: 'guessed' }), context));
    await expectRefused(assertCsrf(post({}, new URLSearchParams({ [CSRF_FIELD]: 'guessed' })), context));
    await expectRefused(assertCsrf(post({ Cookie: '', [CSRF_HEADER]: token }), context));
    const forged = await createCookie(CSRF_COOKIE, { secrets: ['x'.repeat(40)] }).serialize(token);
    const forgedCookie = forged.split(';')[0] ?? '';
    await expectRefused(assertCsrf(post({ Cookie: forgedCookie, [CSRF_HEADER]: token }), context));
  });

  it('reads only the header when asked not to touch the body', async () => {
    await expectRefused(assertCsrfHeader(post({}, new URLSearchParams({ [CSRF_FIELD]: token })), context));
  });
});
