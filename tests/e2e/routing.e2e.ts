import { expect, suiteServerLog, test } from './fixtures.js';

test.describe('routing', () => {
  test('an unknown path renders the Not Found page with status 404 and logs the path', async ({ page }) => {
    const path = `/no-such-page-${Date.now()}`;

    const response = await page.goto(path);

    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect.poll(() => suiteServerLog()).toContain(path);
  });

  test("the Not Found page's Return to Home leads to the index", async ({ page, login }) => {
    await login();
    await page.goto(`/no-such-page-${Date.now()}`);

    await page.getByRole('link', { name: 'Return to Home' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
  });

  for (const from of ['/search', '/chat']) {
    test(`${from} redirects to /intelligence, keeping the query`, async ({ page, login }) => {
      await login();

      const response = await page.goto(`${from}?q=quarterly%20report`);

      await expect(page).toHaveURL(/\/intelligence\?/);
      expect(new URL(page.url()).searchParams.get('q')).toBe('quarterly report');
      // A server-side redirect, so the old address never became a page of its own.
      const redirect = await response?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBeGreaterThanOrEqual(300);
      expect(redirect?.status()).toBeLessThan(400);
      expect(new URL(redirect!.url()).pathname).toBe(from);
    });
  }

  test('the protected index sends a signed-out visitor to the login page', async ({ page }) => {
    await page.goto('/');

    // '/' is where sign-in leads by default, so the address needs no redirect parameter.
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
});
