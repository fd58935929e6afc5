import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DocumentView } from '@docent/common/documents';
import type { ToolListResponse } from '@docent/common/tools';
import { createTinyEmbeddingModel } from '../../backend/src/embeddings/testing/tiny-onnx-model.js';
import {
  expect,
  test as base,
  themeToggle,
  toastRegion,
  waitForHydration,
  type Account,
  type DocentServer,
  type LoginOptions,
} from './fixtures.js';
import { seriousViolations } from './support/axe.js';
import {
  changeRole,
  closeSession,
  findDocuments,
  suiteAdminToken,
  uploadThroughApi,
  writers,
} from './support/documents.js';

interface ToolsFixtures {
  /** A session of the suite's administrator: role changes. */
  adminToken: string;
  /**
   * A server of the test's own with an embedding model, so that the rag-engine, and with it
   * the search tool, is ready: the suite's server runs without one (keyword search only).
   */
  readyServer: DocentServer;
}

const PROCESSING_TIMEOUT = 20_000;
const SERVER_START_TIMEOUT = 120_000;

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
  readyServer: [
    async ({ startServer, page }, use) => {
      const model = await createTinyEmbeddingModel();
      try {
        const server = await startServer({ name: 'tools', env: { EMBEDDINGS_MODEL_PATH: model.path } });
        await page.context().addCookies([{ name: 'docent_welcomed', value: '1', url: server.baseURL }]);
        await use(server);
      } finally {
        await model.cleanup();
      }
    },
    // A second server starting beside the suite's takes up to 40 s on a busy two-core machine.
    { timeout: SERVER_START_TIMEOUT },
  ],
});

/** Uploads a Markdown document with a made-up word in it and waits until it is searchable. */
async function uploadHandbook(baseURL: string, account: Account): Promise<{ tag: string; document: DocumentView }> {
  // Unique, so that a search for it finds this document first.
  const tag = `zq${randomUUID().slice(0, 8)}`;
  const file = writers.text(
    `tide-tables-${tag}.md`,
    `# Tide tables\n\nThe ${tag} harbour floods twice a day; high water comes fifty minutes later each day.\n`,
  );
  const uploaded = await uploadThroughApi(baseURL, account.accessToken, file);
  await expect
    .poll(
      async () =>
        (await findDocuments(baseURL, account.accessToken, tag)).find((document) => document.id === uploaded.id)
          ?.status,
      { timeout: PROCESSING_TIMEOUT },
    )
    .toBe('processed');
  return { tag, document: uploaded };
}

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

async function openTools(page: Page, login: (options?: LoginOptions) => Promise<void>, options: LoginOptions = {}) {
  await login({ ...options, redirect: '/tools' });
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
  test('with every component ready: the header counts, the grid, how to connect, and the search demo finding an uploaded document', async ({
    page,
    login,
    createAccount,
    readyServer,
  }) => {
    // Uploading and processing a document, then the page, on a machine running two servers.
    test.setTimeout(90_000);
    const on = readyServer.baseURL;
    const account = await createAccount({ baseURL: on });
    const { tag, document } = await uploadHandbook(on, account);
    const list = await toolList(on, account.accessToken);
    await openTools(page, login, { account, baseURL: on });
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
    ] as const) {
      await expect(toolCard(page, name).getByText(`Category: ${category}`, { exact: true })).toBeVisible();
      await expect(toolCard(page, name).getByText('Ready', { exact: true })).toBeVisible();
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

    await searchDemo(page).getByLabel('Query').fill(`${tag} harbour`);
    await searchDemo(page).getByRole('button', { name: 'Execute' }).click();
    await expect(outcome(page, 'RAG Search').getByText(/^\d+ results?$/)).toBeVisible();
    await expect(outcome(page, 'RAG Search').getByText(document.name, { exact: true })).toBeVisible();
    await expect(outcome(page, 'RAG Search').getByText(LATENCY)).toBeVisible();
    await expect(toastRegion(page).getByText('search executed successfully')).toBeVisible();
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

  test('a tool whose component is not ready says why and offers no run', async ({ page, login, account, baseURL }) => {
    const search = (await toolList(baseURL!, account.accessToken)).tools.find((tool) => tool.name === 'search');
    // The suite's server has no embedding model, so its rag-engine is degraded.
    expect(search?.status, "the search tool on the suite's server").toBe('coming-soon');
    await openTools(page, login);

    await expect(toolCard(page, 'search').getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(toolCard(page, 'search').getByText(/^rag-engine is degraded/)).toBeVisible();
    await expect(searchDemo(page).getByRole('button', { name: 'Execute' })).toBeDisabled();
    await expect(searchDemo(page).getByText(/^Not ready: rag-engine is degraded/)).toBeVisible();
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
