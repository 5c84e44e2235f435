import { expect, test } from '@playwright/test';
import { staffPage } from './helpers.js';

/**
 * Staff roles and sessions (issue 30 item 2) in the browser: each merchant's owner sees the Staff
 * screen with the merchant's staff, roles and sessions, and ends a marketing account's session,
 * whose next call signs it out; a marketing account sees only what its role allows. On aurora, lotus
 * and orbit, on a phone.
 */

for (const merchant of ['aurora', 'lotus', 'orbit']) {
  test(`${merchant}: the owner ends a marketing session from the Staff screen; marketing sees Push, Staff, Reports, the content sections, Members and Games only`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const marketing = await staffPage(browser, merchant, `${merchant}-marketing`);
    const nav = marketing.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link')).toHaveText([
      'Push',
      'Staff',
      'Reports',
      'Promotions',
      'Legal pages',
      'Links and support',
      'Members',
      'Content',
      'Games',
    ]);

    const owner = await staffPage(browser, merchant, `${merchant}-owner`);
    await owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    await expect(owner).toHaveURL(/\/staff\/staff$/);
    await expect(
      owner.getByRole('region', { name: 'Your sessions' }).getByText('(this session)'),
    ).toBeVisible();
    const table = owner.getByRole('table', { name: /^The merchant's staff, their roles and sessions/ });
    const row = table.getByRole('row').filter({ hasText: `${merchant}-marketing` });
    await expect(row).toContainText('Marketing');
    await expect(table.getByRole('row').filter({ hasText: 'platform-ops' })).toHaveCount(0);
    await owner.screenshot({ path: `test-results/staff-roles-${merchant}-phone.png`, fullPage: true });

    const end = row.getByRole('button', { name: /^End the session/ });
    await expect(end.first()).toBeVisible();
    const before = await end.count();
    await end.first().click();
    await expect(end).toHaveCount(before - 1);

    // The ended session's next call is refused: the app asks for a sign-in.
    await marketing.reload();
    await expect(marketing.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    await marketing.context().close();
    await owner.context().close();
  });
}
