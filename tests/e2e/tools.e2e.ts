import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DocumentView } from '@docent/common/documents';
import type { ToolListResponse } from '@docent/common/tools';
import { expect, test as base, themeToggle, toastRegion, waitForHydration, type LoginOptions } from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import {
  changeRole,
  closeSession,
  deleteDocument,
  findDocuments,
  suiteAdminToken,
  uploadThroughApi,
  writers,
} from './support/documents.js';

interface ToolsFixtures {
  /** A session of the suite's administrator: role changes and clean-up. */
  adminToken: string;
  /**
   * Unique to the test: a made-up word in its document, so a search for it finds that
   * document first although every account sees every test's documents.
   */
  tag: string;
  /** The test's Markdown document, processed and searchable; deleted afterwards. */
  handbook: DocumentView;
}

const PROCESSING_TIMEOUT = 20_000;

const test = base.extend<ToolsFixtures>({
  // The welcome notification comes two seconds after start, once per browser session, and
  // lands on whatever a test is clicking at that moment; here the session has seen it.
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ name: 'docent_welcomed', value: '1', url: baseURL! }]);
    await use(page);
  },
  adminToken: async ({ baseURL }, use) => {
    const token = await suiteAdminToken(baseURL!);
    await use(token);
    await closeSession(baseURL!, token);
  },
  tag: async ({ baseURL, adminToken }, use) => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    await use(tag);
    for (const document of await findDocuments(baseURL!, adminToken, tag))
      await deleteDocument(baseURL!, adminToken, document.id);
  },
  handbook: async ({ baseURL, account, adminToken, tag }, use) => {
    const file = writers.text(
      `tide-tables-${tag}.md`,
      `# Tide tables\n\nThe ${tag} harbour floods twice a day; high water comes fifty minutes later each day.\n`,
    );
    const uploaded = await uploadThroughApi(baseURL!, account.accessToken, file);
    await expect
      .poll(
        async () =>
          (await findDocuments(baseURL!, adminToken, tag)).find((document) => document.id === uploaded.id)?.status,
        { timeout: PROCESSING_TIMEOUT },
      )
      .toBe('processed');
    await use(uploaded);
  },
});

/** GET /api/tools/list as the account: what the page should show. */
async function toolList(baseURL: string, token: string): Promise<ToolListResponse> {
  const response = await fetch(new URL('/api/tools/list', baseURL), {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => undefined)) as ToolListResponse | undefined;
  if (!response.ok || !body) throw new Error(`GET /api/tools/list answered HTTP ${response.status}`);
  return body;
}

// ----- The MCP Tools page's real labels, in one place ----------------------------------------

const READY_TOOLS = ['calculate', 'search', 'route'];
const COMING_SOON_TOOLS = ['web_scraper', 'email_send', 'calendar_create_event'];

const calculator = (page: Page) => page.getByRole('region', { name: 'Calculator', exact: true });
const searchDemo = (page: Page) => page.getByRole('region', { name: 'RAG Search', exact: true });
const outcome = (page: Page, demo: 'Calculator' | 'RAG Search') =>
  page.getByRole('status', { name: `${demo} result`, exact: true });
const toolCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'All Tools' }).getByRole('listitem', { name, exact: true });
/** A latency as the page writes it: '3 ms', '0.4 ms'. */
const LATENCY = /^\d+(\.\d)? ms$/;

async function openTools(page: Page, login: (options?: LoginOptions) => Promise<void>) {
  await login({ redirect: '/tools' });
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'MCP Tools' })).toBeVisible();
}

async function calculate(page: Page, a: string, operation: string, b: string) {
  await calculator(page).getByLabel('Number A').fill(a);
  await calculator(page).getByLabel('Operation').selectOption(operation);
  await calculator(page).getByLabel('Number B').fill(b);
  await calculator(page).getByRole('button', { name: 'Execute' }).click();
}

test.describe('MCP Tools', () => {
  test('the header counts the available and all tools; the grid shows each with its category and status', async ({
    page,
    login,
    account,
    baseURL,
  }) => {
    const list = await toolList(baseURL!, account.accessToken);
    await openTools(page, login);
    await expect(page).toHaveTitle('MCP Tools · Docent');

    const available = list.tools.filter((tool) => tool.status === 'ready').length;
    expect(available).toBeGreaterThanOrEqual(READY_TOOLS.length);
    await expect(page.getByText(`${available} available`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${list.tools.length} total`, { exact: true })).toBeVisible();
    await expect(page.getByText('Sample data')).toHaveCount(0);

    for (const [name, category] of [
      ['calculate', 'computation'],
      ['search', 'search'],
      ['route', 'ai'],
    ]) {
      await expect(toolCard(page, name!).getByText(`Category: ${category}`, { exact: true })).toBeVisible();
      await expect(toolCard(page, name!).getByText('Ready', { exact: true })).toBeVisible();
    }
    for (const name of COMING_SOON_TOOLS) {
      await expect(toolCard(page, name).getByText('Coming Soon', { exact: true })).toBeVisible();
      await expect(toolCard(page, name).getByText('Ready', { exact: true })).toHaveCount(0);
    }

    // How to connect a client: this server's MCP endpoint, and a configuration that uses it.
    const connect = page.getByRole('region', { name: 'Connect an MCP Client' });
    await expect(connect.getByText(list.mcpEndpoint, { exact: true })).toBeVisible();
    await expect(connect.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(connect.locator('pre')).toContainText(`"url": "${list.mcpEndpoint}"`);
    await expect(connect.locator('pre')).toContainText('"Authorization": "Bearer YOUR_API_KEY"');
  });

  test('the calculator computes 6 × 7 = 42 with its latency; a division by zero fails with the reason', async ({
    page,
    login,
  }) => {
    await openTools(page, login);

    await calculate(page, '6', 'multiply', '7');
    await expect(outcome(page, 'Calculator').getByText('42', { exact: true })).toBeVisible();
    await expect(outcome(page, 'Calculator').getByText(LATENCY)).toBeVisible();
    await expect(toastRegion(page).getByText('calculate executed successfully')).toBeVisible();

    await calculate(page, '1', 'divide', '0');
    await expect(toastRegion(page).getByText(/^calculate failed: .*zero/i)).toBeVisible();
    await expect(outcome(page, 'Calculator')).toContainText(/zero/i);
    await expect(outcome(page, 'Calculator').getByText('42', { exact: true })).toHaveCount(0);
  });

  test("the search demo counts the results and names the top one, the uploaded document's", async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await openTools(page, login);

    await searchDemo(page).getByLabel('Query').fill(`${tag} harbour`);
    await searchDemo(page).getByRole('button', { name: 'Execute' }).click();
    await expect(outcome(page, 'RAG Search').getByText(/^\d+ results?$/)).toBeVisible();
    await expect(outcome(page, 'RAG Search').getByText(handbook.name, { exact: true })).toBeVisible();
    await expect(outcome(page, 'RAG Search').getByText(LATENCY)).toBeVisible();
    await expect(toastRegion(page).getByText('search executed successfully')).toBeVisible();
  });

  test('a read-only user sees the tools but no Execute, and the page says why', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
  }) => {
    await changeRole(baseURL!, adminToken, account.id, 'readonly');
    await openTools(page, login);

    for (const name of READY_TOOLS) await expect(toolCard(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Execute' })).toHaveCount(0);
    await expect(page.getByRole('note')).toContainText('Your role (Read Only) does not include executing tools');
    await expect(calculator(page).getByLabel('Number A')).toBeDisabled();
  });

  test('the page, with a result shown, has no serious or critical axe violations in either theme', async ({
    page,
    login,
  }) => {
    await openTools(page, login);
    await calculate(page, '6', 'multiply', '7');
    await expect(outcome(page, 'Calculator').getByText('42', { exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'the light theme').toEqual([]);

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
    expect(await seriousViolations(page), 'the dark theme').toEqual([]);
  });
});
