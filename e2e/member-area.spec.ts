import { expect, test, type Page } from '@playwright/test';
import { logIn, skipLobbyPopup, totp } from './helpers.js';

/**
 * The member area on a phone: member home with the unread count, the inbox (reading a message lowers
 * the count), an authenticator second factor set up end to end (the code computed here from the key
 * the page shows), and ending the member's session on another device. The demo member `settings`
 * (aurora, apps/server/src/seed/members.ts) has three unread messages and no second factor.
 */

async function logInAsSettings(page: Page): Promise<void> {
  await page.goto('/m/login?go=%2Fm%2Fmember%2Fhome');
  await logIn(page, 'settings');
  await expect(page).toHaveURL(/\/m\/member\/home$/);
}

test.describe('member area', () => {
  test('home → inbox (count drops) → authenticator on → another device signed out → recovery code login', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    await skipLobbyPopup(context);

    // Another device signs in first.
    const otherContext = await browser.newContext({ serviceWorkers: 'block' });
    await skipLobbyPopup(otherContext);
    const other = await otherContext.newPage();
    await logInAsSettings(other);

    await logInAsSettings(page);
    await expect(page.getByTestId('member-account')).toHaveText('settings');
    await expect(page.getByTestId('member-unread')).toHaveText('3');

    await page.getByRole('link', { name: /^Inbox/ }).click();
    await expect(page).toHaveURL(/\/m\/member\/inbox$/);
    await expect(page.getByTestId('inbox-unread')).toHaveText('Unread messages: 3');
    await page.getByRole('button', { name: /Welcome to/ }).click();
    await expect(page.getByText('Customer service is here around the clock')).toBeVisible();
    await expect(page.getByTestId('inbox-unread')).toHaveText('Unread messages: 2');
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(page.getByTestId('member-unread')).toHaveText('2');

    await page.getByRole('link', { name: 'Settings and security' }).click();
    await expect(page).toHaveURL(/\/m\/member\/settings$/);
    const authenticator = page.getByRole('region', { name: 'Authenticator app' });
    await expect(authenticator.getByTestId('totp-state')).toHaveText('Off');
    await authenticator.getByRole('button', { name: 'Set up' }).click();
    await expect(
      authenticator.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const secret = (await authenticator.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await authenticator.getByLabel('Authenticator app code').fill(totp(secret));
    await authenticator.getByRole('button', { name: 'Confirm' }).click();
    const codes = authenticator.getByTestId('recovery-codes');
    await expect(codes).toBeVisible();
    await expect(codes.locator('code')).toHaveText(/^([A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}\n?){10}$/);
    const shown = (await codes.locator('code').textContent()) ?? '';
    await authenticator.getByRole('button', { name: 'Done' }).click();
    await expect(authenticator.getByTestId('totp-state')).toHaveText('On · Recovery codes left: 10');

    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByTestId('session-item')).toHaveCount(2);
    await expect(sessions.getByTestId('session-item').first()).toContainText('This device');
    await sessions.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(sessions.getByTestId('session-item')).toHaveCount(1);
    await expect(sessions.getByText('No other device is signed in.')).toBeVisible();

    // The other device's session has ended: its next call sends it to log in again.
    await other.goto('/m/member/inbox');
    await expect(other).toHaveURL(/\/m\/login/);
    await otherContext.close();

    // Logged out, the next login asks for the second step; a recovery code signs in, once.
    const recovery = shown.split('\n')[0] ?? '';
    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.goto('/m/login?go=%2Fm%2Fmember%2Fsettings');
    await logIn(page, 'settings');
    const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
    await dialog.getByRole('radio', { name: 'Recovery code' }).check();
    await dialog.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/m\/member\/settings$/);
    await expect(
      page.getByRole('region', { name: 'Authenticator app' }).getByTestId('totp-state'),
    ).toHaveText('On · Recovery codes left: 9');
  });
});
