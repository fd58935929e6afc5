import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { closeSessions, registerAccount, type Account, type AccountData } from './support/accounts.js';
import { DocentServer, type ServerOptions } from './support/server.js';
import { BASE_URL_ENV, SERVER_LOG_ENV } from './support/suite-env.js';

export { expect };
export type { Account, AccountData, DocentServer };

export interface LoginOptions {
  /** Defaults to the test's own `account`. */
  account?: AccountData;
  /** Opens /login?redirect=<path> and expects to land there; otherwise expects the index. */
  redirect?: string;
  /** Another server than the suite's (a `startServer` one). */
  baseURL?: string;
}

interface Fixtures {
  /** A fresh account, registered through the API with a unique email; its sessions are closed afterwards. */
  account: Account;
  /** Registers further accounts on any server; their sessions are closed afterwards. */
  createAccount: (options?: { baseURL?: string } & Partial<AccountData>) => Promise<Account>;
  /** Signs in through the login page and waits until the app has taken the user in. */
  login: (options?: LoginOptions) => Promise<void>;
  /**
   * Starts a server of the test's own (free port, fresh DATA_DIR) for tests that stop
   * and restart it; `server.stop()` / `server.start()` keep port and data. Stopped and
   * removed when the test ends.
   */
  startServer: (options?: ServerOptions) => Promise<DocentServer>;
  /**
   * What the content security policy blocked on the test's page, as the browser reported
   * it: checked, for every test, to be nothing, since everything the app runs is its own.
   */
  cspViolations: string[];
}

export const test = base.extend<Fixtures>({
  baseURL: async ({ baseURL }, use) => {
    const url = baseURL ?? process.env[BASE_URL_ENV];
    if (!url)
      throw new Error(
        `${BASE_URL_ENV} is not set: run the suite with \`playwright test\`, whose global setup starts the server`,
      );
    await use(url);
  },

  createAccount: async ({ baseURL }, use) => {
    const created: Array<{ baseURL: string; account: Account }> = [];
    await use(async ({ baseURL: on = baseURL!, ...overrides } = {}) => {
      const account = await registerAccount(on, overrides);
      created.push({ baseURL: on, account });
      return account;
    });
    for (const { baseURL: on, account } of created) await closeSessions(on, account);
  },

  account: async ({ createAccount }, use) => {
    await use(await createAccount());
  },

  login: async ({ page, account, baseURL }, use) => {
    await use(async ({ account: who = account, redirect, baseURL: on = baseURL! } = {}) => {
      const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
      await page.goto(new URL(`/login${query}`, on).href);
      await signIn(page, who);
      await expect(page).toHaveURL(new URL(redirect ?? '/', on).href, { timeout: 15_000 });
      await expect(userMenuButton(page, who.name)).toBeVisible();
    });
  },

  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],

  startServer: async ({}, use) => {
    const servers: DocentServer[] = [];
    await use(async (options = {}) => {
      const server = await DocentServer.start({ name: 'dedicated', ...options });
      servers.push(server);
      return server;
    });
    for (const server of servers) await server.dispose();
  },
});

// ----- Page helpers: the real labels of the pages, in one place ---------------------------

/**
 * Resolves once React has hydrated the server-rendered page, so a click runs the page's
 * own handlers instead of the browser's default (a plain form post, a full navigation).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
}

/** Fills the login form and submits it; the caller decides what should happen next. */
export async function signIn(page: Page, { email, password }: Pick<AccountData, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The top bar's user menu button: it shows the user's name and role ('Ada Lovelace User'). */
export function userMenuButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name });
}

/** Signs out through the user menu. */
export async function logOut(page: Page, name: string): Promise<void> {
  await userMenuButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** The live-connection indicator: 'Connecting...', 'Live' or 'Offline'. */
export function connectionIndicator(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Real-time connection' });
}

/** The notifications bell; its name carries the unread count ('Notifications, 2 unread'). */
export function notificationBell(page: Page) {
  return page.getByRole('button', { name: /^Notifications, / });
}

/** The notifications panel the bell opens. */
export function notificationPanel(page: Page) {
  return page.getByRole('dialog', { name: /^Notifications/ });
}

/** The toasts' live region (F8). */
export function toastRegion(page: Page) {
  return page.getByLabel('Notifications (F8)');
}

/** The light/dark switch; its name says which theme it switches to. */
export function themeToggle(page: Page) {
  return page.getByRole('button', { name: /^Switch to (light|dark) theme$/ });
}

/** What the suite's shared server has written to stdout and stderr so far. */
export function suiteServerLog(): string {
  const file = process.env[SERVER_LOG_ENV];
  if (!file) throw new Error(`${SERVER_LOG_ENV} is not set: run the suite with \`playwright test\``);
  return readFileSync(file, 'utf8');
}
