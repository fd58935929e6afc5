import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { DocumentStatus } from '@docent/common/documents';
import {
  connectionIndicator,
  expect,
  test as base,
  toastRegion,
  waitForHydration,
  type Account,
  type LoginOptions,
} from './fixtures.js';
import {
  changeRole,
  closeSession,
  deleteDocument,
  findDocuments,
  suiteAdminToken,
  uploadThroughApi,
  writers,
  writeSampleFiles,
  type SampleFile,
} from './support/documents.js';
import { seriousViolations } from './support/axe.js';

interface DocumentFixtures {
  /** A session of the suite's administrator: role changes and clean-up. */
  adminToken: string;
  /**
   * Unique to the test and part of every file name it makes: the search box narrows the
   * shared list to this test's documents, and clean-up deletes exactly those. Documents
   * are shared, so every account sees every test's documents.
   */
  tag: string;
}

const test = base.extend<DocumentFixtures>({
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
    const tag = `e2e${randomUUID().slice(0, 8)}`;
    await use(tag);
    for (const document of await findDocuments(baseURL!, adminToken, tag))
      await deleteDocument(baseURL!, adminToken, document.id);
  },
});

// Processing a small file takes well under a second; the margin covers a busy machine.
const PROCESSING_TIMEOUT = 20_000;

// ----- The Documents page's real labels, in one place ---------------------------------------

const SEARCH_PLACEHOLDER = 'Search documents by name or type...';

function uploadButton(page: Page) {
  return page.getByRole('button', { name: 'Upload Documents', exact: true });
}

function uploadDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Upload Documents' });
}

/** The table row of a document, by (a unique part of) its name. */
function documentRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: name }) });
}

/** The Status cell: the badge, the stage while it works, the reason once it failed. */
function statusCell(row: Locator) {
  return row.getByRole('cell').nth(2);
}

function statusBadge(row: Locator, label: string) {
  return statusCell(row).getByText(label, { exact: true });
}

/** The value of one stat card ('Total Documents', 'Processed', ...). */
function statValue(page: Page, label: string) {
  return page
    .getByLabel('Document statistics')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .locator('strong');
}

async function readStat(page: Page, label: string): Promise<number> {
  return Number((await statValue(page, label).textContent())?.replaceAll(',', ''));
}

/**
 * Opens a row's actions menu and returns the menu. Tried again when a sign-in toast,
 * dismissed by the locator handler below, took the click that closes an open menu.
 */
async function openActions(page: Page, name: string): Promise<Locator> {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return menu;
}

/** Chooses one of a row's actions, opening the menu again if a dismissed toast closed it first. */
async function chooseAction(page: Page, name: string, action: string) {
  await expect(async () => {
    const menu = await openActions(page, name);
    await menu.getByRole('menuitem', { name: action, exact: true }).click({ timeout: 2_000 });
  }).toPass();
}

/**
 * Toasts sit over the table's right edge, where the row actions are, and pause while the
 * pointer rests on them: a click aimed at a row action would wait for them for good. The
 * sign-in toast ('Welcome to Docent, {name}!' or 'Welcome back, {name}!') may still be
 * showing when a test starts clicking, so it is dismissed whenever it shows, as a person would, unless a modal dialog is open (the
 * page behind it is inert then, and nothing covers the dialog). The toasts a test causes
 * itself it checks and then dismisses with {@link dismissToast}.
 */
async function dismissWelcomeToasts(page: Page) {
  const dismiss = toastRegion(page).getByRole('button', { name: /^Dismiss notification: Welcome/ });
  await page.addLocatorHandler(
    dismiss.first(),
    async () => {
      if ((await page.locator('dialog[open]').count()) > 0) return;
      while ((await dismiss.count()) > 0) await dismiss.first().click();
    },
    { noWaitAfter: true },
  );
}

/** Dismisses every toast titled `title`, once it has shown. */
async function dismissToast(page: Page, title: string) {
  const dismiss = toastRegion(page).getByRole('button', { name: `Dismiss notification: ${title}`, exact: true });
  await expect(dismiss.first()).toBeVisible();
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Opens /documents (narrowed by `search` when given) signed in, with the socket live. */
async function openDocuments(
  page: Page,
  login: (options?: LoginOptions) => Promise<void>,
  options: { search?: string; account?: Account } = {},
) {
  const { search, account } = options;
  await dismissWelcomeToasts(page);
  await login({ account, redirect: search ? `/documents?search=${encodeURIComponent(search)}` : '/documents' });
  await waitForHydration(page);
  // Pushes reach only a subscribed socket: anything checked "live" needs it connected first.
  await expect(connectionIndicator(page)).toHaveText(/Live$/, { timeout: 10_000 });
}

/** Polls the API until each document has settled in the expected status. */
async function settled(baseURL: string, token: string, tag: string, expected: Record<string, DocumentStatus>) {
  await expect
    .poll(
      async () =>
        Object.fromEntries(
          (await findDocuments(baseURL, token, tag)).map((document) => [document.name, document.status]),
        ),
      { timeout: PROCESSING_TIMEOUT },
    )
    .toEqual(expected);
}

test.describe('documents', () => {
  test('several files upload with their own progress and reach Processed live; the stat cards count them', async ({
    page,
    login,
    tag,
  }, testInfo) => {
    const files: SampleFile[] = await Promise.all([
      writers.pdf(`quarterly-${tag}.pdf`, 'The quarterly figures were reviewed by the board.'),
      writers.docx(`minutes-${tag}.docx`, 'The committee approved the new budget.'),
      writers.xlsx(`ledger-${tag}.xlsx`, 'Servers and licences for the coming year.'),
      writers.pptx(`roadmap-${tag}.pptx`, 'Revenue grew in every region.'),
      writers.text(`readme-${tag}.md`, '# Readme\n\nInstall the tools before the workshop.\n'),
    ]);
    const paths = writeSampleFiles(files, (name) => testInfo.outputPath(name));
    await openDocuments(page, login);
    const before = { total: await readStat(page, 'Total Documents'), processed: await readStat(page, 'Processed') };
    // A reload would drop this: its survival proves the rows changed without one.
    await page.evaluate(() => Object.assign(window, { documentsE2eMarker: true }));

    await uploadButton(page).click();
    await uploadDialog(page).getByLabel('Files to upload').setInputFiles(paths);

    const uploads = uploadDialog(page).getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect(uploads).toHaveCount(files.length);
    for (const { name } of files) {
      const upload = uploads.filter({ hasText: name });
      await expect(upload.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
      await expect(upload.getByText('Done', { exact: true })).toBeVisible();
    }
    await expect(toastRegion(page).getByText('Document uploaded successfully').first()).toBeVisible();
    await uploadDialog(page).getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(uploadDialog(page)).toBeHidden();

    for (const { name } of files) {
      await expect(statusBadge(documentRow(page, name), 'Processed')).toBeVisible({ timeout: PROCESSING_TIMEOUT });
    }
    await expect(statValue(page, 'Total Documents')).toHaveText(String(before.total + files.length));
    await expect(statValue(page, 'Processed')).toHaveText(String(before.processed + files.length));
    expect(await page.evaluate(() => 'documentsE2eMarker' in window)).toBe(true);
  });

  test('the dialog states the limits before anything is chosen; six files are refused and nothing is sent', async ({
    page,
    login,
    tag,
  }, testInfo) => {
    const files = Array.from({ length: 6 }, (_, index) =>
      writers.text(`note-${index + 1}-${tag}.txt`, `Note ${index + 1}`),
    );
    const paths = writeSampleFiles(files, (name) => testInfo.outputPath(name));
    await openDocuments(page, login);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/documents/upload') sent.push(request.url());
    });

    await uploadButton(page).click();
    const dialog = uploadDialog(page);
    await expect(dialog).toHaveAccessibleDescription(
      'Up to 5 files, 50 MB each. Accepted types: PDF, DOCX, XLSX, MD, PPTX, TXT.',
    );

    await dialog.getByLabel('Files to upload').setInputFiles(paths);

    await expect(dialog.getByText('You chose 6 files; upload at most 5 at a time.')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
    expect(sent).toEqual([]);
  });

  test('a file dropped on the drop zone uploads, and Show Activity lists its events as they arrive', async ({
    page,
    login,
    tag,
  }) => {
    const name = `dropped-${tag}.txt`;
    await openDocuments(page, login);
    await page.getByRole('button', { name: 'Show Activity' }).click();
    const activity = page.getByRole('region', { name: 'Document activity' });
    await expect(activity).toContainText('No document activity since this page opened.');

    await uploadButton(page).click();
    const dropZone = uploadDialog(page).getByText('Drag and drop files here, or').locator('..');
    const dataTransfer = await page.evaluateHandle((fileName) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File(['Dropped files are uploaded like chosen ones.\n'], fileName, { type: 'text/plain' }),
      );
      return transfer;
    }, name);
    await dropZone.dispatchEvent('drop', { dataTransfer });

    await expect(
      uploadDialog(page).getByRole('listitem').filter({ hasText: name }).getByText('Done', { exact: true }),
    ).toBeVisible();
    await uploadDialog(page).press('Escape');
    await expect(statusBadge(documentRow(page, name), 'Processed')).toBeVisible({ timeout: PROCESSING_TIMEOUT });
    const events = activity.getByRole('listitem').filter({ hasText: name });
    await expect(events.filter({ hasText: 'Uploaded' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Processed' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Hide Activity' }).click();
    await expect(activity).toBeHidden();
  });

  test('type, status and search filters narrow the rows, live in the URL and survive a reload', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
    tag,
  }) => {
    const names = { pdf: `contract-${tag}.pdf`, locked: `locked-${tag}.pdf`, md: `guide-${tag}.md` };
    await uploadThroughApi(baseURL!, account.accessToken, await writers.pdf(names.pdf, 'Signed by both parties.'));
    await uploadThroughApi(baseURL!, account.accessToken, await writers.encryptedPdf(names.locked));
    await uploadThroughApi(baseURL!, account.accessToken, writers.text(names.md, '# Guide\n\nStart here.\n'));
    // Signing in takes as long as processing: side by side.
    await Promise.all([
      settled(baseURL!, adminToken, tag, {
        [names.pdf]: 'processed',
        [names.locked]: 'failed',
        [names.md]: 'processed',
      }),
      openDocuments(page, login),
    ]);
    const ours = page.getByRole('row').filter({ hasText: tag });
    const filters = page.getByRole('region', { name: 'Filters' });
    const search = page.getByPlaceholder(SEARCH_PLACEHOLDER, { exact: true });

    await search.fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);

    // click(), not check(): the box shows the URL's state, which follows the click a render later.
    await filters.getByRole('checkbox', { name: 'PDF', exact: true }).click();
    await expect(filters.getByRole('checkbox', { name: 'PDF', exact: true })).toBeChecked();
    await expect(ours).toHaveCount(2);
    await expect(documentRow(page, names.md)).toHaveCount(0);

    await filters.getByRole('checkbox', { name: 'Processed', exact: true }).click();
    await expect(ours).toHaveCount(1);
    await expect(documentRow(page, names.pdf)).toBeVisible();
    await expect(page).toHaveURL(/fileTypes=PDF/);
    await expect(page).toHaveURL(/status=processed/);

    await page.reload();
    await waitForHydration(page);
    await expect(ours).toHaveCount(1);
    await expect(documentRow(page, names.pdf)).toBeVisible();
    await expect(search).toHaveValue(tag);
    await expect(filters.getByRole('checkbox', { name: 'PDF', exact: true })).toBeChecked();
    await expect(filters.getByRole('checkbox', { name: 'Processed', exact: true })).toBeChecked();

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');
    await expect(ours).toHaveCount(3);

    const nothing = `${tag}-nothing`;
    await search.fill(nothing);
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible();
    await expect(page.getByText(`No documents match "${nothing}".`)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await search.clear();
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeHidden();
    await expect(ours).toHaveCount(3);
  });

  test('Preview Document shows the extracted text; Download Original saves the file under its name', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
    tag,
  }) => {
    const sentence = 'The lighthouse keeper logs every passing ship.';
    const file = await writers.docx(`logbook-${tag}.docx`, sentence);
    await uploadThroughApi(baseURL!, account.accessToken, file);
    await Promise.all([
      settled(baseURL!, adminToken, tag, { [file.name]: 'processed' }),
      openDocuments(page, login, { search: tag }),
    ]);

    const menu = await openActions(page, file.name);
    // 'Search in Document' is only for vectorized documents.
    const vectorized = (await findDocuments(baseURL!, adminToken, tag))[0]?.vectorized;
    await expect(menu.getByRole('menuitem', { name: 'Search in Document' })).toHaveCount(vectorized ? 1 : 0);
    await chooseAction(page, file.name, 'Preview Document');
    const preview = page.getByRole('dialog', { name: `Preview: ${file.name}` });
    await expect(preview.getByLabel('Extracted text, page 1')).toContainText(sentence);
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(preview).toBeHidden();

    const downloading = page.waitForEvent('download');
    await chooseAction(page, file.name, 'Download Original');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file.name);
    expect(new Uint8Array(readFileSync(await download.path()))).toEqual(file.bytes);
  });

  test('a failed document shows why; Reprocess, offered only for failed rows, runs it through Indexing to Failed again live', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
    tag,
  }, testInfo) => {
    // Reprocessing needs documents:reprocess, which developers and administrators hold.
    await changeRole(baseURL!, adminToken, account.id, 'developer');
    const processed = writers.text(`fine-${tag}.txt`, 'Nothing wrong with this one.');
    await uploadThroughApi(baseURL!, account.accessToken, processed);
    const locked = await writers.encryptedPdf(`locked-${tag}.pdf`);
    await openDocuments(page, login, { search: tag });
    await page.getByRole('button', { name: 'Show Activity' }).click();
    const events = page
      .getByRole('region', { name: 'Document activity' })
      .getByRole('listitem')
      .filter({ hasText: locked.name });

    await uploadButton(page).click();
    await uploadDialog(page)
      .getByLabel('Files to upload')
      .setInputFiles(writeSampleFiles([locked], (name) => testInfo.outputPath(name)));
    await expect(uploadDialog(page).getByText('Done', { exact: true })).toBeVisible();
    await uploadDialog(page).press('Escape');

    await dismissToast(page, 'Document uploaded successfully');
    const row = documentRow(page, locked.name);
    await expect(statusBadge(row, 'Failed')).toBeVisible({ timeout: PROCESSING_TIMEOUT });
    await expect(statusCell(row)).toContainText('The PDF is encrypted');
    await expect(statusBadge(documentRow(page, processed.name), 'Processed')).toBeVisible({
      timeout: PROCESSING_TIMEOUT,
    });

    const menu = await openActions(page, processed.name);
    await expect(menu.getByRole('menuitem', { name: 'Preview Document' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Reprocess' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await expect(events.filter({ hasText: 'Failed: The PDF is encrypted' })).toHaveCount(1);
    await chooseAction(page, locked.name, 'Reprocess');

    await expect(toastRegion(page).getByText('Document reprocessing started')).toBeVisible();
    // The status line itself ('Indexing'), not the stage lines of the first run ('Indexing: reading 0%').
    await expect(events.filter({ hasText: /Indexing(?!:)/ })).toHaveCount(1, { timeout: PROCESSING_TIMEOUT });
    await expect(events.filter({ hasText: 'Failed: The PDF is encrypted' })).toHaveCount(2, {
      timeout: PROCESSING_TIMEOUT,
    });
    await expect(statusBadge(row, 'Failed')).toBeVisible();
    await expect(statusCell(row)).toContainText('The PDF is encrypted');
  });

  test('Delete asks first, then removes the row', async ({ page, login, account, baseURL, tag }) => {
    const file = writers.text(`obsolete-${tag}.md`, '# Obsolete\n\nTo be deleted.\n');
    await uploadThroughApi(baseURL!, account.accessToken, file);
    await openDocuments(page, login, { search: tag });
    const row = documentRow(page, file.name);
    const confirm = page.getByRole('dialog', { name: 'Delete document' });

    await chooseAction(page, file.name, 'Delete');
    await expect(confirm.getByText(/^Are you sure/)).toHaveText(`Are you sure you want to delete "${file.name}"?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await chooseAction(page, file.name, 'Delete');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    await expect(toastRegion(page).getByText('Document deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a read-only user sees no upload, delete or reprocess controls', async ({
    page,
    login,
    account,
    createAccount,
    baseURL,
    adminToken,
    tag,
  }) => {
    const locked = await writers.encryptedPdf(`locked-${tag}.pdf`);
    await uploadThroughApi(baseURL!, account.accessToken, locked);
    await settled(baseURL!, adminToken, tag, { [locked.name]: 'failed' });
    const reader = await createAccount({ name: 'Reed Only' });
    await changeRole(baseURL!, adminToken, reader.id, 'readonly');

    await openDocuments(page, login, { search: tag, account: reader });

    await expect(statusBadge(documentRow(page, locked.name), 'Failed')).toBeVisible();
    await expect(uploadButton(page)).toHaveCount(0);
    const menu = await openActions(page, locked.name);
    await expect(menu.getByRole('menuitem')).toHaveText(['Preview Document', 'Download Original']);
  });

  test('a user may read a document someone else shared, but is offered no Delete for it', async ({
    page,
    login,
    createAccount,
    baseURL,
    adminToken,
    tag,
  }) => {
    const uploader = await createAccount({ name: 'Una Uploader' });
    const theirs = writers.text(`shared-${tag}.txt`, 'Shared with every reader.');
    await uploadThroughApi(baseURL!, uploader.accessToken, theirs);
    await settled(baseURL!, adminToken, tag, { [theirs.name]: 'processed' });

    await openDocuments(page, login, { search: tag });

    await expect(statusBadge(documentRow(page, theirs.name), 'Processed')).toBeVisible();
    const menu = await openActions(page, theirs.name);
    await expect(menu.getByRole('menuitem')).toHaveText(['Preview Document', 'Download Original']);
  });

  test('/documents, with rows and with the upload dialog open, has no serious or critical axe violations', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
    tag,
  }) => {
    await uploadThroughApi(baseURL!, account.accessToken, writers.text(`notes-${tag}.txt`, 'Accessible notes.'));
    await uploadThroughApi(baseURL!, account.accessToken, await writers.encryptedPdf(`locked-${tag}.pdf`));
    await Promise.all([
      settled(baseURL!, adminToken, tag, { [`notes-${tag}.txt`]: 'processed', [`locked-${tag}.pdf`]: 'failed' }),
      openDocuments(page, login, { search: tag }),
    ]);
    await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);

    expect(await seriousViolations(page)).toEqual([]);

    await uploadButton(page).click();
    await expect(uploadDialog(page)).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
  });
});
