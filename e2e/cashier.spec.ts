import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn, skipLobbyPopup } from './helpers.js';

/**
 * The cashier on a phone (issue 28): the balance in the header, a deposit on lotus by VietQR (the QR
 * code shown while it waits), and on aurora through DemoPay's hosted page (the "e-wallet" method
 * redirects there): Pay → back on /m/deposit the payment turns to success and the header's balance
 * follows within a second (the event stream) → the history lists the deposit. Fresh data per run:
 * the demo members start with nothing.
 */

const port = Number(process.env.E2E_PORT ?? 18080);

async function inEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
  await skipLobbyPopup(context);
}

async function depositPage(page: Page): Promise<void> {
  await page.getByTestId('header-balance').click();
  await expect(page).toHaveURL(/\/m\/deposit$/);
  await expect(page.getByRole('heading', { name: 'Deposit', level: 1 })).toBeVisible();
}

test.describe('cashier', () => {
  test('lotus: balance 0 ₫ in the header → VietQR deposit of 200,000 ₫ shows its QR code', async ({
    page,
    context,
  }) => {
    await inEnglish(context);
    // Signed out, the deposit page sends to the login and back.
    await page.goto(`http://lotus.localhost:${port}/m/deposit`);
    await expect(page).toHaveURL(/\/m\/login\?go=%2Fm%2Fdeposit/);
    // Lotus asks no captcha before a login.
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/deposit$/);
    await expect(page.getByTestId('header-balance')).toHaveText('0 ₫');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Me', exact: true })
      .click();
    await expect(page.getByTestId('member-balance')).toContainText('0 ₫');
    await depositPage(page);

    await expect(page.getByRole('radio', { name: /VietQR/ })).toBeChecked();
    // A hostile amount is refused on the spot, in words.
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('1e6');
    await amount.blur();
    await expect(page.getByText('Enter digits only')).toBeVisible();
    await amount.fill('10000');
    await expect(page.getByText('The smallest deposit is 50,000 ₫.')).toBeVisible();
    await page.getByRole('button', { name: '200,000 ₫' }).click();
    await expect(amount).toHaveValue('200000');
    await page.getByRole('button', { name: 'Deposit now' }).click();

    await expect(page).toHaveURL(/\/m\/deposit\?payment=[\w-]+$/);
    await expect(page.getByTestId('deposit-state')).toHaveText('Waiting for your payment…');
    await expect(page.getByTestId('deposit-payment-amount')).toHaveText('200,000 ₫');
    await expect(page.getByRole('img', { name: 'Payment QR code' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('0 ₫');
  });

  test('aurora: e-wallet → DemoPay page → Pay → success, header balance within a second → history', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await inEnglish(context);
    await page.goto('/m/login?go=%2Fm%2Fdeposit');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/deposit$/);
    await expect(page.getByTestId('header-balance')).toHaveText('₱0.00');

    await page.getByText('E-wallet (DemoPay)').click();
    await page.getByLabel('Amount', { exact: true }).fill('500');
    await page.getByRole('button', { name: 'Deposit now' }).click();

    // The provider's hosted page (the local stand-in), then back.
    await expect(page).toHaveURL(/\/stand-ins\/demopay\/pay\/[\w-]+$/);
    await page.getByRole('button', { name: 'Pay 500.00 PHP' }).click();
    await expect(page).toHaveURL(/\/m\/deposit\?payment=[\w-]+$/);
    await expect(page.getByTestId('deposit-state')).toHaveText('Payment received. Your balance is updated.');
    await expect(page.getByTestId('header-balance')).toHaveText('₱500.00', { timeout: 1_000 });

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Me', exact: true })
      .click();
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await expect(page).toHaveURL(/\/m\/transactions$/);
    const entry = page.getByTestId('history-entry').first();
    await expect(entry).toContainText('Deposit');
    await expect(entry).toContainText('+₱500.00');
    await expect(entry).toContainText('Completed');
    // The kind filter: no withdrawals yet.
    await page.getByTestId('history-kind-withdrawal').click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
  });
});
