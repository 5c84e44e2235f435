import { expect, test } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

// The download page shows a store rating only where the merchant states one: no invented 5.0.
const PORT = process.env.E2E_PORT ?? 18080;
const on = (merchant: string, path: string) =>
  `http://${merchant === 'aurora' ? 'localhost' : `${merchant}.localhost`}:${PORT}${path}`;

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
});

for (const merchant of ['aurora', 'lotus']) {
  test(`${merchant}: no rating without the merchant's statement`, async ({ page }) => {
    await page.goto(on(merchant, '/m/download'));
    await expect(page.getByTestId('download-primary')).toBeVisible();
    await expect(page.getByTestId('download-rating')).toHaveCount(0);
    await expect(page.getByText('5.0')).toHaveCount(0);
    await expect(page.getByText(/★/)).toHaveCount(0);
  });
}

test('aurora: the stated store rating, with its count and store', async ({ page }) => {
  // The server renders the page with its data: the merchant's statement is put into that answer.
  await page.route(
    (url) => url.pathname === '/m/download',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('"store_rating":null');
      const stated = '"store_rating":{"value":4.6,"count":1250,"store":"Google Play"}';
      await route.fulfill({ response, body: html.replace('"store_rating":null', stated) });
    },
  );
  await page.goto(on('aurora', '/m/download'));
  const rating = page.getByTestId('download-rating');
  await expect(rating).toBeVisible();
  await expect(rating.getByRole('img', { name: 'Rated 4.6 out of 5' })).toHaveText('★★★★★');
  await expect(rating).toContainText('1,250 ratings');
  await expect(rating).toContainText('Google Play');
});
