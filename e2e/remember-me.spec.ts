import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn, skipLobbyPopup } from './helpers.js';

/**
 * Remember me (docs/decisions/remember-me-token.md): ticked, the session's token is kept for the
 * device, so a new tab opens signed in and a sign-out anywhere signs out every tab; unticked, a new tab
 * opens signed out with the username filled. No password is ever stored.
 */

async function storedText(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({ local: { ...window.localStorage }, tab: { ...window.sessionStorage } }),
  );
}

function expectNoPassword(stored: string): void {
  expect(stored).not.toContain(DEMO_PASSWORD);
  expect(stored).not.toContain(Buffer.from(DEMO_PASSWORD).toString('base64'));
  expect(stored).not.toMatch(/rememberedCredentials|sealed|"password"/i);
}

test('Remember me: a new tab is signed in, a sign-out signs out every tab; unticked, only the name is kept', async ({
  page,
  context,
}) => {
  await skipLobbyPopup(context);
  await page.goto('/m/login');
  const remember = page.getByLabel('Remember me');
  await expect(remember).not.toBeChecked();
  await remember.check();
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home$/);
  expectNoPassword(await storedText(page));

  // A new tab of the same browser: signed in, no login request.
  const second = await context.newPage();
  const logins: string[] = [];
  second.on('request', (request) => {
    if (new URL(request.url()).pathname === '/wps/session/login') logins.push(request.url());
  });
  await second.goto('/m/member/home');
  await expect(second.getByTestId('member-account')).toHaveText('demo');
  expect(logins).toEqual([]);

  // Sign out in the first tab: the second is signed out too.
  await page.goto('/m/member/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(second.getByTestId('member-account')).toBeHidden();
  await expect(second).not.toHaveURL(/\/m\/member\/home$/);
  expect(await second.evaluate(() => window.localStorage.getItem('wps.rememberedSession'))).toBeNull();

  // Unticked: this tab is signed in, a new tab is not, and its form has the name filled.
  await page.goto('/m/login');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('demo');
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home$/);
  expectNoPassword(await storedText(page));
  const third = await context.newPage();
  await third.goto('/m/login');
  await expect(third.getByLabel('Username', { exact: true })).toHaveValue('demo');
  await expect(third.getByLabel('Password', { exact: true })).toHaveValue('');
  await third.goto('/m/member/home');
  await expect(third).toHaveURL(/\/m\/login/);
});

test('a password an older version stored is deleted when the app starts', async ({ page, context }) => {
  await context.addInitScript(() => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem(
      'wps.rememberedCredentials',
      JSON.stringify({
        type: 'username',
        username: 'demo',
        merchant: 'aurora',
        sealed: { iv: 'aXY=', data: 'ZGF0YQ==' },
      }),
    );
    window.localStorage.setItem('wps.autoLogin', '1');
  });
  await page.goto('/m/login');
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('wps.rememberedCredentials')))
    .toBeNull();
  // Its username is kept to fill the form (from the next start: the form had rendered already).
  await page.reload();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('demo');
  expect(await page.evaluate(() => window.localStorage.getItem('wps.autoLogin'))).toBeNull();
  const databases = await page.evaluate(async () =>
    'databases' in indexedDB ? (await indexedDB.databases()).map((db) => db.name) : [],
  );
  expect(databases).not.toContain('wps-keys');
});
