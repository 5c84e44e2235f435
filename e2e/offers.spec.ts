import { devices, expect, test } from '@playwright/test';
import { signInStaff, skipLobbyPopup } from './helpers.js';

/**
 * The back office's offers and pages (issue 30 item 5): aurora's marketing staff write a promotion
 * in two languages with its preview, and the member site lists it at once, without a restart; the
 * legal pages and links screens show what the merchant has. Screenshots go to OFFERS_SHOTS.
 */

const port = Number(process.env.E2E_PORT ?? 18080);
const SHOTS = process.env.OFFERS_SHOTS ?? 'test-results/offers';

test('marketing writes a promotion in two languages; the member site lists it at once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.goto(`http://localhost:${port}/staff/`);
  await signInStaff(staff, 'aurora-marketing');
  const nav = staff.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Promotions' }).click();
  await expect(
    staff.getByRole('region', { name: 'Promotions' }).getByRole('row', { name: /Welcome bonus/ }),
  ).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/staff-promotions.png`, fullPage: true });

  const title = `Friday reload ${Date.now().toString(36)}`;
  await staff.getByRole('button', { name: 'New promotion' }).click();
  const editor = staff.getByRole('region', { name: 'New promotion' });
  await editor.getByLabel('Title (EN)').fill(title);
  await editor.getByLabel('Summary').fill('10% more on every Friday deposit');
  await editor.getByRole('tab', { name: /TH/ }).click();
  await editor.getByLabel('Title (TH)').fill('รีโหลดวันศุกร์');
  await editor.getByLabel('Summary').fill('เพิ่ม 10% ทุกวันศุกร์');
  await editor.getByRole('tab', { name: /CN/ }).click();
  await expect(
    editor.getByRole('figure', { name: 'Preview' }).getByRole('heading', { name: title }),
  ).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/staff-promotion-editor.png`, fullPage: true });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(
    staff.getByRole('region', { name: 'Promotions' }).getByRole('row', { name: new RegExp(title) }),
  ).toBeVisible();

  const member = await browser.newContext({ ...devices['Pixel 7'] });
  await skipLobbyPopup(member);
  await member.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
  const page = await member.newPage();
  await page.goto(`http://localhost:${port}/m/activity`);
  await expect(page.getByTestId('activity-list').getByRole('link', { name: title })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/member-activity.png` });

  await nav.getByRole('link', { name: 'Legal pages' }).click();
  await expect(staff.getByRole('cell', { name: 'Current' }).first()).toBeVisible();
  await staff.getByRole('button', { name: 'Publish a new version' }).click();
  await staff.screenshot({ path: `${SHOTS}/staff-legal.png`, fullPage: true });
  await staff.getByRole('button', { name: 'Cancel' }).click();

  await nav.getByRole('link', { name: 'Links and support' }).click();
  await expect(staff.getByRole('region', { name: 'Customer-service entries' })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/staff-links.png`, fullPage: true });

  const phone = await browser.newContext({ ...devices['Pixel 7'] });
  const staffPhone = await phone.newPage();
  await staffPhone.goto(`http://localhost:${port}/staff/`);
  await signInStaff(staffPhone, 'aurora-readonly');
  await staffPhone.goto(`http://localhost:${port}/staff/promotions`);
  await expect(staffPhone.getByRole('region', { name: 'Promotions' })).toBeVisible();
  await expect(staffPhone.getByRole('button', { name: 'New promotion' })).toHaveCount(0);
  await staffPhone.screenshot({ path: `${SHOTS}/staff-promotions-readonly-phone.png`, fullPage: true });
});
