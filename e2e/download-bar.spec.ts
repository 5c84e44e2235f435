import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, skipLobbyPopup } from './helpers.js';

// Lotus shows the download bar to logged-in members (apps/server/src/seed/merchants.ts).
const lotus = (path: string) => `http://lotus.localhost:${process.env.E2E_PORT ?? 18080}${path}`;
const STEP = { timeout: 10_000 };

/** Pages through the popup announcement (every page must be seen), then closes it once its wait is over. */
async function readForcedLobbyPopup(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await expect(popup).toBeVisible(STEP);
  const pages = await popup.getByRole('button', { name: /^Slide \d+$/ }).count();
  for (let seen = 1; seen < pages; seen += 1) await popup.getByRole('button', { name: 'Next slide' }).click();
  const close = popup.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeEnabled(STEP);
  await close.click();
  await expect(popup).toHaveCount(0);
}

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
});

test('the download bar: login required, closed for the session, and closing shows the app window', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const bar = page.getByRole('complementary', { name: 'Get the app' });
  const extrasMounted = () => expect(page.locator('#pwa-top')).toBeAttached(STEP);

  await page.goto(lotus('/m/login'));
  await extrasMounted();
  // Logged out: the merchant requires a login for the bar.
  await expect(bar).toHaveCount(0);

  await page.getByLabel('Username', { exact: true }).fill('demo', STEP);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD, STEP);
  await page.getByRole('button', { name: 'Log in', exact: true }).click(STEP);
  await expect(page).toHaveURL(/\/m\/home$/, { timeout: 20_000 });
  // Lotus forces its popup announcement on every visit of the home: read it and close it first.
  await readForcedLobbyPopup(page);
  await expect(bar).toBeVisible(STEP);
  await expect(bar).toHaveAttribute('data-group', 'm_top');

  // The bar sits above the sticky header at the very top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('button', { name: 'Close' }).click(STEP);
  await expect(bar).toHaveCount(0, STEP);
  // The app window: the download popup, a bottom sheet shown after 1 s.
  const popup = page.getByRole('dialog', { name: 'Add to home screen' });
  await expect(popup).toBeVisible(STEP);
  await expect(popup.getByRole('button', { name: 'Agree' })).toBeVisible();
  await popup.getByRole('button', { name: 'Cancel' }).click(STEP);
  await expect(popup).toHaveCount(0, STEP);

  // hideDownloadBar=1 for the rest of the session.
  expect(await page.evaluate(() => window.sessionStorage.getItem('wps.hideDownloadBar'))).toBe('1');
  await page.goto(lotus('/m/home'));
  await extrasMounted();
  await expect(page.getByRole('link', { name: 'Me', exact: true })).toBeVisible(STEP);
  await expect(bar).toHaveCount(0);
});
