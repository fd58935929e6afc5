import { WEB_SESSION_COOKIE } from '../../common/src/web-session/index.js';
import { expect, test } from './fixtures.js';

/** A JSON Web Token: three base64url parts, the first an encoded '{"'. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;
/** A refresh token: the session's id, a dot, 32 random bytes in base64url. */
const REFRESH_TOKEN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{43}/i;
const TOKEN_KEY = /token|jwt|session_?id|auth/i;

test('after signing in, no auth token is readable from page scripts', async ({ page, context, login }) => {
  await login();

  const visible = await page.evaluate(() => ({
    cookie: document.cookie,
    localStorage: Object.entries(window.localStorage),
    sessionStorage: Object.entries(window.sessionStorage),
    // What the server rendered for the page's own use (Remix's loader data).
    pageData: JSON.stringify((window as unknown as { __remixContext?: unknown }).__remixContext ?? null),
  }));

  // The session does exist: an httpOnly, SameSite cookie the scripts cannot see.
  const session = (await context.cookies()).find((cookie) => cookie.name === WEB_SESSION_COOKIE);
  expect(session, `the ${WEB_SESSION_COOKIE} cookie`).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(visible.cookie).not.toContain(WEB_SESSION_COOKIE);
  expect(visible.cookie).not.toMatch(JWT);
  expect(visible.cookie).not.toMatch(REFRESH_TOKEN);
  expect(visible.cookie).not.toMatch(/accessToken|refreshToken|auth_token|refresh_token/i);

  for (const [area, entries] of [
    ['localStorage', visible.localStorage],
    ['sessionStorage', visible.sessionStorage],
  ] as const) {
    expect(
      entries.map(([key]) => key).filter((key) => TOKEN_KEY.test(key)),
      `${area} keys`,
    ).toEqual([]);
    expect(
      entries.filter(([, value]) => JWT.test(value) || REFRESH_TOKEN.test(value)),
      `${area} values`,
    ).toEqual([]);
  }
  expect(visible.pageData).not.toMatch(JWT);
  expect(visible.pageData).not.toMatch(REFRESH_TOKEN);
});

test("the session cookie's value reveals no token to whoever sees it", async ({ context, login }) => {
  await login();

  const session = (await context.cookies()).find((cookie) => cookie.name === WEB_SESSION_COOKIE);
  const value = decodeURIComponent(session?.value ?? '');
  expect(value, 'the session cookie').not.toBe('');
  // Every form the value could be read in: as sent, and decoded from base64 (Remix's cookie encoding) once or twice.
  const once = Buffer.from(value.split('.')[0] ?? '', 'base64').toString('latin1');
  const twice = Buffer.from(once.replace(/^"|"$/g, '').replace(/^v1\./, ''), 'base64url').toString('latin1');
  for (const readable of [value, once, twice]) {
    expect(readable).not.toMatch(JWT);
    expect(readable).not.toMatch(REFRESH_TOKEN);
    expect(readable).not.toMatch(/accessToken|refreshToken/);
  }
});
