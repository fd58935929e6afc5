import { createWebSessionStorage, WEB_SESSION_COOKIE } from '../../common/src/web-session/index.js';
import { expect, test } from './fixtures.js';
import { REPO_ROOT } from './support/server.js';

test('in development, an error page names the files of its stack trace relative to the project', async ({
  page,
  startServer,
}) => {
  const secret = 'a session secret of this test only, 48 characters';
  const server = await startServer({ env: { NODE_ENV: 'development', SESSION_SECRET: secret } });
  // A session the API refuses with something other than 'signed out' (a refresh token that is not a string):
  // the page's loader fails, and in development Remix sends the error, stack and all, with the error page.
  const storage = createWebSessionStorage({ secret, secure: false });
  const session = await storage.getSession();
  session.set('accessToken', 'not-a-token');
  session.set('refreshToken', 42 as unknown as string);
  const value = (await storage.commitSession(session)).split(';')[0]!.slice(`${WEB_SESSION_COOKIE}=`.length);
  await page.context().addCookies([{ name: WEB_SESSION_COOKIE, value, url: server.baseURL }]);

  const response = await page.goto(server.baseURL);

  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  const html = await response!.text();
  expect(html).toContain('frontend/build/server/index.js');
  expect(html).not.toContain(`${REPO_ROOT}/`);
});
