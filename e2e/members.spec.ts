import { expect, test, type Page } from '@playwright/test';
import { staffPage } from './helpers.js';

/**
 * The back office's Members section (issue 30 item 7) on a phone: an owner searches, opens a member
 * and its tabs, and is asked for a reason before a lock; marketing sees no phone or email. On aurora,
 * lotus and orbit (which has no demo member: the empty result).
 */

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
    const owner = await staffPage(browser, merchant, `${merchant}-owner`, '/staff/members');
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
  const owner = await staffPage(browser, 'orbit', 'orbit-owner', '/staff/members');
  await searchFor(owner, 'nobody%_here');
  await expect(owner.getByText('No member matches.')).toBeVisible();
  await owner.screenshot({ path: 'test-results/members-empty-orbit-phone.png', fullPage: true });
  await owner.context().close();
});

test('aurora: marketing sees members without phone or email', async ({ browser }) => {
  test.setTimeout(120_000);
  const marketing = await staffPage(browser, 'aurora', 'aurora-marketing', '/staff/members');
  await searchFor(marketing, 'demo');
  const table = marketing.getByRole('table', { name: 'Members found' });
  await expect(table.getByRole('button', { name: 'demo', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(table).not.toContainText('demo@aurora.example');
  await expect(marketing.getByRole('button', { name: 'Lock account' })).toHaveCount(0);
  await marketing.screenshot({ path: 'test-results/members-marketing-aurora-phone.png', fullPage: true });
  await marketing.context().close();
});
