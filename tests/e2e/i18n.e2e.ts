import { expect, test as base, waitForHydration } from './fixtures.js';

const test = base.extend({
  // The welcome notification would land on whatever the test clicks; this session has seen it.
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ name: 'docent_welcomed', value: '1', url: baseURL! }]);
    await use(page);
  },
});

test('switches language to German and sees the shell translated', async ({ page, login }) => {
  await login();
  await page.goto('/settings?tab=preferences');
  await waitForHydration(page);

  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // At once, without a reload: the saved language is the page's.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const sidebar = page.getByRole('complementary', { name: 'Seitenleiste' });
  await expect(sidebar.getByRole('link', { name: 'Dokumente' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner').getByRole('search')).toBeVisible();
  await expect(page.getByPlaceholder('Dokumente, Werkzeuge durchsuchen oder KI fragen...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.getByRole('tab', { name: 'Präferenzen' })).toHaveAttribute('aria-selected', 'true');

  // The preference is the account's: a new page load renders German from the server.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.getByRole('complementary', { name: 'Seitenleiste' })).toContainText('KI-Modelle');
  await expect(page.getByRole('button', { name: /^Benachrichtigungen, \d+ ungelesen$/ })).toBeVisible();
});

test('a browser that asks for French gets the app in French', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Se connecter à Docent' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a browser that asks for a language the app lacks gets English', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP' });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Sign in to Docent' })).toBeVisible();
  } finally {
    await context.close();
  }
});
