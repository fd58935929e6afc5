import { randomUUID } from 'node:crypto';
import { expect, test, waitForHydration } from './fixtures.js';
import { uploadThroughApi, writers } from './support/documents.js';

/** Inline script and style elements: the ones a content security policy holds to its nonce. */
const INLINE_ELEMENTS = /<(script|style)\b(?![^>]*\bsrc=)[^>]*>/g;

test('pages carry the security headers, and every inline script and style the nonce of their policy', async ({
  page,
}) => {
  const response = await page.goto('/login');
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  });

  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, 'the script nonce').toBeTruthy();
  expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
  const inline = (await response!.text()).match(INLINE_ELEMENTS) ?? [];
  expect(inline.length).toBeGreaterThan(0);
  expect(inline.filter((element) => !element.includes(`nonce="${nonce}"`))).toEqual([]);

  const again = await page.request.get('/login');
  expect(again.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
});

test('the whole app runs under its policy: signed in, every page hydrates and styles itself with nothing blocked', async ({
  page,
  login,
}) => {
  await login();
  for (const path of ['/documents', '/intelligence', '/models', '/']) {
    await page.goto(path);
    await waitForHydration(page);
  }
  // A client-side navigation brings styles the server did not render: styled-components adds them with the nonce.
  await page.getByRole('navigation').getByRole('link', { name: 'Documents' }).first().click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The auto fixture checks that the browser reported no violation on the way.
});

test('a document is saved, never shown, from the API and through the web app: nosniff and attachment', async ({
  page,
  login,
  account,
  baseURL,
}) => {
  const file = await writers.docx(`headers-${randomUUID().slice(0, 8)}.docx`, 'A document to download.');
  const document = await uploadThroughApi(baseURL!, account.accessToken, file);
  await login();

  const fromApi = await page.request.get(`/api/documents/${document.id}/download`, {
    headers: { Authorization: `Bearer ${account.accessToken}` },
  });
  const throughWebApp = await page.request.get(`/documents/${document.id}/download`);
  for (const download of [fromApi, throughWebApp]) {
    expect(download.status()).toBe(200);
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="headers-/);
  }
});

test('the OpenAPI documentation still works under a policy of its own', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /Docent API/ })).toBeVisible();
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
});
