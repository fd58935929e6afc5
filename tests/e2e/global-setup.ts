import type { FullConfig } from '@playwright/test';
import { assertBuilt, DocentServer } from './support/server.js';
import { registerAccount } from './support/accounts.js';
import { BASE_URL_ENV, SERVER_LOG_ENV } from './support/suite-env.js';

/**
 * Starts the one server the suite shares (a free port, a fresh DATA_DIR) and hands
 * its address to the workers through the environment, which they inherit. The
 * returned function is the teardown: it stops the server and removes its data.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const server = await DocentServer.start({ name: 'suite' });
  try {
    // The first account on an empty system becomes its administrator. Take that seat
    // here, so every account a test creates is an ordinary user, whatever the test order.
    await registerAccount(server.baseURL, { name: 'Suite Administrator' });
  } catch (error) {
    await server.dispose();
    throw error;
  }
  process.env[BASE_URL_ENV] = server.baseURL;
  process.env[SERVER_LOG_ENV] = server.logFile;
  return async () => {
    await server.dispose();
  };
}
