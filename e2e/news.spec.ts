import { expect, test } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

// News (issue 15): the merchant's announcements, a list and each one on its own page.

test('a visitor reads the news list and opens one', async ({ page, context }) => {
  await skipLobbyPopup(context);
  await page.goto('/m/news');
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  const first = page.getByTestId('news-list').getByRole('link').first();
  await expect(first).toBeVisible();
  const title = (await first.locator('.news-card-title').textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/m\/news\?id=\d+/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'All news' }).click();
  await expect(page.getByTestId('news-list')).toBeVisible();
});
