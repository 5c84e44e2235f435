import { expect, test, type Page } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

/**
 * Passkeys end to end (docs/passkeys.md) in Chromium with the DevTools virtual authenticator: a
 * platform authenticator with resident keys and user verification, which answers by itself. On
 * aurora (http://localhost: the relying party is `localhost`): a demo member adds a passkey in the
 * member area, renames it, logs out and signs in with it; a removed passkey is refused with a
 * translated message.
 */

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/m/member/home');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
}

test.describe('passkeys', () => {
  test('add a passkey in the member area, log out, sign in with it; a removed one is refused', async ({
    page,
    context,
  }) => {
    await skipLobbyPopup(context);
    await addVirtualAuthenticator(page);

    await page.goto('/m/login');
    // The username field offers passkeys in its autofill.
    await expect(page.getByLabel('Username', { exact: true })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);

    await page.goto('/m/member/settings');
    const passkeys = page.getByTestId('passkeys');
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added.')).toBeVisible();
    await expect(passkeys.getByTestId('passkey-row')).toHaveCount(1);
    await expect(passkeys.getByTestId('passkey-row')).toContainText('Passkey 1');

    // Rename it.
    await passkeys.getByRole('button', { name: 'Rename: Passkey 1' }).click();
    await passkeys.getByLabel('Passkey name').fill('My phone');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await expect(passkeys.getByTestId('passkey-row')).toContainText('My phone');

    // Log out; on the login page the browser's autofill (conditional mediation) offers the passkey
    // and the virtual authenticator, answering by itself, picks it: signed in, no password, no captcha.
    await logOut(page);
    await page.goto('/m/login');
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.goto('/m/member/home');
    await expect(page.getByTestId('member-account')).toHaveText('demo');
    await page.goto('/m/member/settings');
    await expect(passkeys.getByTestId('passkey-row')).toContainText('last used');

    // The button: the autofill's request is held unanswered, so only the button's ceremony runs.
    await logOut(page);
    let held = false;
    await page.route('**/wps/session/login/passkey/options', async (route) => {
      if (!held) {
        held = true;
        return; // never answered: the autofill waits
      }
      await route.continue();
    });
    const autofillAsked = page.waitForRequest('**/wps/session/login/passkey/options');
    await page.goto('/m/login');
    await autofillAsked;
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Remove it: the authenticator still holds it, the server no longer knows it.
    await page.goto('/m/member/settings');
    await passkeys.getByRole('button', { name: 'Remove: My phone' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();

    await logOut(page);
    await page.goto('/m/login');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This passkey is not recognised here.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/m\/login/);
  });
});
