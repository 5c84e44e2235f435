import { expect, test, type Page } from '@playwright/test';
import { attestAdult, totp } from './helpers.js';

/**
 * The back office's Compliance section in the browser (issue 29 item 7), on lotus (VND): a fresh
 * member registers → lotus's compliance staff set the member a deposit limit, are refused a raise, put
 * the member on a time-out → the audit shows each request with who made it and what took effect →
 * the staff audit chain has a link for each of those writes.
 */

const port = Number(process.env.E2E_PORT ?? 18080);
const lotus = (path: string) => `http://lotus.localhost:${port}${path}`;
const PASSWORD = 'Compliance-2026';
const STAFF_PASSWORD = 'Staff-Demo-2026';
const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';

/** Signs lotus's compliance officer in; a code another spec just used is refused, so once more in the next window. */
async function staffSignIn(staff: Page): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await staff.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await staff.getByLabel('User name').fill('lotus-compliance');
    await staff.getByLabel('Password').fill(STAFF_PASSWORD);
    await staff.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
    await staff.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await staff
      .getByRole('button', { name: 'Sign out' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error('the staff sign-in was refused twice');
}

test('lotus: staff set a limit, are refused a raise, start a time-out; the audit shows them', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
  await page.goto(lotus('/m/register?homescreen=1'));
  const username = `rg${Date.now().toString(36)}`.slice(0, 20);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await attestAdult(page);
  const registered = page.waitForResponse((response) => response.url().includes('/wps/member/register'));
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const answer = (await (await registered).json()) as { value: { customerId: string } };
  const customerId = answer.value.customerId;
  await expect(page).toHaveURL(/\/m\/home$/);

  // The back office is a desk's page: a desktop window, not the member's phone.
  const staffContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const staff = await staffContext.newPage();
  await staff.goto(lotus('/staff/'));
  await staffSignIn(staff);
  await staff.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(staff.getByRole('heading', { name: 'Responsible-gaming audit' })).toBeVisible();

  const limit = staff.getByRole('region', { name: 'Set or lower a limit' });
  await limit.getByLabel('Member id').fill(customerId);
  await limit.getByLabel('Limit').selectOption('deposit_day');
  await limit.getByLabel(/^Amount/).fill('500000');
  await limit.getByLabel('Reason').fill('Affordability review');
  await limit.getByRole('button', { name: 'Set limit' }).click();
  await expect(limit.getByRole('status')).toHaveText(`Member #${customerId}: deposit_day is now 500000 VND.`);

  // A raise: refused by the server, and the refusal is on the page and in the audit.
  await limit.getByLabel(/^Amount/).fill('900000');
  await limit.getByLabel('Reason').fill('Member asked for more');
  await limit.getByRole('button', { name: 'Set limit' }).click();
  await expect(limit.getByRole('alert')).toHaveText(
    'Refused: Staff may set or lower a limit, never raise or remove one.',
  );

  const pause = staff.getByRole('region', { name: 'Time-out or self-exclusion' });
  await pause.getByLabel('Member id').fill(customerId);
  await pause.getByLabel('Kind').selectOption('time_out');
  await pause.getByLabel('Length').selectOption('7d');
  await pause.getByLabel('Reason').fill('Called support, asked for a pause');
  await pause.getByRole('button', { name: 'Start break' }).click();
  // Asked once more in the page: a break cannot be shortened afterwards.
  const question = pause.getByRole('alertdialog');
  await expect(question).toHaveText(new RegExp(`Start a time-out \\(7d\\) for member #${customerId}`));
  await question.getByRole('button', { name: 'Yes, start it' }).click();
  await expect(pause.getByRole('status')).toHaveText(new RegExp(`^Member #${customerId}: time-out until `));

  // The member's trail, newest first: the break, the refused raise, the limit, and the member's own
  // acceptance of the terms at registration.
  const rows = staff.getByRole('region', { name: 'Responsible-gaming audit' }).locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('break.time_out');
  await expect(rows.nth(1)).toContainText(
    'outcome: refused · amount: 500000 · parked: — · reason: raise_by_staff',
  );
  await expect(rows.nth(2)).toContainText('outcome: applied · amount: 500000');
  for (const index of [0, 1, 2]) {
    await expect(rows.nth(index)).toContainText(`${username} #${customerId}`);
    await expect(rows.nth(index).locator('td.actor-staff')).toHaveText('Chris (compliance)');
  }
  await expect(rows.nth(3)).toContainText('terms.accept');
  await expect(rows.nth(3)).toContainText(`${username} #${customerId}`);
  await expect(rows.nth(3).locator('td.actor-member')).toHaveText('Member');
  await staff.screenshot({ path: 'test-results/compliance-desktop.png', fullPage: true });

  // The staff audit chain (issue 30 item 9): each of those writes is a link, the refused raise with
  // the errorCode it was refused with. Other specs write to lotus too, so the chain is read to its end, a page at a time.
  await staff.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
  await expect(staff).toHaveURL(/\/staff\/audit$/);
  const chain = staff.getByRole('table', { name: /^Staff audit chain, oldest first/ });
  await expect(chain).toBeVisible();
  const nothingNewer = staff.getByRole('status').filter({ hasText: 'Nothing newer yet.' });
  for (let round = 0; round < 50 && !(await nothingNewer.isVisible()); round += 1) {
    await staff.getByRole('button', { name: 'Load more' }).click();
    await expect(staff.getByRole('button', { name: 'Load more' })).toBeEnabled();
  }
  await expect(nothingNewer).toBeVisible();
  const links = chain.locator('tbody tr');
  const raise = links.filter({ hasText: 'staffLimitSet' }).filter({ hasText: 'Refused: ' }).last();
  await expect(raise).toContainText(/Refused: [a-z_]+/);
  await expect(raise).toContainText('Chris (compliance)');
  const set = links.filter({ hasText: 'staffLimitSet' }).filter({ hasText: 'Done' }).last();
  await expect(set).toContainText('Chris (compliance)');
  await expect(links.filter({ hasText: 'staffBreak' }).last()).toContainText('Done');
  // The hash shortened, the whole of it in the title; oldest first, so the seq grows down the table.
  await expect(raise.locator('td').last().locator('[title]')).toHaveAttribute('title', /^[0-9a-f]{64}$/);
  await expect(raise.locator('td').last()).toContainText(/^[0-9a-f]{12}…/);
  const seqs = (await links.locator('td:first-child').allTextContents()).map(Number);
  expect(seqs.every((seq, index) => index === 0 || seq > (seqs[index - 1] ?? 0))).toBe(true);
  await expect(staff.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/wps/staff/audit.csv',
  );
  await staff.screenshot({ path: 'test-results/staff-audit-desktop.png' });
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.screenshot({ path: 'test-results/staff-audit-phone.png' });
  await staffContext.close();
});
