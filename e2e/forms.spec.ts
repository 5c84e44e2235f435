import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, logIn, skipLobbyPopup, solveSlider, attestAdult } from './helpers.js';

/**
 * The login, registration and forced-change forms as a new member sees them (issue 11, item 11), on
 * the phone profile, against the real server in development mode (every slider gap at x = 120).
 * Aurora has the slider captcha on login and registration and the forced change of expired
 * passwords; its demo member "expired" has an expired password, and all demo members share the
 * password Demo1234.
 */

function uniqueUsername(): string {
  return `f_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

/** The field (label, input, message, rules) around an input. */
function fieldOf(page: Page, input: Locator): Locator {
  return page.locator('.auth-field').filter({ has: input });
}

/** The processing lock of login and registration is released 500 ms after an attempt (spec section 4). */
const waitForTheLock = (page: Page) => page.waitForTimeout(600);

test.describe('account forms', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('registration shows the username and password rules before submitting and checks them as the member types', async ({
    page,
  }) => {
    await page.goto('/m/register');
    const username = page.getByLabel('Username', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const usernameRules = fieldOf(page, username).getByRole('listitem');
    const passwordRules = fieldOf(page, password).getByRole('listitem');
    const met = (field: Locator) => fieldOf(page, field).locator('.auth-rule-met');

    // Before anything is typed or sent: the rules, and no error.
    await expect(usernameRules).toHaveText([
      /4 to 20 characters/,
      /Only English letters \(A–Z\), digits and underscores/,
    ]);
    await expect(passwordRules).toHaveText([
      /6 to 64 characters/,
      /At least one English letter \(A–Z\) and one digit/,
    ]);
    await expect(met(username)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await username.pressSequentially('abc');
    await expect(met(username)).toHaveText([/Only English letters/]);
    await username.pressSequentially('d');
    await expect(met(username)).toHaveCount(2);
    await username.fill('josé_1');
    await expect(met(username)).toHaveText([/4 to 20 characters/]);
    await username.fill('a'.repeat(21));
    await expect(met(username)).toHaveText([/Only English letters/]);

    await password.pressSequentially('secret');
    await expect(met(password)).toHaveText([/6 to 64 characters/]);
    await password.pressSequentially('1');
    await expect(met(password)).toHaveCount(2);

    // Leaving a field that breaks a rule says so under it, in words.
    await password.focus();
    await expect(fieldOf(page, username).getByRole('alert')).toHaveText(
      'Use 4 to 20 characters: English letters, digits or underscores.',
    );
    await expect(fieldOf(page, password).getByRole('alert')).toHaveCount(0);
  });

  test('"This field is required" goes once the field is filled; no "Verification failed" before an attempt', async ({
    page,
  }) => {
    await page.goto('/m/login');
    await expect(page.getByLabel('Slide the piece into the gap')).toBeVisible();
    await expect(page.getByText(/Verification failed/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const username = page.getByLabel('Username', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    await expect(username).toHaveAccessibleDescription('This field is required.');
    await expect(password).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByText('Please complete the security check.')).toBeVisible();
    await expect(page.getByText(/Verification failed/)).toHaveCount(0);

    await username.fill('demo');
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required.')).toHaveCount(1);
    await password.fill('x');
    await expect(page.getByText('This field is required.')).toHaveCount(0);
    await solveSlider(page);
    await expect(page.getByText('Please complete the security check.')).toHaveCount(0);
  });

  test('a taken username is said under the field, translated; the solved check stays for the retry', async ({
    page,
  }) => {
    let puzzles = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/wps/captcha/geetest')
        puzzles += 1;
    });
    await page.goto('/m/register');
    const username = page.getByLabel('Username', { exact: true });
    await username.fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('E2e-Pass-1');
    await page.getByLabel('Confirm password').fill('E2e-Pass-1');
    await attestAdult(page);
    await solveSlider(page);
    const solvedAfter = puzzles;
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(username).toHaveAccessibleDescription(/^This username is already taken\./);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('Verified')).toBeVisible();

    // Another name: the message goes with the edit, the same pass goes with the retry.
    await username.fill(uniqueUsername());
    await expect(username).not.toHaveAccessibleDescription(/already taken/);
    await waitForTheLock(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    expect(puzzles).toBe(solvedAfter);
  });

  // The pass is what gates password guesses, so a wrong password spends it (apps/server/README.md,
  // "Member accounts"); the member gets a fresh puzzle quietly, never an error about the check.
  test('a wrong password shows one translated alert and a fresh puzzle, no captcha error', async ({
    page,
  }) => {
    await page.goto('/m/login');
    // Not "demo": the other specs' wrong passwords count against it too (5 per account and address).
    await page.getByLabel('Username', { exact: true }).fill('agent');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await solveSlider(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText('The username or password is incorrect.');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/Verification failed/)).toHaveCount(0);
    await expect(page.getByText('The security check has expired. Please complete it again.')).toHaveCount(0);
    // The fresh puzzle, unsolved, and the right password then logs in once it is solved.
    await expect(page.getByText('Verified')).toHaveCount(0);
    await waitForTheLock(page);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await solveSlider(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/(home|member\/home)$/);
  });

  test('a member on the forced password change sees the rules and can log out instead', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'expired');
    await expect(page).toHaveURL(/\/m\/changePsw$/);
    await expect(page.getByText('Please change your password before you continue.')).toBeVisible();
    const newPassword = page.getByLabel('New password');
    await expect(fieldOf(page, newPassword).getByRole('listitem')).toHaveText([
      /6 to 64 characters/,
      /At least one English letter/,
    ]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.locator('.bottom-nav').getByRole('link', { name: 'Log in' })).toBeVisible();
    // Signed out for real: no page leads back to the change, which now asks for a login.
    await page.goto('/m/game');
    await expect(page).toHaveURL(/\/m\/game$/);
    await page.goto('/m/changePsw');
    await expect(page).toHaveURL(/\/m\/login\?go=%2Fm%2FchangePsw$/);
  });
});
