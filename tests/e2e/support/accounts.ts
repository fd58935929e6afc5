import { randomUUID } from 'node:crypto';

export interface AccountData {
  name: string;
  email: string;
  password: string;
}

export interface Account extends AccountData {
  id: string;
  role: string;
  /** The API session register opened; closed again when the test ends. */
  accessToken: string;
}

let sequence = 0;

/** A unique, valid registration: every test gets its own account and never shares one. */
export function newAccountData(overrides: Partial<AccountData> = {}): AccountData {
  sequence += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${sequence}-${randomUUID().slice(0, 8)}`;
  return {
    name: `E2E User ${sequence}`,
    email: `e2e-${unique}@example.com`,
    password: 'Correct-Horse-9',
    ...overrides,
  };
}

/** Registers an account through the API (POST /api/auth/register). */
export async function registerAccount(baseURL: string, overrides: Partial<AccountData> = {}): Promise<Account> {
  const data = newAccountData(overrides);
  const response = await fetch(new URL('/api/auth/register', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...data, confirmPassword: data.password }),
  });
  const body = (await response.json().catch(() => undefined)) as
    { user?: { id: string; role: string; name: string }; accessToken?: string; error?: string } | undefined;
  if (response.status !== 201 || !body?.user || !body.accessToken) {
    throw new Error(`Registering ${data.email} answered HTTP ${response.status}: ${JSON.stringify(body)}`);
  }
  return { ...data, name: body.user.name, id: body.user.id, role: body.user.role, accessToken: body.accessToken };
}

/** Closes every session of the account, the UI's included: nothing a test opened outlives it. */
export async function closeSessions(baseURL: string, account: Account): Promise<void> {
  await fetch(new URL('/api/auth/logout', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.accessToken}` },
    body: JSON.stringify({ logoutAll: true }),
  }).catch(() => undefined);
}
