import { expect, test } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

// The feedback form (issue 15): members only (home without a session), messages under the fields,
// stored by the server and acknowledged.

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// A phone's screenshot is 100–500 KB; the server once refused any image over about 47 KB.
const PHONE_SCREENSHOT = Buffer.concat([PNG_1PX, Buffer.alloc(300 * 1024, 7)]);

test.describe('feedback', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('a visitor is sent home', async ({ page }) => {
    await page.goto('/m/feedback');
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('a member sends feedback with a phone-sized screenshot and gets a receipt', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByRole('link', { name: 'Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByLabel('Category')).toHaveAccessibleDescription('This field is required.');

    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'notes.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'shot.png',
      mimeType: 'image/png',
      buffer: PHONE_SCREENSHOT,
    });
    await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeHidden();

    await page.getByLabel('Category').selectOption('problem');
    await page.getByLabel('Your feedback').fill('The results page does not refresh after a draw.');
    const sent = page.waitForResponse((response) => response.url().includes('/wps/member/feedback'));
    await page.getByRole('button', { name: 'Send feedback' }).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByText(/Your feedback \(no\. \d+\) has been received\./)).toBeVisible();
  });
});
