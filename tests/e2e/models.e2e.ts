import type { Page } from '@playwright/test';
import { MODELS_POLL_INTERVAL_MS, type Model, type RoutingConfiguration } from '@docent/common/models';
import {
  expect,
  logOut,
  test as base,
  themeToggle,
  toastRegion,
  userMenuButton,
  waitForHydration,
  type Account,
  type LoginOptions,
} from './fixtures.js';
import { changeRole, closeSession, suiteAdminToken } from './support/documents.js';
import { sendJson, startFakeProviderServer } from '../../plugins/sdk/src/testing/fake-provider-server.js';
import {
  addProvider,
  chatThroughGateway,
  findModel,
  localModel,
  modelStats,
  modelWithoutKey,
  removeProvider,
  restoreRouting,
  routing,
  updateModel,
} from './support/models.js';
import { seriousViolations } from './support/axe.js';

interface ModelFixtures {
  /** A session of the suite's administrator: role changes, and putting the model back afterwards. */
  adminToken: string;
  /** The test's own account, made an administrator. */
  admin: Account;
  /** The local provider's model as it was before the test; its settings and limits are restored afterwards. */
  model: Model;
  /** The routing as it was before the test; restored afterwards. */
  routingBefore: RoutingConfiguration;
}

const test = base.extend<ModelFixtures>({
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
  admin: async ({ account, baseURL, adminToken }, use) => {
    await changeRole(baseURL!, adminToken, account.id, 'admin');
    await use({ ...account, role: 'admin' });
  },
  model: async ({ baseURL, adminToken }, use) => {
    const model = await localModel(baseURL!, adminToken);
    await use(model);
    await updateModel(baseURL!, adminToken, model.id, { configuration: model.configuration, limits: model.limits });
  },
  routingBefore: async ({ baseURL, adminToken }, use) => {
    const before = await routing(baseURL!, adminToken);
    await use(before);
    await restoreRouting(baseURL!, adminToken, before);
  },
});

// ----- The AI Models page's real labels, in one place ---------------------------------------

const SUMMARY_CARDS = ['Average Response Time', 'Total Requests', 'Success Rate', 'Monthly Cost'];

/** The demo account's name, as the login page's demo button signs in. */
const DEMO_ADMINISTRATOR = 'Demo Administrator';

function summaryValue(page: Page, label: string) {
  return page
    .getByLabel('Model statistics')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .locator('strong');
}

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Model views' }).getByRole('tab', { name, exact: true });

/** The Models tab's row of a model. */
const modelRow = (page: Page, name: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: name }) });

const configureDialog = (page: Page, model: Model) => page.getByRole('dialog', { name: `Configure ${model.name}` });
const dialogTab = (page: Page, model: Model, name: string) =>
  configureDialog(page, model).getByRole('tab', { name, exact: true });

async function openModels(page: Page, login: (options?: LoginOptions) => Promise<void>, account: Account) {
  await login({ account, redirect: '/models' });
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Models' })).toBeVisible();
}

async function openConfigure(page: Page, model: Model) {
  await tab(page, 'Models').click();
  await modelRow(page, model.name)
    .getByRole('button', { name: `Configure ${model.name}` })
    .click();
  await expect(configureDialog(page, model)).toBeVisible();
}

/** Dismisses every toast titled `title` (a regular expression for figures), once it has shown. */
async function dismissToast(page: Page, title: string | RegExp) {
  const name =
    typeof title === 'string'
      ? `Dismiss notification: ${title}`
      : new RegExp(`^Dismiss notification: ${title.source}$`);
  const dismiss = toastRegion(page).getByRole('button', { name, exact: typeof title === 'string' });
  await expect(dismiss.first()).toBeVisible();
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

test.describe('AI models', () => {
  test('an administrator sees the four summary cards and the Overview, Models, Routing and Analytics tabs', async ({
    page,
    login,
    admin,
    model,
  }) => {
    await openModels(page, login, admin);

    for (const label of SUMMARY_CARDS) await expect(summaryValue(page, label)).toHaveText(/\S/);
    await expect(page.getByRole('button', { name: 'Test Models' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Provider' })).toBeVisible();

    await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Model Performance', exact: true })).toContainText(model.name);
    await expect(page.getByRole('region', { name: 'System Health', exact: true })).toContainText(
      /\d+ of \d+ models? active/,
    );
    await expect(page.getByRole('region', { name: 'Recent Alerts', exact: true })).toBeVisible();

    // The tabs follow the arrow keys, as tabs do.
    await tab(page, 'Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Models')).toHaveAttribute('aria-selected', 'true');
    const row = modelRow(page, model.name);
    await expect(row).toBeVisible();
    for (const column of [
      'Model',
      'Status',
      'Response Time',
      'Cost per 1K Tokens',
      'Accuracy',
      'Usage Share',
      'Requests',
      'Errors',
    ]) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }

    await tab(page, 'Routing').click();
    for (const field of ['Primary model', 'Fallback model', 'Cost-optimized model'])
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Auto-routing' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Configure Limits: / }).first()).toBeVisible();

    await tab(page, 'Analytics').click();
    await expect(page.getByRole('region', { name: 'Cost Breakdown', exact: true })).toContainText(model.name);
    await expect(page.getByRole('region', { name: 'Usage', exact: true })).toContainText('Total requests');
  });

  test('Configure Limits opens the Configure dialog on its Limits tab', async ({ page, login, admin }) => {
    await openModels(page, login, admin);
    await tab(page, 'Routing').click();
    const configureLimits = page.getByRole('button', { name: /^Configure Limits: / }).first();
    const modelName = (await configureLimits.getAttribute('aria-label'))!.replace('Configure Limits: ', '');

    await configureLimits.click();

    const dialog = page.getByRole('dialog', { name: `Configure ${modelName}` });
    await expect(dialog.getByRole('tab', { name: 'Limits', exact: true })).toHaveAttribute('aria-selected', 'true');
    for (const field of ['Daily request limit', 'Monthly budget ($)', 'Max concurrent requests']) {
      await expect(dialog.getByLabel(field, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an administrator changes the routing and a reload shows it', async ({
    page,
    login,
    admin,
    model,
    baseURL,
    adminToken,
    routingBefore,
  }) => {
    await openModels(page, login, admin);
    await tab(page, 'Routing').click();
    const form = page.getByRole('region', { name: 'Routing', exact: true });
    await form.getByLabel('Primary model', { exact: true }).selectOption(model.id);
    const autoRouting = form.getByRole('switch', { name: 'Auto-routing' });
    await autoRouting.click();
    await expect(autoRouting).toHaveAttribute('aria-checked', String(!routingBefore.autoRouting));
    await form.getByRole('button', { name: 'Save Routing' }).click();
    await expect(form.getByRole('status')).toHaveText('Routing saved.');

    await page.reload();
    await waitForHydration(page);
    await tab(page, 'Routing').click();
    await expect(form.getByLabel('Primary model', { exact: true })).toHaveValue(model.id);
    await expect(form.getByRole('switch', { name: 'Auto-routing' })).toHaveAttribute(
      'aria-checked',
      String(!routingBefore.autoRouting),
    );
    expect(await routing(baseURL!, adminToken)).toEqual({
      ...routingBefore,
      primaryModelId: model.id,
      autoRouting: !routingBefore.autoRouting,
    });
  });

  test('Add Provider says why an endpoint that cannot be reached was not added', async ({ page, login, admin }) => {
    await openModels(page, login, admin);
    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Provider' });

    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      'Enter a name for the provider',
    );

    await dialog.getByLabel('Name', { exact: true }).fill('Nothing listening');
    // Port 9 (discard) has nothing listening on a test machine: the server refuses the provider.
    await dialog.getByLabel('Base URL', { exact: true }).fill('http://127.0.0.1:9/v1');
    await dialog.getByRole('button', { name: 'Add Provider' }).click();

    await expect(dialog.getByRole('alert')).toContainText(/^Provider not added: .+/, { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Configure saves only the changed temperature and limit, confirms, and a reload shows them; an out-of-range value is refused', async ({
    page,
    login,
    admin,
    model,
    baseURL,
    adminToken,
  }) => {
    const dailyLimit = 4321;
    // One step of the slider, down unless that would leave the range.
    const step = model.configuration.temperature >= 0.1 ? -0.1 : 0.1;
    const temperature = Math.round((model.configuration.temperature + step) * 10) / 10;
    await openModels(page, login, admin);
    await openConfigure(page, model);

    await dialogTab(page, model, 'Parameters').click();
    await configureDialog(page, model)
      .getByRole('slider', { name: 'Temperature' })
      .press(step < 0 ? 'ArrowLeft' : 'ArrowRight');
    await dialogTab(page, model, 'Limits').click();
    await configureDialog(page, model).getByLabel('Daily request limit').fill(String(dailyLimit));

    const saving = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/models'),
    );
    await configureDialog(page, model).getByRole('button', { name: 'Save Changes' }).click();
    const sent = new URLSearchParams((await saving).postData() ?? '');
    expect(JSON.parse(sent.get('update') ?? 'null')).toEqual({
      configuration: { temperature },
      limits: { dailyRequests: dailyLimit },
    });
    await expect(toastRegion(page).getByText('Model updated successfully')).toBeVisible();
    await expect(configureDialog(page, model)).toBeHidden();
    await dismissToast(page, 'Model updated successfully');

    await page.reload();
    await waitForHydration(page);
    await openConfigure(page, model);
    await dialogTab(page, model, 'Parameters').click();
    await expect(configureDialog(page, model).getByRole('slider', { name: 'Temperature' })).toHaveValue(
      String(temperature),
    );
    await dialogTab(page, model, 'Limits').click();
    await expect(configureDialog(page, model).getByLabel('Daily request limit')).toHaveValue(String(dailyLimit));

    // Out of range: refused in the dialog, with the bound, and nothing is sent.
    let sentAgain = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/models')) sentAgain = true;
    });
    await dialogTab(page, model, 'Parameters').click();
    const maxTokens = configureDialog(page, model).getByLabel('Max tokens');
    await maxTokens.fill('9000');
    await configureDialog(page, model).getByRole('button', { name: 'Save Changes' }).click();
    await expect(maxTokens).toHaveAccessibleDescription(/Max tokens must be a whole number from 1 to 8192/);
    await expect(maxTokens).toHaveAttribute('aria-invalid', 'true');
    await expect(configureDialog(page, model)).toBeVisible();
    await configureDialog(page, model).getByRole('button', { name: 'Cancel' }).click();
    await expect(configureDialog(page, model)).toBeHidden();
    expect(sentAgain).toBe(false);

    const stored = await findModel(baseURL!, adminToken, model.id);
    expect(stored.configuration).toMatchObject({ temperature, maxTokens: model.configuration.maxTokens });
    expect(stored.limits.dailyRequests).toBe(dailyLimit);
  });

  test('Test Models tests the model for real and reports its response time, or why a test failed', async ({
    page,
    login,
    admin,
    model,
    baseURL,
    adminToken,
  }) => {
    const keyless = await modelWithoutKey(baseURL!, adminToken);
    await openModels(page, login, admin);
    await page.getByRole('button', { name: 'Test Models' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Models' });
    await expect(dialog.getByRole('button', { name: 'Test All Models' })).toBeVisible();

    await dialog.getByRole('button', { name: `Test ${model.name}`, exact: true }).click();

    await expect(toastRegion(page).getByText(/^Model test successful \(\d+ms\)$/)).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('status', { name: `${model.name} test result` })).toHaveText(/^Passed in \d+ ms$/);

    await dialog.getByRole('button', { name: `Test ${keyless.name}`, exact: true }).click();
    await expect(
      toastRegion(page).getByText(
        `Model test failed: Set an API key for ${keyless.providerName} before testing its models`,
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('status', { name: `${keyless.name} test result` })).toHaveText(
      /^Failed: Set an API key/,
    );

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  });

  test("Refresh models lists the provider's models from its endpoint again", async ({
    page,
    login,
    admin,
    baseURL,
    adminToken,
  }) => {
    let served = ['lab-small'];
    const endpoint = await startFakeProviderServer((request, response) =>
      request.url === '/v1/models'
        ? sendJson(response, 200, { object: 'list', data: served.map((id) => ({ id, object: 'model' })) })
        : sendJson(response, 404, { error: { message: 'Not found' } }),
    );
    const { provider, models } = await addProvider(baseURL!, adminToken, {
      name: 'Refresh Lab',
      baseURL: `${endpoint.url}/v1`,
    });
    try {
      served = ['lab-small', 'lab-large'];
      await openModels(page, login, admin);
      await openConfigure(page, models[0]!);
      await configureDialog(page, models[0]!).getByRole('button', { name: 'Refresh models' }).click();

      await expect(toastRegion(page).getByText('Models refreshed: 2')).toBeVisible();
      await configureDialog(page, models[0]!).getByRole('button', { name: 'Cancel' }).click();
      await expect(modelRow(page, 'lab-large')).toBeVisible();
    } finally {
      await removeProvider(baseURL!, adminToken, provider.id);
      await endpoint.close();
    }
  });

  test("Save shows the server's refusal in the dialog and in a toast", async ({
    page,
    login,
    admin,
    baseURL,
    adminToken,
  }) => {
    const keyless = await modelWithoutKey(baseURL!, adminToken);
    await openModels(page, login, admin);
    await openConfigure(page, keyless);
    // Longer than any key the server keeps (1000 characters): refused there, not in the page.
    await configureDialog(page, keyless).getByLabel('API key', { exact: true }).fill('k'.repeat(1001));
    await configureDialog(page, keyless).getByRole('button', { name: 'Save Changes' }).click();

    const refusal = 'Update failed: apiKey must be at most 1000 characters';
    await expect(configureDialog(page, keyless).getByRole('alert')).toHaveText(refusal);
    await expect(toastRegion(page).getByText(refusal)).toBeVisible();
    await configureDialog(page, keyless).getByRole('button', { name: 'Cancel' }).click();
    expect((await findModel(baseURL!, adminToken, keyless.id)).apiKey).toBeNull();
  });

  test('requests through the model move its figures and the stats on the next poll', async ({
    page,
    login,
    admin,
    model,
    baseURL,
    adminToken,
  }) => {
    const calls = 3;
    await page.clock.install();
    await openModels(page, login, admin);
    await tab(page, 'Models').click();
    const before = await modelStats(baseURL!, adminToken);
    const requestsCell = modelRow(page, model.name).getByRole('cell').nth(5);
    const modelRequestsBefore = (await findModel(baseURL!, adminToken, model.id)).requests;

    for (let call = 0; call < calls; call += 1)
      await chatThroughGateway(baseURL!, admin.accessToken, model.id, 'Who logs every passing ship?');

    // The page's own 30 s poll, brought forward: no reload.
    await expect(async () => {
      await page.clock.fastForward(MODELS_POLL_INTERVAL_MS);
      await expect(summaryValue(page, 'Total Requests')).toHaveText(
        (before.totalRequests + calls).toLocaleString('en'),
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(requestsCell).toHaveText((modelRequestsBefore + calls).toLocaleString('en'));
    await expect(summaryValue(page, 'Average Response Time')).not.toHaveText('—');
  });

  test('a read-only user sees the figures but nothing to configure, test or add', async ({
    page,
    login,
    account,
    baseURL,
    adminToken,
    model,
  }) => {
    await changeRole(baseURL!, adminToken, account.id, 'readonly');
    await openModels(page, login, account);

    for (const label of SUMMARY_CARDS) await expect(summaryValue(page, label)).toHaveText(/\S/);
    await expect(page.getByRole('button', { name: 'Add Provider' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Test Models' })).toHaveCount(0);

    await tab(page, 'Models').click();
    await expect(modelRow(page, model.name)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Configure/ })).toHaveCount(0);

    await tab(page, 'Routing').click();
    const routing = page.getByRole('region', { name: 'Routing', exact: true });
    await expect(routing).toContainText('Primary model');
    await expect(routing.getByRole('combobox')).toHaveCount(0);
    await expect(routing.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save|Configure Limits/ })).toHaveCount(0);
  });

  test('the demo administrator sees the figures and may test models, but has nothing to configure or add', async ({
    page,
    model,
  }) => {
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Try the demo account' }).click();
    await expect(userMenuButton(page, DEMO_ADMINISTRATOR)).toBeVisible({ timeout: 15_000 });
    await page.goto('/models');
    await waitForHydration(page);

    await expect(page.getByRole('button', { name: 'Test Models' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Provider' })).toHaveCount(0);
    await tab(page, 'Models').click();
    await expect(modelRow(page, model.name)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Configure/ })).toHaveCount(0);

    await logOut(page, DEMO_ADMINISTRATOR);
  });

  test('the page, each tab and the Configure dialog have no serious or critical axe violations', async ({
    page,
    login,
    admin,
    model,
  }) => {
    // Nine full-page analyses take about thirty seconds on two cores.
    test.setTimeout(90_000);
    await openModels(page, login, admin);
    for (const name of ['Overview', 'Models', 'Routing', 'Analytics']) {
      await tab(page, name).click();
      expect(await seriousViolations(page), `the ${name} tab`).toEqual([]);
    }
    await openConfigure(page, model);
    for (const name of ['General', 'Parameters', 'Limits']) {
      await dialogTab(page, model, name).click();
      expect(await seriousViolations(page), `the Configure dialog's ${name} tab`).toEqual([]);
    }
    await configureDialog(page, model).getByRole('button', { name: 'Cancel' }).click();

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
    for (const name of ['Overview', 'Models']) {
      await tab(page, name).click();
      expect(await seriousViolations(page), `the ${name} tab in the dark theme`).toEqual([]);
    }
  });
});
