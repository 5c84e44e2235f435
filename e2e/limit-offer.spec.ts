import { expect, test, type Page } from '@playwright/test';
import { attestAdult, screenSettled, skipLobbyPopup, solveSlider } from './helpers.js';

/**
 * The offer to set a deposit limit (issue 29 item 1), once, where each merchant's profile makes it:
 * aurora (PAGCOR-like) right after registration, on the lobby; lotus (MGA-like) on the deposit page
 * before the first deposit (below the form). Phone-sized screenshots (English and Arabic) in `reports/limit-offer/`.
 */

const SHOTS = 'reports/limit-offer';
const port = Number(process.env.E2E_PORT ?? 18080);
const PASSWORD = 'Offer-2026';

test.use({ viewport: { width: 390, height: 844 } });

async function register(page: Page, host: string): Promise<void> {
  await page.goto(`http://${host}:${port}/m/register`);
  const username = `lo${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await attestAdult(page);
  if ((await page.locator('.captcha-board').count()) > 0) await solveSlider(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
}

const offer = (page: Page) => page.getByRole('region', { name: 'Set a deposit limit' });

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
  await context.addInitScript(() => {
    if (window.localStorage.getItem('wps.language') === null)
      window.localStorage.setItem('wps.language', 'EN');
  });
});

test('aurora: the offer comes on the lobby after registration; Not now ends it for good', async ({
  page,
}) => {
  await register(page, 'localhost');
  await expect(offer(page)).toBeVisible();
  await screenSettled(page);
  await page.screenshot({ path: `${SHOTS}/aurora-lobby.png` });
  await offer(page).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(page)).toBeHidden();
  // Answered once: neither the lobby nor the deposit page offers it again.
  await page.reload();
  await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
  await page.goto(`http://localhost:${port}/m/deposit`);
  await expect(page.getByRole('heading', { name: 'Deposit', exact: true })).toBeVisible();
  await expect(offer(page)).toBeHidden();
});

test('lotus: not on the lobby; on the deposit page, a 7-day limit set through it shows on the limits page', async ({
  page,
}) => {
  await register(page, 'lotus.localhost');
  await page.goto(`http://lotus.localhost:${port}/m/deposit`);
  await expect(offer(page)).toBeVisible();
  await page.goto(`http://lotus.localhost:${port}/m/home`);
  await expect(page.locator('.shell-brand')).toBeVisible();
  await expect(offer(page)).toBeHidden();

  await page.goto(`http://lotus.localhost:${port}/m/deposit`);
  const card = offer(page);
  await card.getByRole('button', { name: '7 days' }).click();
  await card.getByRole('button', { name: 'Set a limit' }).click();
  await expect(card.getByRole('alert')).toHaveText('Enter an amount.');
  await card.getByLabel('Deposit limit · VND').fill('500000');
  await screenSettled(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lotus-deposit.png` });
  await card.getByRole('button', { name: 'Set a limit' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText('Your deposit limit is set.')).toBeVisible();

  await page.goto(`http://lotus.localhost:${port}/m/responsible-gaming`);
  await expect(page.getByTestId('rg-limit-deposit_week')).toContainText('500,000 ₫');
  await page.goto(`http://lotus.localhost:${port}/m/deposit`);
  await expect(page.getByRole('heading', { name: 'Deposit', exact: true })).toBeVisible();
  await expect(offer(page)).toBeHidden();
});

test('lotus in Arabic: the offer reads right to left', async ({ page, context }) => {
  await register(page, 'lotus.localhost');
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'AR'));
  await page.goto(`http://lotus.localhost:${port}/m/deposit`);
  const card = page.getByRole('region', { name: 'حدّد سقفًا للإيداع' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'ليس الآن' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenSettled(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lotus-deposit-ar.png` });
});
