import { readFile } from 'node:fs/promises';
import {
  expect,
  signIn,
  test as base,
  toastRegion,
  userMenuButton,
  waitForHydration,
  type Account,
} from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';

interface AdminFixtures {
  /** The test's own account, made an administrator by the suite's. */
  admin: Account;
}

const test = base.extend<AdminFixtures>({
  // The welcome notification lands on whatever a test is clicking at that moment; this session has seen it.
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

test('an administrator changes a user’s role and suspends them, and the user’s session ends', async ({
  page,
  browser,
  baseURL,
  admin,
  createAccount,
  login,
}) => {
  const member = await createAccount();
  // The member is signed in, in a browser of their own.
  const memberContext = await browser.newContext({ baseURL });
  await memberContext.addCookies([{ name: 'docent_welcomed', value: '1', url: baseURL! }]);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/login');
  await signIn(memberPage, member);
  await expect(userMenuButton(memberPage, member.name)).toBeVisible({ timeout: 15_000 });

  await login({ account: admin });
  await page.goto(`/admin?q=${encodeURIComponent(member.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  await expect(row).toBeVisible();

  await row.getByLabel(`Role of ${member.name}`).selectOption('analyst');
  await expect(toastRegion(page).getByText('Change role executed')).toBeVisible();
  await expect(toastRegion(page).getByText(`Action Change role completed for ${member.name}`)).toBeVisible();
  await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue('analyst');

  await row.getByRole('button', { name: `Suspend ${member.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend: ${member.name}` });
  await expect(confirm).toContainText('signed out at once');
  await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(toastRegion(page).getByText('Suspend executed')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // The member's next page finds the session over and asks them to sign in again.
  await memberPage.goto('/documents');
  await expect(memberPage).toHaveURL(/\/login/, { timeout: 15_000 });
  await memberContext.close();
});

test('a user without users:read is told so instead of the tabs', async ({ page, login }) => {
  await login();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText("You don't have permission to view the admin dashboard.")).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test('an invite link made on the page opens an account with its email and role', async ({
  page,
  browser,
  baseURL,
  admin,
  login,
}) => {
  const email = `invited-${Date.now()}@example.com`;
  await login({ account: admin });
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('developer');
  await dialog.getByRole('button', { name: 'Create Invite Link' }).click();
  const link = await dialog.getByLabel('Invite link (shown once)').inputValue();
  expect(link).toMatch(/\/invite\?token=/);
  await expect(toastRegion(page).getByText('Invite user executed')).toBeVisible();

  const invitedContext = await browser.newContext({ baseURL });
  const invitedPage = await invitedContext.newPage();
  await invitedPage.goto(link);
  await invitedPage.getByLabel('Full name').fill('Invited Developer');
  await invitedPage.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await invitedPage.getByLabel('Confirm password', { exact: true }).fill('Correct-Horse-9');
  await invitedPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(userMenuButton(invitedPage, 'Invited Developer')).toBeVisible({ timeout: 15_000 });
  await expect(userMenuButton(invitedPage, 'Invited Developer')).toContainText('Developer');
  await invitedContext.close();
});

test('every tab of the Admin page is accessible', async ({ page, admin, login }) => {
  await login({ account: admin });
  await page.goto('/admin');
  await waitForHydration(page);
  for (const name of ['User Management', 'System Services', 'System Status', 'Audit Log']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page), `the ${name} tab`).toEqual([]);
  }
});

test('an administrator downloads the instance backup from System Services', async ({ page, admin, login }) => {
  await login({ account: admin });
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'System Services' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download instance backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^docent-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const archive = await readFile((await download.path())!);
  // A gzip stream: the magic bytes every .tar.gz begins with.
  expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
