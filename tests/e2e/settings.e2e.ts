import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test as base, toastRegion, waitForHydration } from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';

const test = base.extend<{ adminToken: string }>({
  // The welcome notification comes two seconds after start and lands on whatever a test is
  // clicking at that moment; here the session has seen it.
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ name: 'docent_welcomed', value: '1', url: baseURL! }]);
    await use(page);
  },
  adminToken: async ({ baseURL }, use) => {
    const token = await suiteAdminToken(baseURL!);
    await use(token);
    await closeSession(baseURL!, token);
  },
});

async function openTab(page: Page, tab: string) {
  await page.goto(`/settings?tab=${tab.toLowerCase()}`);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/** GET /api/auth/profile with the key as the bearer, as a script would call the API. */
async function profileStatusWithKey(baseURL: string, key: string): Promise<number> {
  const response = await fetch(new URL('/api/auth/profile', baseURL), { headers: { Authorization: `Bearer ${key}` } });
  return response.status;
}

test('a user creates an API key, sees it once, uses it against the API, and deletes it', async ({
  page,
  login,
  account,
  baseURL,
}) => {
  await login();
  await openTab(page, 'Security');

  await page.getByLabel('Key name').fill('E2E script');
  await page.getByRole('button', { name: 'Create API Key' }).click();

  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^dcnt_[A-Za-z0-9]{32}$/);
  const key = (await shown.textContent())!;
  await expect(toastRegion(page)).toContainText('API key created successfully');
  const response = await fetch(new URL('/api/auth/profile', baseURL), { headers: { Authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { user: { email: string } }).user.email).toBe(account.email);

  // Once: after a reload the list shows the key masked, never in full.
  await page.reload();
  await waitForHydration(page);
  const keys = page.getByRole('list', { name: 'Your API keys' });
  await expect(keys).toContainText('E2E script');
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key);

  await page.getByRole('button', { name: 'Delete API key E2E script' }).click();
  await expect(toastRegion(page)).toContainText('API key deleted successfully');
  await expect(keys).toHaveCount(0);
  expect(await profileStatusWithKey(baseURL!, key)).toBe(401);
});

test('the Security tab lists this session by its device', async ({ page, login }) => {
  await login();
  await openTab(page, 'Security');

  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This session' })).toContainText('Chrome on Linux');
});

test('a read-only user is told they may not create API keys', async ({ page, login, account, baseURL, adminToken }) => {
  await changeRole(baseURL!, adminToken, account.id, 'readonly');
  await login();
  await openTab(page, 'Security');

  await expect(
    page.getByText("You don't have permission to create API keys. Contact your administrator for access."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API Key' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Your permissions' })).toContainText('api_keys:read');
});

test('preferences saved, exported to a file and imported back', async ({ page, login }) => {
  await login();
  await openTab(page, 'Preferences');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  await page.getByLabel('Theme', { exact: true }).selectOption('dark');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastRegion(page)).toContainText('Settings saved successfully');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  // The saved theme is the one the app shows.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('tab', { name: 'Data' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^docent-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const backup = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(Object.keys(backup)).toEqual(
    expect.arrayContaining(['userPreferences', 'documentMetadata', 'searchHistory', 'chatHistory', 'bookmarks']),
  );
  expect(backup.userPreferences).toMatchObject({ theme: 'dark' });
  await expect(toastRegion(page)).toContainText('Data exported successfully');

  // Change it again, then bring the file back.
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByLabel('Theme', { exact: true }).selectOption('light');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Data' }).click();
  await page.getByLabel('Backup file to import').setInputFiles({
    name: 'not-a-backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello":"world"}'),
  });
  await expect(toastRegion(page)).toContainText('Invalid backup file');

  const reloaded = page.waitForEvent('load');
  await page.getByLabel('Backup file to import').setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup)),
  });
  await reloaded;
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('dark');
});

test('the header follows the network: Offline, then Online again', async ({ page, login }) => {
  await login();
  await openTab(page, 'Profile');
  await expect(page.getByRole('status', { name: 'Online', exact: true })).toBeVisible();

  await page.context().setOffline(true);
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('status', { name: 'Online', exact: true })).toBeVisible();
});

test('every Settings tab has no serious or critical accessibility violations', async ({ page, login }) => {
  await login();
  await openTab(page, 'Profile');
  for (const name of ['Profile', 'Security', 'Preferences', 'Performance', 'Data', 'Advanced']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page), `the ${name} tab`).toEqual([]);
  }
});
