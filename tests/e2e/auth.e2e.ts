import { newAccountData } from './support/accounts.js';
import { expect, logOut, signIn, test, toastRegion, userMenuButton, waitForHydration } from './fixtures.js';

test.describe('signing up, in and out', () => {
  test('a new user registers, reaches the index, and logs out', async ({ page }) => {
    const newcomer = newAccountData();
    await page.goto('/register');
    await waitForHydration(page);

    await page.getByLabel('Full name').fill(newcomer.name);
    await page.getByLabel('Email', { exact: true }).fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL('/');
    // The top bar names the user and the role as the server knows them; the index is the Dashboard.
    await expect(userMenuButton(page, newcomer.name)).toHaveAccessibleName(`${newcomer.name} User`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Platform Dashboard');
    await expect(toastRegion(page).getByText(`Welcome to Docent, ${newcomer.name}!`)).toBeVisible();

    await logOut(page, newcomer.name);

    await expect(page).toHaveURL('/login');
    await expect(toastRegion(page).getByText('Logged out successfully')).toBeVisible();
    // The cookie no longer signs anyone in: the index asks for a sign-in again.
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('a signed-out visitor is sent to sign in and brought back to the page asked for', async ({ page, account }) => {
    await page.goto('/?view=recent');

    await expect(page).toHaveURL('/login?redirect=%2F%3Fview%3Drecent');
    await signIn(page, account);

    await expect(page).toHaveURL('/?view=recent');
    await expect(userMenuButton(page, account.name)).toBeVisible();
    await expect(toastRegion(page).getByText(`Welcome back, ${account.name}!`)).toBeVisible();
  });

  test('signing in from /login?redirect=%2Fdocuments lands on /documents', async ({ page, account }) => {
    await page.goto('/login?redirect=%2Fdocuments');

    await signIn(page, account);

    await expect(page).toHaveURL('/documents');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  });

  test('a signed-in visitor opening /login is sent straight to the redirect target', async ({ page, login }) => {
    await login();

    await page.goto('/login?redirect=%2F%3Ftab%3Dprofile');

    await expect(page).toHaveURL('/?tab=profile');
  });
});

test.describe('refusing requests that did not come from a Docent page', () => {
  const REFUSAL = { success: false, error: 'This request did not come from a Docent page' };

  test('a sign-in from another, an opaque or a malformed Origin is refused with 403, even with the right token', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/login');
    // The page's token, as its own forms send it; the browser context holds the cookie it must match.
    const token = await page.locator('input[name="csrf"]').first().inputValue();
    const signIn = (origin: string) =>
      page.request.post('/auth/login', {
        headers: { Origin: origin, 'X-CSRF-Token': token },
        data: { email: 'nobody@example.com', password: 'wrong-password' },
      });

    for (const origin of ['http://evil.example', 'null', 'http://']) {
      const refused = await signIn(origin);
      expect(refused.status(), `Origin: ${origin}`).toBe(403);
      expect(await refused.json()).toEqual(REFUSAL);
    }
    // From our own origin the same request reaches the API, which refuses the credentials instead.
    const ours = await signIn(new URL(baseURL ?? '').origin);
    expect(ours.status()).toBe(401);
  });
});
