import { expect, test, themeToggle, waitForHydration } from './fixtures.js';

const backgroundOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the chosen theme survives a reload, rendered by the server without a flash', async ({ page, login }) => {
  await login();
  await waitForHydration(page);
  const toggle = themeToggle(page);
  await expect(toggle).toHaveAccessibleName('Switch to dark theme');
  const lightBackground = await backgroundOf(page);

  await toggle.click();

  await expect(toggle).toHaveAccessibleName('Switch to light theme');
  await expect.poll(() => backgroundOf(page)).not.toBe(lightBackground);
  const darkBackground = await backgroundOf(page);

  // The server's own HTML already has the dark theme: no light page first, then a switch.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('aria-label="Switch to light theme"');

  await page.reload();

  await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
  expect(await backgroundOf(page)).toBe(darkBackground);
});
