import type { Page } from '@playwright/test';
import { expect, notificationBell, notificationPanel, test } from './fixtures.js';

const WELCOME = 'Welcome to Docent';

/** The unread count the bell announces ('Notifications, 2 unread'; 'none unread' is 0). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await notificationBell(page).getAttribute('aria-label')) ?? '';
  return Number(/Notifications, (\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Signs in and waits for the welcome notification, which arrives 2 s after the app starts. */
async function signInAndAwaitWelcome(page: Page, login: () => Promise<void>): Promise<void> {
  await login();
  await notificationBell(page).click();
  await expect(notificationPanel(page).getByRole('listitem').filter({ hasText: WELCOME })).toBeVisible({
    timeout: 10_000,
  });
}

test.describe('notifications', () => {
  test('the badge counts unread notifications; an item can be marked read and deleted', async ({ page, login }) => {
    await signInAndAwaitWelcome(page, login);
    const panel = notificationPanel(page);
    const items = panel.getByRole('listitem');
    const welcome = items.filter({ hasText: WELCOME });
    const badge = page.getByTestId('notification-badge');

    const unread = await unreadCount(page);
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect(badge).toHaveText(String(unread));
    await expect(panel.getByRole('tab', { name: /^Unread/ })).toHaveAccessibleName(`Unread (${unread})`);
    await expect(welcome).toContainText('Unread');

    await panel.getByRole('button', { name: `Mark as read: ${WELCOME}` }).click();

    await expect(notificationBell(page)).toHaveAccessibleName(
      unread === 1 ? 'Notifications, none unread' : `Notifications, ${unread - 1} unread`,
    );
    await expect(welcome.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    await panel.getByRole('tab', { name: /^Unread/ }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: WELCOME })).toHaveCount(0);
    await panel.getByRole('tab', { name: 'All' }).click();
    const total = await items.count();

    await panel.getByRole('button', { name: `Delete: ${WELCOME}` }).click();

    await expect(items.filter({ hasText: WELCOME })).toHaveCount(0);
    await expect(items).toHaveCount(total - 1);
  });

  test('Mark all read empties the Unread tab and the badge; Clear all empties the list', async ({ page, login }) => {
    await signInAndAwaitWelcome(page, login);
    const panel = notificationPanel(page);
    const badge = page.getByTestId('notification-badge');
    await expect(badge).toBeVisible();

    await panel.getByRole('button', { name: 'Mark all read' }).click();

    await expect(notificationBell(page)).toHaveAccessibleName('Notifications, none unread');
    await expect(badge).toHaveCount(0);
    await expect(panel.getByRole('listitem').filter({ hasText: WELCOME })).toBeVisible();
    await panel.getByRole('tab', { name: 'Unread' }).click();
    await expect(panel.getByRole('tabpanel')).toHaveText('All caught up!');

    await panel.getByRole('tab', { name: 'All' }).click();
    await panel.getByRole('button', { name: 'Clear all' }).click();

    await expect(panel.getByRole('tabpanel')).toHaveText('No notifications');
    await expect(panel.getByRole('listitem')).toHaveCount(0);
  });
});
