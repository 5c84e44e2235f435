import { expect, test } from '@playwright/test';
import { appStarted, skipLobbyPopup } from './helpers.js';

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test('a link tapped while offline shows a retry state, and the screen once the network returns', async ({
  page,
  context,
}) => {
  await page.goto('/m/home');
  await appStarted(page);

  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Log in' })
    .click();
  // Not a blank page: the layout stays, with a translated message and Retry.
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.locator('.bottom-nav')).toBeVisible();

  // Back online: the screen loads by itself, no tap needed.
  await context.setOffline(false);
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await expect(failed).toBeHidden();
});

test('Retry while still offline keeps the retry state', async ({ page, context }) => {
  await page.goto('/m/home');
  await appStarted(page);
  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Games' })
    .click();
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toBeVisible();
  await context.setOffline(false);
  await expect(failed).toBeHidden();
});

test('offline: the notice sits above the customer-service button, which stays tappable', async ({
  page,
  context,
}) => {
  await page.goto('/m/game');
  await appStarted(page);
  const chat = page.locator('a.cs-floating');
  await expect(chat).toBeVisible();
  await context.setOffline(true);
  const notice = page.getByText('No network connection.', { exact: false });
  await expect(notice).toBeVisible();
  const [noticeBox, chatBox] = [await notice.boundingBox(), await chat.boundingBox()];
  if (noticeBox === null || chatBox === null) throw new Error('not laid out');
  const overlaps =
    noticeBox.x < chatBox.x + chatBox.width &&
    chatBox.x < noticeBox.x + noticeBox.width &&
    noticeBox.y < chatBox.y + chatBox.height &&
    chatBox.y < noticeBox.y + noticeBox.height;
  expect(overlaps).toBe(false);
  // What a tap on the button's centre hits is the button.
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a.cs-floating') != null,
    { x: chatBox.x + chatBox.width / 2, y: chatBox.y + chatBox.height / 2 },
  );
  expect(hit).toBe(true);
  await context.setOffline(false);
});

test('Promotions that failed to load offer Retry, which loads them once the network is back', async ({
  page,
}) => {
  await page.goto('/m/home');
  await appStarted(page);
  // The promotions' data fails as on a dropped network (the screen's code still loads).
  await page.route('**/wps/relay/MCSFE_getListAnnouncements**', (route) =>
    route.abort('internetdisconnected'),
  );
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  const failed = page.getByRole('alert').filter({ hasText: 'Promotions could not be loaded.' });
  await expect(failed).toBeVisible();
  await page.unroute('**/wps/relay/MCSFE_getListAnnouncements**');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('activity-list')).toBeVisible();
  await expect(failed).toBeHidden();
});
