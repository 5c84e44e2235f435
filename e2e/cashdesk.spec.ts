import { expect, test, type Browser, type Page } from '@playwright/test';
import { appStarted, attestAdult, solveSlider, totp } from './helpers.js';

/**
 * The back office's second approver (issue 30, "Browser": a cashier approves a withdrawal that needs
 * a second approver), on aurora (PHP), whose threshold is 20,000 ₱ and which has two staff who review
 * withdrawals: a member deposits 30,000 ₱ and asks for 25,000 ₱ → Kim (aurora-cashier) approves: the
 * approval is recorded and the withdrawal waits; Kim's second click is refused in words → Sam
 * (aurora-lead) approves → paid → the member's history shows it completed.
 */

const port = Number(process.env.E2E_PORT ?? 18080);
const aurora = (path: string) => `http://localhost:${port}${path}`;
const PASSWORD = 'Cashdesk-2026';
const STAFF_PASSWORD = 'Staff-Demo-2026';
const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';
const SHOTS = 'reports/cashdesk';

/** A staff member signed in at /staff/ on a desk-sized window, on the Cashier section. */
async function staffDesk(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const staff = await context.newPage();
  await staff.goto(aurora('/staff/'));
  await staff.getByLabel('User name').fill(username);
  await staff.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await staff.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Cashier' }).click();
  return staff;
}

async function deposit(page: Page, amount: string): Promise<void> {
  await page.goto(aurora('/m/deposit'));
  await page.getByText('E-wallet (DemoPay)').click();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Deposit now' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('deposit-state')).toHaveText('Payment received. Your balance is updated.');
}

test('aurora: a withdrawal above the threshold waits for a second, different approver, then is paid', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await context.addInitScript(() => {
    window.localStorage.setItem('wps.language', 'EN');
    window.sessionStorage.setItem('wps.lobbyPopupShown.aurora', '1');
  });
  await page.goto(aurora('/m/register'));
  const username = `cd${Date.now().toString(36)}`.slice(0, 20);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await attestAdult(page);
  await appStarted(page);
  if ((await page.locator('.captcha-board').count()) > 0) await solveSlider(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/);

  // The e-wallet takes at most 20,000 ₱ a payment: two of them.
  await deposit(page, '15000');
  await deposit(page, '15000');

  await page.goto(aurora('/m/withdraw'));
  await page.getByLabel('Bank code').fill('DEMO');
  await page.getByLabel('Account name').fill('Maria Santos');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('radio', { name: /DEMO · Maria Santos/ })).toBeChecked();
  await page.getByLabel('Amount', { exact: true }).fill('25000');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();

  // Kim approves first: recorded, and the withdrawal waits for someone else.
  const kim = await staffDesk(browser, 'aurora-cashier');
  const kimRow = kim
    .getByRole('region', { name: 'Withdrawals to review' })
    .locator('tbody tr', { hasText: username });
  await expect(kimRow).toContainText('25000.00 PHP');
  await expect(kimRow).toContainText('0 of 2');
  await kimRow.getByRole('button', { name: 'Approve' }).click();
  await expect(kim.getByRole('status').filter({ hasText: username })).toHaveText(
    `${username} · 25000.00 PHP: review`,
  );
  await expect(kimRow).toContainText('1 of 2 · approved by Kim (cashier)');
  await kimRow.getByRole('button', { name: 'Approve' }).click();
  await expect(kim.getByRole('alert')).toHaveText(
    'You approved this already. A second approver must be someone else.',
  );
  await expect(kimRow).toContainText('1 of 2');
  await kim.screenshot({ path: `${SHOTS}/aurora-first-approval.png`, fullPage: true });
  await kim.context().close();

  // Sam, a different account, approves second: only now is the payout sent.
  const sam = await staffDesk(browser, 'aurora-lead');
  const samRow = sam
    .getByRole('region', { name: 'Withdrawals to review' })
    .locator('tbody tr', { hasText: username });
  await samRow.getByRole('button', { name: 'Approve' }).click();
  await expect(sam.getByRole('status').filter({ hasText: username })).toHaveText(
    `${username} · 25000.00 PHP: paid`,
  );
  await expect(samRow).toHaveCount(0);
  await sam.context().close();

  await page.goto(aurora('/m/transactions'));
  const withdrawal = page.locator('[data-testid="history-entry"][data-kind="withdrawal"]');
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('Completed');
});
