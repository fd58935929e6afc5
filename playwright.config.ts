import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser. The machine has no internet: without
 * the background-networking switches Chromium keeps dialling Google's services and
 * fills the run with refused connections.
 */
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * The end-to-end suite: the production build (`npm run build` first) served by one
 * `node backend/dist/main.js` that global setup starts on a free port with a fresh
 * DATA_DIR. Tests that must take the server away start their own (see fixtures.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  outputDir: 'test-results/e2e',
  // Two cores: one browser and one server at a time keep the timings honest.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    // Set by global setup; the workers, started after it, inherit it.
    baseURL: process.env.DOCENT_E2E_BASE_URL,
    launchOptions: chromium,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
