import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DEV_VERIFICATION_CODE,
  logIn,
  skipLobbyPopup,
  solveSlider,
  attestAdult,
} from './helpers.js';

/**
 * Member accounts end to end, against the real server in development mode (DEV_MODE=1: every slider
 * gap is at x = 120 and every SMS / email code is 000000). Aurora has the slider captcha on login,
 * SMS and registration, mobile registration, auto-login and the forced change of expired passwords.
 * Demo members (apps/server/src/seed/members.ts) share the password Demo1234.
 */

function uniqueUsername(): string {
  return `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

test.describe('member accounts', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('register with the slider captcha → home; log out', async ({ page }) => {
    await page.goto('/m/register');
    await page.getByLabel('Username', { exact: true }).fill(uniqueUsername());
    await page.getByLabel('Password', { exact: true }).fill('E2e-Pass-1');
    await page.getByLabel('Confirm password').fill('E2e-Pass-1');
    await attestAdult(page);
    await solveSlider(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole('link', { name: 'Me', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.locator('.bottom-nav').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('log in with go=/m/game → /m/game', async ({ page }) => {
    await page.goto('/m/login?go=%2Fm%2Fgame');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/game$/);
  });

  test('log in with go=https://evil.example → /m/home', async ({ page }) => {
    await page.goto(`/m/login?go=${encodeURIComponent('https://evil.example')}`);
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    expect(new URL(page.url()).host).not.toContain('evil.example');
  });

  test('a wrong password shows the server message and keeps the visitor on /m/login', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo', 'not-the-password');
    await expect(page.getByRole('alertdialog')).toContainText('incorrect');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/m\/login/);
  });

  test('a first-time-login account → /m/changePsw (leaving keeps it there) → change → home', async ({
    page,
  }) => {
    await page.goto('/m/login');
    await logIn(page, 'newbie');
    await expect(page).toHaveURL(/\/m\/changePsw$/);
    await page.goto('/m/game');
    await expect(page).toHaveURL(/\/m\/changePsw$/);
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password').fill('Newbie-Pass-2');
    await page.getByLabel('Confirm password').fill('Newbie-Pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.goto('/m/game');
    await expect(page).toHaveURL(/\/m\/game$/);
  });

  test('second factor by email code completes the login', async ({ page }) => {
    await page.goto('/m/login?go=%2Fm%2Fmember%2Fhome');
    await logIn(page, 'mailcode');
    const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('status')).toContainText('m***@');
    await dialog.getByLabel('Email code').fill(DEV_VERIFICATION_CODE);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    await expect(page.getByTestId('member-account')).toHaveText('mailcode');
  });

  test('session expiry → please log in → /m/login with go', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    // The server no longer knows the token (expired or revoked).
    await page.evaluate(() => {
      const key = 'wps.sessionInfo';
      const session = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      window.sessionStorage.setItem(key, JSON.stringify({ ...session, token: 'expired-token-000' }));
    });
    await page.goto('/m/member/home');
    await expect(page.getByRole('alertdialog')).toContainText('Please log in');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/m\/login\?go=%2Fm%2Fmember%2Fhome/);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  });

  test('log out, then leave the page at once → signed out in the tab and on the server', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    const token = await page.evaluate(
      () =>
        (JSON.parse(window.sessionStorage.getItem('wps.sessionInfo') ?? '{}') as { token?: string }).token ??
        '',
    );
    expect(token).not.toBe('');
    // A slow network: the revoke is still on its way when the member leaves.
    await page.route('**/wps/session/logout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Log out' }).click();
    // No wait for the revoke's answer: the member opens a bookmark straight away.
    await page.goto('/m/login');
    // A member still signed in in this tab would be sent home from the login page.
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/login$/);
    // The revoke reached the server all the same: the token is refused as a session that was ended.
    await expect
      .poll(async () => {
        const response = await page.request.get('/wps/member/info', {
          headers: { Authorization: token, Merchant: 'aurora' },
        });
        return [response.status(), ((await response.json()) as { errorCode?: string }).errorCode];
      })
      .toEqual([401, 'login.not.session']);
  });
});
