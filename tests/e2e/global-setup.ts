import type { FullConfig } from '@playwright/test';
import { assertBuilt, DocentServer } from './support/server.js';
import { registerAccount } from './support/accounts.js';
import { ADMIN_ACCOUNT_ENV, BASE_URL_ENV, SERVER_LOG_ENV } from './support/suite-env.js';

/**
 * Starts the one server the suite shares (a free port, a fresh DATA_DIR) and hands
 * its address to the workers through the environment, which they inherit. The
 * returned function is the teardown: it stops the server and removes its data.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const server = await DocentServer.start({ name: 'suite' });
  let administrator;
  try {
    // The first account on an empty system becomes its administrator. Take that seat
    // here, so every account a test creates is an ordinary user, whatever the test order;
    // tests that change roles or clean up sign in as it.
    administrator = await registerAccount(server.baseURL, { name: 'Suite Administrator' });
  } catch (error) {
    await server.dispose();
    throw error;
  }
  process.env[BASE_URL_ENV] = server.baseURL;
  process.env[ADMIN_ACCOUNT_ENV] = JSON.stringify({ email: administrator.email, password: administrator.password });
  process.env[SERVER_LOG_ENV] = server.logFile;
  return async () => {
    await server.dispose();
  };
}
