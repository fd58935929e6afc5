import { newAccountData } from './support/accounts.js';
import { expect, test, userMenuButton, waitForHydration } from './fixtures.js';

test.describe('registration form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/register');
    await waitForHydration(page);
  });

  test("shows the first failing rule's message, in the spec's order, and calls nothing until all pass", async ({
    page,
  }) => {
    const valid = newAccountData();
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/register\b/.test(new URL(request.url()).pathname))
        registrations.push(request.url());
    });
    const form = page.getByRole('form', { name: 'Create your account' });
    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });
    const submit = page.getByRole('button', { name: 'Create Account' });
    const message = form.getByRole('alert');

    // Everything wrong at once: the short password is reported first.
    await name.fill(' J ');
    await email.fill('not-an-email');
    await password.fill('short');
    await confirm.fill('different');
    await submit.click();
    await expect(message).toHaveText('Password must be at least 8 characters long');

    // Long enough, but not confirmed: the mismatch, also shown inline under the confirmation.
    await password.fill(valid.password);
    await submit.click();
    await expect(message).toHaveText('Passwords do not match');
    await expect(confirm).toHaveAccessibleDescription(/Passwords do not match/);

    await confirm.fill(valid.password);
    await expect(confirm).not.toHaveAccessibleDescription(/Passwords do not match/);
    await submit.click();
    await expect(message).toHaveText('Please enter a valid email address');

    // The name is trimmed before it is measured: ' J ' is one character.
    await email.fill(valid.email);
    await submit.click();
    await expect(message).toHaveText('Name must be at least 2 characters long');

    expect(registrations).toEqual([]);

    await name.fill(valid.name);
    await submit.click();
    await expect(page).toHaveURL('/');
    await expect(userMenuButton(page, valid.name)).toBeVisible();
    expect(registrations).toHaveLength(1);
  });

  test('rates the password with the five-criterion strength meter', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });

    for (const [typed, verdict] of [
      ['abc', 'Weak'],
      ['abcdefgh1', 'Fair'],
      ['Abcdefgh1', 'Good'],
      ['Abcdefgh1!', 'Strong'],
    ] as const) {
      await password.fill(typed);
      await expect(password).toHaveAccessibleDescription(new RegExp(`Password strength: ${verdict}\\b`));
    }
  });
});

test('a browser that asks for German gets the sign-up page, its checks and its meter in German', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  try {
    await page.goto('/register');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();

    const password = page.getByLabel('Passwort', { exact: true });
    await password.fill('Abcdefgh1!');
    await expect(password).toHaveAccessibleDescription(/Passwortstärke: Stark\b/);

    await page.getByLabel('Passwort bestätigen', { exact: true }).fill('anders');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByRole('form', { name: 'Konto erstellen' }).getByRole('alert')).toHaveText(
      'Die Passwörter stimmen nicht überein',
    );
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  } finally {
    await context.close();
  }
});
