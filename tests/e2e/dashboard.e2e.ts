import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import type { DashboardMetrics } from '@docent/common/metrics';
import { expect, test as base, themeToggle, waitForHydration, type Account } from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';
import { chatThroughGateway, localModel } from './support/models.js';

interface DashboardFixtures {
  /** A session of the suite's administrator: gateway calls and role changes. */
  adminToken: string;
  admin: Account;
}

const test = base.extend<DashboardFixtures>({
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
  admin: async ({ account, baseURL, adminToken }, use) => {
    await changeRole(baseURL!, adminToken, account.id, 'admin');
    await use({ ...account, role: 'admin' });
  },
});

async function dashboardMetrics(baseURL: string, token: string): Promise<DashboardMetrics> {
  const response = await fetch(new URL('/api/metrics/dashboard', baseURL), {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardMetrics;
}

/** A metric card's figure, by its label. */
const metricFigure = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Platform metrics"] > div')
    .filter({ has: page.getByRole('term').filter({ hasText: label }) })
    .locator('dd strong');

/** The dashboard's own loader asked again (a poll or a refresh): single fetch asks /_root.data for the index. */
const isDashboardLoad = (request: Request) => new URL(request.url()).pathname === '/_root.data';
const isStatusPoll = (request: Request) => new URL(request.url()).pathname === '/status';

test.describe('the dashboard', () => {
  test('shows the eight cards and three charts with the real figures after model calls', async ({
    page,
    login,
    admin,
    baseURL,
    adminToken,
  }) => {
    const model = await localModel(baseURL!, adminToken);
    const before = await dashboardMetrics(baseURL!, admin.accessToken);
    await chatThroughGateway(baseURL!, admin.accessToken, model.id, 'Who logs every passing ship?');
    await chatThroughGateway(baseURL!, admin.accessToken, model.id, 'What does the keeper log?');
    // The metrics are a projection of the event log: they follow the calls within moments.
    await expect
      .poll(async () => (await dashboardMetrics(baseURL!, admin.accessToken)).ai.totalRequests, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before.ai.totalRequests + 2);
    const after = await dashboardMetrics(baseURL!, admin.accessToken);
    expect(after.ai.tokensConsumed).toBeGreaterThan(before.ai.tokensConsumed);

    await login({ account: admin });
    await waitForHydration(page);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Platform Dashboard');
    const cards = page.locator('dl[aria-label="Platform metrics"]');
    for (const label of [
      'Active Users',
      'API Requests',
      'Success Rate',
      'Response Time',
      'AI Tokens',
      'Total Cost',
      'System Health',
      'Uptime',
    ]) {
      await expect(cards.getByRole('term').filter({ hasText: label })).toBeVisible();
    }
    // Real figures: the calls above count, so neither requests nor tokens read zero.
    await expect(metricFigure(page, 'API Requests')).not.toHaveText('0');
    await expect(metricFigure(page, 'AI Tokens')).not.toHaveText('0');
    await expect(metricFigure(page, 'Total Cost')).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(page.getByRole('progressbar', { name: 'Success Rate' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'System Health' })).toBeVisible();

    for (const title of ['AI Model Performance', 'Model Usage', 'Response Times']) {
      const chart = page.getByRole('region', { name: title });
      await expect(chart.locator('svg').first()).toBeVisible();
    }
    // Behind each chart, its figures: 24 hours, the local provider's share, 12 two-hour periods.
    await expect(page.getByRole('table', { name: /AI Model Performance/ }).locator('tbody tr')).toHaveCount(24);
    await expect(page.getByRole('table', { name: /Response Times/ }).locator('tbody tr')).toHaveCount(12);
    const localShare = after.series.providerShare.find((share) => share.provider === model.provider);
    expect(localShare).toBeDefined();
    await expect(page.getByRole('table', { name: /Model Usage/ })).toContainText(localShare!.displayName);

    await expect(page.getByRole('region', { name: 'System Health' })).toContainText('Database');
    await expect(page.getByRole('link', { name: 'Upload Document' })).toHaveAttribute('href', '/documents');
    await expect(page.getByRole('region', { name: 'Live Activity' }).getByRole('listitem').first()).toBeVisible();

    // The drawn charts, in both themes, are readable to assistive technology and in contrast.
    expect(await seriousViolations(page)).toEqual([]);
    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('polls while the socket is down, and the live switch stops it', async ({ page, login }) => {
    // No socket: the dashboard falls back to polling (5 s dashboard, 10 s status).
    await page.routeWebSocket(/\/ws\//, (socket) => socket.close());
    await login();
    await waitForHydration(page);
    await expect(page.getByRole('switch', { name: 'Live updates' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Refreshing every 5 seconds')).toBeVisible();

    const polls: string[] = [];
    const record = (request: Request) => {
      if (isDashboardLoad(request)) polls.push('dashboard');
      else if (isStatusPoll(request)) polls.push('status');
    };
    page.on('request', record);
    await expect
      .poll(() => polls.filter((kind) => kind === 'dashboard').length, { timeout: 12_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => polls.filter((kind) => kind === 'status').length, { timeout: 12_000 }).toBeGreaterThan(0);

    await page.getByRole('switch', { name: 'Live updates' }).click();
    await expect(page.getByRole('switch', { name: 'Live updates' })).toHaveAttribute('aria-checked', 'false');
    const pollsWhenSwitchedOff = polls.filter((kind) => kind === 'dashboard').length;
    await page.waitForTimeout(11_000);
    expect(polls.filter((kind) => kind === 'dashboard').length).toBe(pollsWhenSwitchedOff);
    page.off('request', record);
  });

  test('exports what it shows as JSON', async ({ page, login }) => {
    await login();
    await waitForHydration(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      realtimeMetrics: { totalRequests: number };
      series: { hourly: unknown[] };
    };
    expect(exported.series.hourly).toHaveLength(24);
    expect(typeof exported.realtimeMetrics.totalRequests).toBe('number');
  });

  test('in German: the dashboard, Analytics, the 404 page and their titles', async ({
    page,
    account,
    baseURL,
    login,
  }) => {
    const saved = await fetch(new URL('/api/user/preferences', baseURL), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.accessToken}` },
      body: JSON.stringify({ language: 'de' }),
    });
    expect(saved.status).toBe(200);
    await login();

    await expect(page).toHaveTitle('Übersicht · Docent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('KI-Plattform-Dashboard');
    const cost = page
      .locator('dl[aria-label="Plattformkennzahlen"] > div')
      .filter({ has: page.getByRole('term').filter({ hasText: 'Gesamtkosten' }) })
      .locator('dd strong');
    // German writes the decimal comma and puts the currency sign after the figure.
    await expect(cost).toHaveText(/^\d+(\.\d{3})*,\d{2}\u00a0\$$/);
    await expect(page.getByRole('heading', { name: 'Schnellaktionen' })).toBeVisible();

    await page.goto('/analytics');
    await expect(page).toHaveTitle('Analysen · Docent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analysen');
    await expect(page.getByRole('tab', { name: 'Übersicht' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Seite nicht gefunden · Docent');
    await expect(page.getByRole('heading', { name: 'Hoppla! Seite nicht gefunden' })).toBeVisible();
  });
});
