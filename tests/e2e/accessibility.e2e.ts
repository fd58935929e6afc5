import {
  expect,
  notificationBell,
  notificationPanel,
  test,
  themeToggle,
  toastRegion,
  waitForHydration,
} from './fixtures.js';
import { seriousViolations } from './support/axe.js';

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
    // Checked with the welcome toast shown, which comes two seconds after start.
    await expect(toastRegion(page).getByText('Welcome to Docent', { exact: true })).toBeVisible();

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
    await expect(toastRegion(page).getByText('Welcome to Docent', { exact: true })).toBeVisible();
    await notificationBell(page).click();
    await expect(notificationPanel(page)).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
  });
});
