import { expect, test, type Browser, type Page } from '@playwright/test';
import { totp } from './helpers.js';

/**
 * The back office's Members section (issue 30 item 7) on a phone: an owner searches, opens a member
 * and its tabs, and is asked for a reason before a lock; marketing sees no phone or email. On aurora,
 * lotus and orbit (which has no demo member: the empty result).
 */
const STAFF_PASSWORD = 'Staff-Demo-2026';
const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';
const port = Number(process.env.E2E_PORT ?? 18080);
const hostOf = (merchant: string) => (merchant === 'aurora' ? 'localhost' : `${merchant}.localhost`);
const PHONE = { width: 390, height: 844 };

async function staffPage(browser: Browser, merchant: string, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`http://${hostOf(merchant)}:${port}/staff/members`);
  // A code works once per account: another sign-in of the same account waits for the next window.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('button', { name: 'Sign out' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return page;
  }
  throw new Error(`${username} could not sign in`);
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
  await page.getByLabel('Name, id, phone, email or referral code').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

for (const [merchant, query, found] of [
  ['aurora', 'a', 'agent'],
  ['lotus', 'demo', 'demo'],
] as const) {
  test(`${merchant}: the owner finds a member, opens its tabs and is asked for a reason to lock it`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await staffPage(browser, merchant, `${merchant}-owner`);
    await searchFor(owner, query);
    const table = owner.getByRole('table', { name: 'Members found' });
    await expect(table.getByRole('button', { name: found, exact: true })).toBeVisible();
    await owner.screenshot({ path: `test-results/members-search-${merchant}-phone.png`, fullPage: true });

    await table.getByRole('button', { name: found, exact: true }).click();
    await expect(owner).toHaveURL(/\/staff\/members\?member=\d+$/);
    await expect(owner.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await owner.screenshot({ path: `test-results/members-detail-${merchant}-phone.png`, fullPage: true });

    for (const tab of ['Sessions', 'Limits', 'Ledger', 'Notes']) {
      await owner.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expect(owner.getByRole('tabpanel')).not.toContainText('Loading');
      if (tab === 'Limits') {
        await owner.screenshot({ path: `test-results/members-limits-${merchant}-phone.png`, fullPage: true });
      }
    }
    await owner.getByRole('tab', { name: /^Downline/ }).click();
    await owner.screenshot({ path: `test-results/members-downline-${merchant}-phone.png`, fullPage: true });

    await owner.getByRole('button', { name: 'Lock account' }).click();
    const dialog = owner.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await owner.screenshot({ path: `test-results/members-lock-${merchant}-phone.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(owner.getByRole('alertdialog')).toHaveCount(0);
    await owner.context().close();
  });
}

test('orbit: a search that finds nobody says so', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await staffPage(browser, 'orbit', 'orbit-owner');
  await searchFor(owner, 'nobody%_here');
  await expect(owner.getByText('No member matches.')).toBeVisible();
  await owner.screenshot({ path: 'test-results/members-empty-orbit-phone.png', fullPage: true });
  await owner.context().close();
});

test('aurora: marketing sees members without phone or email', async ({ browser }) => {
  test.setTimeout(120_000);
  const marketing = await staffPage(browser, 'aurora', 'aurora-marketing');
  await searchFor(marketing, 'demo');
  const table = marketing.getByRole('table', { name: 'Members found' });
  await expect(table.getByRole('button', { name: 'demo', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(table).not.toContainText('demo@aurora.example');
  await expect(marketing.getByRole('button', { name: 'Lock account' })).toHaveCount(0);
  await marketing.screenshot({ path: 'test-results/members-marketing-aurora-phone.png', fullPage: true });
  await marketing.context().close();
});
