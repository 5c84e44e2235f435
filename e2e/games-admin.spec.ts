import { expect, test } from '@playwright/test';
import { staffPage } from './helpers.js';

/**
 * The back office's Games section (issue 30 item 6) in the browser, on a phone: each merchant's
 * marketing account sees its categories, vendors and games; on aurora it moves a category with the
 * keyboard, marks a game hot and tags a vendor in maintenance, and the member lobby shows it on the
 * next visit, without a restart.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const PHONE = { width: 390, height: 844 };
const SAVED = 'Saved. Members see it on their next visit to the lobby.';

for (const merchant of ['lotus', 'orbit']) {
  test(`${merchant}: marketing sees the merchant's games in the lobby's order`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await staffPage(browser, merchant, `${merchant}-marketing`, '/staff/games');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Games' }).click();
    await expect(page.getByRole('list', { name: 'Category order' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vendors', exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/games-admin-${merchant}-phone.png`, fullPage: true });
    await page.context().close();
  });
}

test('aurora: a new category order, a hot game and a maintenance tag reach the member lobby', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await staffPage(browser, 'aurora', 'aurora-marketing', '/staff/games');
  const categories = page.getByRole('list', { name: 'Category order' });
  await expect(categories.getByRole('listitem').first()).toContainText('Lottery');
  // Keyboard only: focus the button, press Enter.
  await categories.getByRole('button', { name: 'Move Slots up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await categories.getByRole('button', { name: 'Move Slots up' }).focus();
  await page.keyboard.press('Enter');
  await expect(categories.getByRole('listitem').first()).toContainText('Slots');
  await expect(categories.getByRole('listitem').nth(1)).toContainText('Lottery');

  const contents = page.getByRole('region', { name: 'Vendors and games of a category' });
  await contents.getByLabel('Category').selectOption({ label: 'Slots' });
  const games = contents.getByRole('list', { name: 'Game order' });
  const firstGame = games.getByRole('listitem').first();
  const hotBox = firstGame.getByRole('checkbox', { name: /^Hot / });
  if (!(await hotBox.isChecked())) await hotBox.click();
  await expect(firstGame.getByText(/^Hot #\d+$/)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Maintenance Moonspin' }).click();
  await expect(page.getByRole('checkbox', { name: 'Maintenance Moonspin' })).toBeChecked();
  await page.screenshot({ path: 'test-results/games-admin-aurora-phone.png', fullPage: true });
  // What the phone shows first, and the vendor cards with the tag set (the full page is long).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/games-admin-aurora-top-phone.png' });
  await page.getByRole('checkbox', { name: 'Maintenance Moonspin' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/games-admin-aurora-vendors-phone.png' });

  const member = await (await browser.newContext({ viewport: PHONE })).newPage();
  await member.goto(`http://aurora.localhost:${port}/m/home`);
  await member.waitForLoadState('networkidle');
  const popup = member.getByRole('dialog', { name: 'Announcement' });
  if (await popup.isVisible())
    await popup
      .getByRole('button', { name: 'Close', exact: true })
      .click()
      .catch(() => {});
  await member.screenshot({ path: 'test-results/games-admin-lobby-aurora-phone.png', fullPage: true });
  await member.goto(`http://aurora.localhost:${port}/m/game?lang=AR`);
  await member.waitForLoadState('networkidle');
  await member.screenshot({ path: 'test-results/games-admin-lobby-aurora-ar-phone.png', fullPage: true });
  await member.context().close();

  // Put the order back for the other specs sharing this database.
  await categories.getByRole('button', { name: 'Move Lottery up' }).click();
  await expect(categories.getByRole('listitem').first()).toContainText('Lottery');
  await page.getByRole('checkbox', { name: 'Maintenance Moonspin' }).click();
  await expect(page.getByRole('checkbox', { name: 'Maintenance Moonspin' })).not.toBeChecked();
  await page.context().close();
});
