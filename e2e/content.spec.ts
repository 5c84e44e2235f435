import { devices, expect, test } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

// Promotions, promo codes and the download page (issue 15 items 6 and 8), on the phone profile
// (Pixel 7, an Android browser). Aurora's demo data: apps/server/src/seed/lobby/ and merchants.ts.

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
  await context.addInitScript(() => {
    if (window.localStorage.getItem('wps.language') === null)
      window.localStorage.setItem('wps.language', 'EN');
  });
});

test('a promotion reached from the bottom navigation, by its category', async ({ page }) => {
  await page.goto('/m/home');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(page).toHaveURL(/\/m\/activity$/);
  await expect(page.getByRole('heading', { name: 'Current promotions', level: 1 })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Promotion categories' });
  await expect(tabs.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Bonuses' }).click();
  await expect(page).toHaveURL(/\/m\/activity\?category=bonus$/);
  const list = page.getByTestId('activity-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // Each promotion links its own terms (issue 29): this one has a terms section of its own.
  await expect(list.getByRole('link', { name: 'Terms apply' })).toHaveAttribute(
    'href',
    /\/m\/activity\?id=.+#promotion-terms$/,
  );
  await list.getByRole('link', { name: 'Welcome bonus' }).click();

  const detail = page.getByTestId('activity-detail');
  await expect(detail.getByRole('heading', { name: 'Welcome bonus', level: 1 })).toBeVisible();
  await expect(detail.locator('strong', { hasText: 'first deposit' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await expect(detail.getByRole('link', { name: 'General terms and conditions' })).toHaveAttribute(
    'href',
    '/m/legal/terms',
  );
  // A visitor is offered the login for the promo code.
  await expect(detail.getByRole('link', { name: 'Log in to claim a promo code' })).toBeVisible();
});

test('a member claims a promo code once; the second attempt is refused in the member’s language', async ({
  page,
}) => {
  await page.goto('/m/login');
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home$/, { timeout: 20_000 });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await page.getByTestId('activity-list').getByRole('link', { name: 'Welcome bonus' }).click();

  const box = page.getByRole('region', { name: 'Promo code' });
  await box.getByRole('textbox', { name: 'Promo code' }).fill(' welcome88 ');
  await box.getByRole('button', { name: 'Claim' }).click();
  await expect(box.getByRole('status')).toHaveText('Promo code WELCOME88 claimed.');

  // The same member in Chinese: the promotion in the merchant's translation, the refusal translated.
  await page.evaluate(() => window.localStorage.setItem('wps.language', 'CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '迎新奖金', level: 1 })).toBeVisible();
  const again = page.getByRole('region', { name: '优惠码' });
  await again.getByRole('textbox', { name: '优惠码' }).fill('WELCOME88');
  await again.getByRole('button', { name: '领取' }).click();
  await expect(again.getByRole('alert')).toHaveText('您已领取过此优惠码。');
});

test('the download page offers the button of the visitor’s platform', async ({ page, browser }) => {
  // Pixel 7: Android.
  await page.goto('/m/download');
  const primary = page.getByTestId('download-primary');
  await expect(primary).toHaveText('Download for Android');
  await expect(primary).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
  // No store rating is stated for aurora: none is shown (never an invented 5.0).
  await expect(page.getByLabel(/^Rated .* out of 5/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'App news' })).toBeVisible();
  await expect(page.getByText('Install the Aurora Play app and receive ₱88')).toBeVisible();
  await expect(page.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);

  // An iPhone: the App Store link.
  const iphone = await browser.newContext({ ...devices['iPhone 13'], serviceWorkers: 'block' });
  try {
    const phonePage = await iphone.newPage();
    await phonePage.goto(new URL('/m/app', page.url()).href);
    await expect(phonePage.getByTestId('download-primary')).toHaveText('Download for iPhone');
    await expect(phonePage.getByTestId('download-primary')).toHaveAttribute(
      'href',
      /^https:\/\/apps\.apple\.com\//,
    );
  } finally {
    await iphone.close();
  }
});
