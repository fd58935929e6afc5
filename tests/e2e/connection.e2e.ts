import { connectionIndicator, expect, test, toastRegion } from './fixtures.js';

test('the indicator shows Live, Offline when the server goes away, and Live after Retry once it is back', async ({
  page,
  startServer,
  createAccount,
  login,
}) => {
  // A server of this test's own: stopping the suite's server would fail every later test.
  const server = await startServer();
  const account = await createAccount({ baseURL: server.baseURL });
  // The app's timers run on a clock the test controls, so only Retry can bring the
  // connection back: the automatic retry 5 s later would otherwise race it.
  await page.clock.install();
  await login({ account, baseURL: server.baseURL });
  const indicator = connectionIndicator(page);
  await expect(indicator).toHaveText(/Live$/, { timeout: 10_000 });
  await page.clock.pauseAt(Date.now() + 1_000);

  await server.stop();

  await expect(indicator).toHaveText(/Offline$/);
  const retry = page.getByRole('button', { name: 'Retry connection' });
  await expect(retry).toBeVisible();

  await server.start();
  // Back, but nothing reconnects on its own while the clock stands still.
  await expect(indicator).toHaveText(/Offline$/);

  await retry.click();

  await expect(toastRegion(page).getByText('Attempting to reconnect...')).toBeVisible();
  await expect(indicator).toHaveText(/Live$/, { timeout: 10_000 });
  await expect(retry).toHaveCount(0);
});

test("the sidebar's status line says keyword search only, as information, when no embedding model is configured", async ({
  page,
  login,
}) => {
  // The suite's server runs without an embedding model: off by configuration, not failing.
  await login();

  const statusLine = page.getByRole('status').filter({ hasText: 'Keyword search only: no embedding model' });
  await expect(statusLine).toBeVisible({ timeout: 15_000 });
  await expect(statusLine).toHaveAttribute('title', /embeddings: off by configuration/);
  await expect(page.getByRole('status').filter({ hasText: 'Degraded' })).toHaveCount(0);
});
