import { expect, test } from '@playwright/test';
import { signInStaff } from './helpers.js';

/**
 * The back office's Merchants section in the browser (issue 30 items 3 and 4): lotus's admin signs in
 * with the second factor, creates a merchant with its domain and lotus's theme, and the new merchant's
 * member site answers on that host, themed, within 5 seconds and without a restart.
 */

const port = Number(process.env.E2E_PORT ?? 18080);
/** Lotus's primary colour (seed/merchants.ts): the default theme's differs, so a themed page shows it. */
const LOTUS_PRIMARY = '#1f7a4d';

test('staff create a merchant with a domain and a theme; its site answers there, themed, within 5 s', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staffContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const staff = await staffContext.newPage();
  await staff.goto(`http://lotus.localhost:${port}/staff/`);
  await signInStaff(staff, 'platform-ops');
  await staff.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Merchants' }).click();
  // The merchant shown is lotus: its theme is the one the new merchant starts from.
  await expect(staff.getByRole('region', { name: 'General' }).getByLabel('Name')).toHaveValue('Lotus Lotto');

  const code = `e2e${Date.now().toString(36)}`;
  const host = `${code}.localhost`;
  const create = staff.getByRole('region', { name: 'New merchant' });
  await create.getByLabel(/^Code/).fill(code);
  await create.getByLabel('Name').fill('Neon Night');
  await create.getByLabel(/^First domain/).fill(host);
  await create.getByLabel(/^Currency \(ISO/).fill('USD');
  await create.getByLabel('Currency symbol').fill('$');
  await create.getByLabel(/^Home country/).fill('PH');
  await expect(create.getByLabel(/Start from the colours/)).toBeChecked();
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByRole('status').first()).toHaveText(
    `Neon Night is created. Its site answers on ${host}.`,
  );
  const saved = Date.now();

  // The member site of the new host: asked until it answers as the new merchant (at most 5 s).
  const member = await browser.newPage();
  let shown = false;
  while (!shown && Date.now() - saved < 5_000) {
    const response = await member.goto(`http://${host}:${port}/m/home`);
    shown = response?.ok() === true && (await member.title()) === 'Neon Night';
    if (!shown) await member.waitForTimeout(250);
  }
  const elapsed = Date.now() - saved;
  console.info(`the new merchant's site answered on ${host} ${elapsed} ms after the save`);
  expect(shown).toBe(true);
  expect(elapsed).toBeLessThan(5_000);
  const primary = await member.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  expect(primary).toBe(LOTUS_PRIMARY);
  // The manifest follows the theme too (asked from the page: only the browser resolves *.localhost).
  const manifest = await member.evaluate(async () => {
    const response = await fetch('/wps/system/manifest.json');
    return (await response.json()) as { name: string; theme_color: string };
  });
  expect([manifest.name, manifest.theme_color]).toEqual(['Neon Night', LOTUS_PRIMARY]);
  await staffContext.close();
});
