import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test as base, themeToggle, waitForHydration, type Account } from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import {
  changeRole,
  closeSession,
  deleteDocument,
  findDocuments,
  suiteAdminToken,
  writers,
  writeSampleFiles,
} from './support/documents.js';

interface ResponsiveFixtures {
  /** The test's own account, made an administrator so every page shows all it has (the users table too). */
  admin: Account;
  /** Unique to the test and part of its file names; its documents are deleted afterwards. */
  tag: string;
}

const test = base.extend<ResponsiveFixtures>({
  // The welcome notification comes two seconds after start and lands on whatever a test is tapping.
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
  tag: async ({ baseURL }, use) => {
    const tag = `e2e${randomUUID().slice(0, 8)}`;
    await use(tag);
    const suiteAdmin = await suiteAdminToken(baseURL!);
    for (const document of await findDocuments(baseURL!, suiteAdmin, tag))
      await deleteDocument(baseURL!, suiteAdmin, document.id);
    await closeSession(baseURL!, suiteAdmin);
  },
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PAGES = ['/', '/documents', '/intelligence', '/tools', '/models', '/analytics', '/settings', '/admin'];

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Open menu' });
// Open, the drawer is a modal dialog; closed, it is hidden from everyone.
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Sidebar' });
const focusIsInDrawer = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('aside[aria-label="Sidebar"]') !== null);

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('at phone size', () => {
  test.use({ viewport: PHONE });

  test('the menu button opens the drawer by keyboard; Tab stays inside; Escape closes it and focus returns', async ({
    page,
    login,
  }) => {
    await login();
    await waitForHydration(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const controlled = await menuButton(page).getAttribute('aria-controls');
    expect(await drawer(page).getAttribute('id')).toBe(controlled);
    await expect.poll(() => focusIsInDrawer(page)).toBe(true);

    // More presses than the drawer has stops, both ways round.
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInDrawer(page)).toBe(true);
    }
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInDrawer(page)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test.describe('by touch', () => {
    test.use({ hasTouch: true });

    test('a tap on the menu button opens the drawer, a tap beside it closes it, a followed link closes it', async ({
      page,
      login,
    }) => {
      await login();
      await waitForHydration(page);

      await menuButton(page).tap();
      await expect(drawer(page)).toBeVisible();
      // The backdrop covers the page right of the drawer.
      await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
      await expect(drawer(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      await menuButton(page).tap();
      await drawer(page).getByRole('link', { name: 'Documents' }).tap();
      await expect(page).toHaveURL(/\/documents$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
      await expect(drawer(page)).toBeHidden();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    });
  });

  test('a document uploads and a search from the top bar finds it', async ({ page, login, tag }, testInfo) => {
    const name = `phone-${tag}.md`;
    const [path] = writeSampleFiles(
      [await writers.text(name, `# Phone\n\nThe ${tag} ferry leaves at noon.\n`)],
      (file) => testInfo.outputPath(file),
    );
    await login({ redirect: '/documents' });
    await waitForHydration(page);

    await page.getByRole('button', { name: 'Upload Documents', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await expect(dialog).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByLabel('Files to upload').setInputFiles([path!]);
    await expect(dialog.getByRole('list', { name: 'Uploads' }).getByText('Done', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: name }) });
    await expect(row.getByText('Processed', { exact: true })).toBeVisible({ timeout: 20_000 });

    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search documents, tools, or ask AI' });
    await search.fill(tag);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/intelligence\\?q=${tag}$`));
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('at tablet size', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('the sidebar starts as named icons and expands on request', async ({ page, login }) => {
    await login();
    await waitForHydration(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(menuButton(page)).toBeHidden();
    await expect(sidebar.getByRole('link', { name: 'Documents' })).toBeVisible();
    expect((await sidebar.boundingBox())!.width).toBeLessThan(100);

    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeGreaterThan(200);
  });
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`every page at ${size} size`, () => {
    test.use({ viewport });

    for (const path of PAGES) {
      test(`${path} does not scroll sideways and has no serious or critical axe violations in either theme`, async ({
        page,
        admin,
        login,
      }) => {
        await login({ account: admin, redirect: path === '/' ? undefined : path });
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

        expect(await horizontalOverflow(page), 'light theme: px past the right edge').toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);

        await themeToggle(page).click();
        await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
        expect(await horizontalOverflow(page), 'dark theme: px past the right edge').toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
