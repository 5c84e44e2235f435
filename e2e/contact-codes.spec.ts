import { expect, test, type BrowserContext } from '@playwright/test';
import { logIn, skipLobbyPopup, solveSlider, attestAdult } from './helpers.js';

/**
 * A new member's mobile number and SMS second factor on a phone, as a person finishes it in the demo:
 * every code is read where a person reads it, the outbox page of the development stand-ins
 * (/wps/dev/outbox, docs/demo.md), never from the tests' knowledge of DEV_MODE's codes.
 */

/**
 * The newest code sent to `destination` (`{dialing code} {number}`), read off the outbox page in a tab
 * of its own once at least `count` messages went there.
 */
async function codeFromOutbox(context: BrowserContext, destination: string, count: number): Promise<string> {
  const outbox = await context.newPage();
  const messages = outbox.locator(`li.message[data-channel="sms"][data-destination="${destination}"]`);
  await expect(async () => {
    await outbox.goto('/wps/dev/outbox');
    expect(await messages.count()).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 10_000 });
  const code = (await messages.first().locator('.code').textContent()) ?? '';
  await outbox.close();
  expect(code).toMatch(/^[0-9]{6}$/);
  return code;
}

test('a new member adds a phone number, turns SMS codes on, and signs in with the SMS code', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await skipLobbyPopup(context);
  const username = `e2e_ph${Date.now().toString(36)}`.slice(0, 20);
  const number = `917${String(Date.now()).slice(-7)}`;
  const destination = `63 ${number}`;

  await page.goto('/m/register');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('E2e-Pass-1');
  await page.getByLabel('Confirm password').fill('E2e-Pass-1');
  await attestAdult(page);
  await solveSlider(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/);

  await page.goto('/m/member/settings');
  const mobile = page.getByRole('region', { name: 'Mobile number' });
  await expect(mobile.getByTestId('sms-contact')).toHaveText('No mobile number on your account yet.');
  const smsCodes = page.getByRole('region', { name: 'Codes by SMS' });
  await expect(smsCodes.getByText('Add and verify a mobile number above first.')).toBeVisible();

  await mobile.getByRole('button', { name: 'Add' }).click();
  const send = mobile.getByRole('button', { name: 'Send code' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Enter your mobile number first.');
  const field = mobile.getByRole('textbox', { name: 'Mobile number' });
  await field.fill('abc😀12');
  await expect(field).toHaveAccessibleDescription('Use digits only.');
  await expect(send).toHaveAccessibleDescription('Correct the mobile number first.');
  await field.fill(`+63 ${number}`);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(mobile.getByRole('status')).toHaveText(`A code was sent to \u2066+63 ${number}\u2069.`);
  await expect(mobile.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();

  await mobile.getByLabel('Verification code').fill(await codeFromOutbox(context, destination, 1));
  await mobile.getByRole('button', { name: 'Verify' }).click();
  await expect(mobile.getByTestId('sms-contact')).toHaveText(`+63 ••• ${number.slice(-4)} · verified`);

  await smsCodes.getByRole('button', { name: 'Turn on' }).click();
  await smsCodes.getByLabel('Verification code').fill(await codeFromOutbox(context, destination, 2));
  await smsCodes.getByRole('button', { name: 'Turn on' }).click();
  await expect(smsCodes.getByTestId('sms-state')).toHaveText(`On · +63 ••• ${number.slice(-4)}`);
  // The number its codes go to is kept while they are on.
  await expect(mobile.getByRole('button')).toHaveCount(0);

  await page.goto('/m/member/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);

  await page.goto('/m/login?go=%2Fm%2Fmember%2Fhome');
  await logIn(page, username, 'E2e-Pass-1');
  const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toContainText(number.slice(-4));
  await dialog.getByLabel('SMS code').fill(await codeFromOutbox(context, destination, 3));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/m\/member\/home$/);
  await expect(page.getByTestId('member-account')).toHaveText(username);
});
