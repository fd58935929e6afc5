import { expect, test as base, waitForHydration, type Account } from './fixtures.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';

const test = base.extend<{ admin: Account }>({
  // The welcome notification would land on whatever the test clicks; this session has seen it.
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ name: 'docent_welcomed', value: '1', url: baseURL! }]);
    await use(page);
  },
  admin: async ({ account, baseURL }, use) => {
    const suiteAdmin = await suiteAdminToken(baseURL!);
    await changeRole(baseURL!, suiteAdmin, account.id, 'admin');
    await closeSession(baseURL!, suiteAdmin);
    await use({ ...account, role: 'admin' });
  },
});

/** A key path such as 'summary.totalRequests' on the page means a text i18next did not find. */
const UNTRANSLATED_KEY =
  /\b(?:tabs|summary|overview|routing|analytics|demo|grid|connect|users|services|status|audit)\.[a-z]\w*/;

test('an administrator who chose German sees the models, tools and admin pages in German', async ({
  page,
  admin,
  login,
}) => {
  await login({ account: admin });
  await page.goto('/settings?tab=preferences');
  await waitForHydration(page);
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.goto('/models');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('KI-Modelle');
  await expect(
    page.getByRole('tablist', { name: 'Modellansichten' }).getByRole('tab', { name: 'Übersicht' }),
  ).toBeVisible();
  await expect(page.getByLabel('Modellstatistiken').getByText('Anfragen insgesamt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modelle testen' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(UNTRANSLATED_KEY);

  await page.goto('/tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP-Tools');
  await expect(page.getByRole('region', { name: 'Rechner', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alle Tools' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(UNTRANSLATED_KEY);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin-Dashboard');
  await expect(page.getByRole('columnheader', { name: 'Zuletzt aktiv' })).toBeVisible();
  for (const tab of ['Systemdienste', 'Systemstatus', 'Audit-Protokoll']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('main')).not.toContainText(UNTRANSLATED_KEY);
  }
});
