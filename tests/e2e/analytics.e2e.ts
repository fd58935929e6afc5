import { readFile } from 'node:fs/promises';
import type { AnalyticsReport } from '@docent/common/metrics';
import { expect, test as base, themeToggle, waitForHydration } from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';

const test = base.extend<{ adminToken: string }>({
  // The welcome notification comes two seconds after start and lands on whatever a test is clicking.
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

async function apiGet(baseURL: string, token: string, path: string): Promise<Response> {
  const response = await fetch(new URL(path, baseURL), { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response;
}

test.describe('analytics', () => {
  test('changes period in the address and shows that period’s overview', async ({ page, login, account, baseURL }) => {
    await login({ redirect: '/analytics' });
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    const periods = page.getByRole('navigation', { name: 'Period' });
    await expect(periods.getByRole('link', { name: '7d' })).toHaveAttribute('aria-current', 'true');

    await periods.getByRole('link', { name: '30d' }).click();

    await expect(page).toHaveURL(/\/analytics\?period=30d$/);
    await expect(periods.getByRole('link', { name: '30d' })).toHaveAttribute('aria-current', 'true');
    const report = (await (
      await apiGet(baseURL!, account.accessToken, '/api/metrics/analytics?period=30d')
    ).json()) as AnalyticsReport;
    expect(report.period).toBe('30d');
    const overview = page.getByRole('tabpanel');
    for (const label of [
      'Total users',
      'Documents processed',
      'Search queries',
      'Chat sessions',
      'Average response time',
      'System uptime',
    ]) {
      await expect(overview.getByRole('term').filter({ hasText: label })).toBeVisible();
    }
    // A user's report covers only their own per-user figures, and says so.
    expect(report.allUsers).toBe(false);
    await expect(page.getByRole('note').filter({ hasText: 'Per-user figures are your own' })).toBeVisible();

    await page.getByRole('tab', { name: 'Usage Analytics' }).click();
    await expect(page.getByRole('region', { name: 'Cost per model' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Busiest hours' })).toBeVisible();
    await page.getByRole('tab', { name: 'System Health' }).click();
    await expect(page.getByRole('term').filter({ hasText: 'p95 latency' })).toBeVisible();
  });

  test('exports JSON and CSV whose content matches the API', async ({ page, login, account, baseURL }) => {
    await login({ redirect: '/analytics?period=24h' });
    await waitForHydration(page);

    const jsonDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export JSON' }).click();
    const jsonFile = await jsonDownload;
    expect(jsonFile.suggestedFilename()).toMatch(/^analytics-24h-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await jsonFile.path(), 'utf8')) as AnalyticsReport & {
      exportedAt: string;
    };
    const fromApi = (await (
      await apiGet(baseURL!, account.accessToken, '/api/metrics/analytics/export?period=24h&format=json')
    ).json()) as AnalyticsReport & { exportedAt: string };
    expect(Object.keys(exported).sort()).toEqual(Object.keys(fromApi).sort());
    expect(exported.period).toBe('24h');
    expect(exported.allUsers).toBe(fromApi.allUsers);
    expect(exported.usage.busiestHours).toHaveLength(24);
    expect(Number.isNaN(Date.parse(exported.exportedAt))).toBe(false);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^analytics-24h-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await csvFile.path(), 'utf8');
    const csvFromApi = await (
      await apiGet(baseURL!, account.accessToken, '/api/metrics/analytics/export?period=24h&format=csv')
    ).text();
    // Same columns, as the API writes them.
    expect(csv.split('\n')[0]).toBe(csvFromApi.split('\n')[0]);
  });

  test('offers no export without analytics:export, and says why', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
  }) => {
    await changeRole(baseURL!, adminToken, account.id, 'readonly');
    await login({ redirect: '/analytics' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
    await expect(page.getByRole('link', { name: /Export/ })).toHaveCount(0);
    await expect(page.getByRole('note').filter({ hasText: 'analytics:export' })).toBeVisible();
  });

  test('has no serious or critical accessibility violations on any tab, in either theme', async ({ page, login }) => {
    await login({ redirect: '/analytics' });
    await waitForHydration(page);
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await themeToggle(page).click();
      for (const tab of ['Overview', 'Usage Analytics', 'System Health']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        expect(await seriousViolations(page), `${tab}, ${theme} theme`).toEqual([]);
      }
    }
  });
});
