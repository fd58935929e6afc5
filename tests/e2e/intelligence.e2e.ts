import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DocumentView } from '@docent/common/documents';
import { expect, test as base, waitForHydration, type LoginOptions } from './fixtures.js';
import {
  changeRole,
  closeSession,
  deleteDocument,
  findDocuments,
  suiteAdminToken,
  uploadThroughApi,
  writers,
} from './support/documents.js';
import { seriousViolations } from './support/axe.js';

interface IntelligenceFixtures {
  /** A session of the suite's administrator: clean-up. */
  adminToken: string;
  /**
   * Unique to the test: a made-up word in its document, so a keyword search for it finds
   * that document alone although every account sees every test's documents.
   */
  tag: string;
  /** The test's Markdown document, processed and searchable; deleted afterwards. */
  handbook: DocumentView;
}

const test = base.extend<IntelligenceFixtures>({
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
      `harbour-${tag}.md`,
      `# Harbour handbook\n\n## Lighthouse\n\nThe ${tag} lighthouse beam is painted emerald green and turns twice a minute.\n\n## Ferries\n\nFerries leave the quay at seven every morning.\n`,
    );
    const uploaded = await uploadThroughApi(baseURL!, account.accessToken, file);
    await expect
      .poll(
        async () =>
          (await findDocuments(baseURL!, adminToken, tag)).find((document) => document.id === uploaded.id)?.status,
        {
          timeout: PROCESSING_TIMEOUT,
        },
      )
      .toBe('processed');
    await use(uploaded);
  },
});

const PROCESSING_TIMEOUT = 20_000;
/** The local extractive model answers at once; the margin covers a busy machine. */
const ANSWER_TIMEOUT = 20_000;

// ----- The Intelligence page's real labels, in one place -----------------------------------

const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const tab = (page: Page, name: 'Search' | 'Chat') =>
  page.getByRole('tablist', { name: 'Intelligence views' }).getByRole('tab', { name, exact: true });

async function openIntelligence(page: Page, login: (options?: LoginOptions) => Promise<void>, path = '/intelligence') {
  await login({ redirect: path });
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Intelligence Hub' })).toBeVisible();
}

async function ask(page: Page, question: string) {
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test.describe('Intelligence', () => {
  test('shows the four figures, the status panel and the raw stats', async ({ page, login }) => {
    await openIntelligence(page, login);

    const figures = page.getByLabel('Intelligence statistics');
    for (const label of ['Success Rate', 'Total Queries', 'Search Queries', 'Chat Sessions']) {
      await expect(figures.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(page.getByText('Sample data')).toHaveCount(0);
    const status = page.getByRole('region', { name: 'System Status' });
    await expect(status.getByText('rag-engine', { exact: true })).toBeVisible();
    await status.getByText('Raw stats (JSON)').click();
    await expect(status.getByLabel('Raw intelligence stats')).toContainText('"totalQueries"');
  });

  test('a keyword search marks the hit; the passage opens whole; history reruns and clears; a bookmark survives a reload', async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await openIntelligence(page, login, `/intelligence?q=${tag}&type=keyword`);

    const hit = results(page).getByRole('listitem').filter({ hasText: handbook.name });
    await expect(hit).toHaveCount(1);
    await expect(hit.locator('mark')).toHaveText(tag);
    await expect(hit).toContainText('Harbour handbook › Lighthouse');
    // The tag is in the document's name, so its other sections match too: they sit under its best passage.
    await expect(
      hit
        .getByRole('group', { name: `More passages from ${handbook.name}` })
        .getByRole('button', { name: `Open another passage from ${handbook.name}, Harbour handbook › Ferries` }),
    ).toBeVisible();
    await expect(page.getByLabel('Search type')).toHaveValue('keyword');

    await hit.getByRole('button', { name: new RegExp(`^Open passage from ${handbook.name}`) }).click();
    const passage = page.getByRole('dialog', { name: `Passage: ${handbook.name}` });
    await expect(passage.getByLabel('Passage text')).toContainText(
      `The ${tag} lighthouse beam is painted emerald green`,
    );
    await passage.getByRole('button', { name: 'Open document preview' }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${handbook.name}` });
    await expect(preview.getByLabel('Extracted text, page 1')).toContainText('Ferries leave the quay at seven');
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(preview).toBeHidden();

    await hit.getByRole('button', { name: `Bookmark passage from ${handbook.name}` }).click();
    await expect(hit.getByRole('button', { name: `Bookmark passage from ${handbook.name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const bookmarks = page.getByRole('region', { name: 'Bookmarks' });
    await expect(bookmarks.getByText(handbook.name)).toBeVisible();

    const history = page.getByRole('region', { name: 'Recent searches' });
    await expect(history.getByRole('button', { name: tag, exact: true })).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('region', { name: 'Bookmarks' }).getByText(handbook.name)).toBeVisible();
    await page
      .getByRole('region', { name: 'Bookmarks' })
      .getByRole('button', { name: `Remove bookmark from ${handbook.name}` })
      .click();
    await expect(page.getByText('No bookmarks yet.')).toBeVisible();

    await page.getByLabel('Search query').fill('nothingmatches' + tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=nothingmatches${tag}`));
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await page.getByRole('region', { name: 'Recent searches' }).getByRole('button', { name: tag, exact: true }).click();
    await expect(results(page).locator('mark')).toHaveText(tag);

    await page.getByRole('button', { name: 'Clear history' }).click();
    await expect(page.getByText('No recent searches.')).toBeVisible();
  });

  test('the top-bar search lands here with results; /search?q= and /chat redirect here', async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await login({ redirect: '/documents' });
    await waitForHydration(page);
    const topBarSearch = page
      .getByRole('banner')
      .getByRole('searchbox', { name: 'Search documents, tools, or ask AI' });
    await topBarSearch.fill(tag);
    await topBarSearch.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/intelligence\\?q=${tag}$`));
    await expect(results(page).getByRole('listitem').filter({ hasText: handbook.name })).toHaveCount(1);
    // Hybrid by default; the suite's server has no embedding model.
    await expect(results(page).getByRole('note')).toHaveText(
      'No embedding model is configured, so hybrid search ran as keyword search alone.',
    );

    await page.goto(`/search?q=${tag}&type=keyword`);
    await expect(page).toHaveURL(new RegExp(`/intelligence\\?q=${tag}&type=keyword$`));
    await expect(results(page).locator('mark')).toHaveText(tag);

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/intelligence$/);
  });

  test('a search limited to a document says so and can be widened; semantic search without a model says why it cannot run', async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await openIntelligence(page, login, `/intelligence?q=${tag}&type=keyword&document=${handbook.id}`);
    await expect(page.getByText(`Searching in ${handbook.name}`)).toBeVisible();
    await expect(results(page).getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: `Remove the limit to ${handbook.name}: search all documents` }).click();
    await expect(page).not.toHaveURL(/document=/);
    await expect(page.getByText(`Searching in ${handbook.name}`)).toHaveCount(0);

    await page.getByLabel('Search type').selectOption('semantic');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Search failed: / })).toBeVisible();
  });

  test('chat streams a grounded answer whose citation opens the passage; a question the documents do not answer says so', async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await openIntelligence(page, login, `/intelligence?tab=chat&document=${handbook.id}`);
    await expect(page.getByText(`Answering from ${handbook.name}`)).toBeVisible();

    await ask(page, 'How is the lighthouse beam painted?');
    const answer = messages(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Source 1: / }) })
      .first();
    await expect(answer).toContainText('emerald green', { timeout: ANSWER_TIMEOUT });
    await expect(answer).toContainText(/Model .+ · [\d,]+ tokens .* · [\d,]+ ms/);
    await expect(page.getByRole('status').filter({ hasText: 'Answer complete.' })).toBeAttached();

    await answer
      .getByRole('button', { name: `Source 1: ${handbook.name}` })
      .first()
      .click();
    const source = page.getByRole('dialog', { name: `Source [1]: ${handbook.name}` });
    await expect(source.getByLabel('Passage text')).toContainText('emerald green');
    await source.getByRole('button', { name: 'Close', exact: true }).first().click();

    await ask(page, 'Which bakery sells croissants on Sundays?');
    await expect(messages(page).getByRole('listitem').last()).toContainText(
      /couldn't find anything|do not contain an answer/,
      {
        timeout: ANSWER_TIMEOUT,
      },
    );

    const sessions = page.getByRole('navigation', { name: 'Chat sessions' });
    await expect(sessions.getByRole('button', { name: /messages$/ })).toHaveCount(1);
    await sessions.getByRole('button', { name: /^Actions for chat / }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename chat' });
    await rename.getByLabel('Chat title').fill(`Harbour ${tag}`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    await expect(sessions.getByText(`Harbour ${tag}`)).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Chat sessions' }).getByText(`Harbour ${tag}`).click();
    await expect(messages(page)).toContainText('emerald green');

    await page.getByRole('button', { name: `Actions for chat Harbour ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete chat' });
    await expect(confirm).toContainText(`Are you sure you want to delete "Harbour ${tag}"?`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('No chats yet. Ask a question to start one.')).toBeVisible();
  });

  test('a read-only user searches and chats too: both need only search:basic', async ({
    page,
    login,
    createAccount,
    baseURL,
    adminToken,
    tag,
    handbook,
  }) => {
    const reader = await createAccount({ name: 'Reed Only' });
    await changeRole(baseURL!, adminToken, reader.id, 'readonly');
    await login({ account: reader, redirect: `/intelligence?q=${tag}&type=keyword&document=${handbook.id}` });
    await waitForHydration(page);

    await expect(results(page).getByRole('listitem').filter({ hasText: handbook.name })).toHaveCount(1);
    await tab(page, 'Chat').click();
    await ask(page, 'How is the lighthouse beam painted?');
    await expect(messages(page)).toContainText('emerald green', { timeout: ANSWER_TIMEOUT });
  });

  test('malformed bookmarks in local storage do not break the page', async ({ page, login }) => {
    await page.addInitScript(() => window.localStorage.setItem('bookmarks', '{"not": "a list'));
    await openIntelligence(page, login);
    await expect(page.getByText('No bookmarks yet.')).toBeVisible();
  });

  test('the search and chat tabs have no serious or critical axe violations', async ({
    page,
    login,
    tag,
    handbook,
  }) => {
    await openIntelligence(page, login, `/intelligence?q=${tag}&type=keyword`);
    await expect(results(page).getByRole('listitem').filter({ hasText: handbook.name })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await tab(page, 'Chat').click();
    await expect(page.getByLabel('Your question')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
