import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, notificationBell, notificationPanel, test, themeToggle, waitForHydration } from './fixtures.js';

/** Every serious or critical axe violation on the page, one readable line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id} (${violation.help}): ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

test.describe('accessibility (axe)', () => {
  for (const path of ['/login', '/register']) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);

      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the shell, signed in, has no serious or critical violations', async ({ page, login }) => {
    await login();
    await waitForHydration(page);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shell in the dark theme, with the notifications panel open, has no serious or critical violations', async ({
    page,
    login,
  }) => {
    await login();
    await waitForHydration(page);
    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
    await notificationBell(page).click();
    await expect(notificationPanel(page)).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
  });
});
