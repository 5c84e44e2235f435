import { expect, test, type Page } from '@playwright/test';
import { logIn, skipLobbyPopup, totp } from './helpers.js';

// The back office (apps/staff at /staff/) and its support desk (still the server's page, /staff/chat):
// one staff session for both. The desk's state follows the conversation and the session: Pick up
// disabled once picked up, the canned replies listed once however often the agent signs in; the
// app's Sign out ends the session for both.
const STAFF_PASSWORD = 'Staff-Demo-2026';
const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';

/** Each authenticator code works once: wait for the next 30 s window before signing in again. */
async function signIn(staff: Page, username: string, waitForFreshCode: boolean): Promise<void> {
  if (waitForFreshCode) await staff.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
  await staff.getByLabel('User name').fill(username);
  await staff.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

test('Sign in to the back office, Support opens the desk: Pick up, canned replies after a second sign-in, Sign out', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  await skipLobbyPopup(context);
  await page.goto('/m/login');
  // Not demo: support-chat.spec.ts needs demo's conversation untouched on the same server.
  await logIn(page, 'settings');
  await expect(page).toHaveURL(/\/m\/home$/);
  await page.getByRole('link', { name: 'Me', exact: true }).click();
  await page.getByRole('link', { name: 'Customer service' }).click();
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-state')).toHaveText(/Sent/);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto('/staff/');
  // A fresh code: another spec may have used this window's code for this agent.
  await signIn(staff, 'aurora-agent', true);
  // An agent's sections are Support (the desk, signed in by the same session), Staff (its own
  // sessions) and Members.
  const sections = staff.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link')).toHaveText(['Support', 'Staff', 'Members']);
  await sections.getByRole('link', { name: 'Support' }).click();
  await expect(staff).toHaveURL(/\/staff\/chat$/);
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await staff
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /settings/ })
    .click();
  const pickUp = staff.getByRole('button', { name: 'Pick up' });
  await expect(pickUp).toBeEnabled();
  await pickUp.click();
  await expect(staff.locator('#details')).toContainText('assigned (Alex (support))');
  await expect(pickUp).toBeDisabled();

  const canned = staff.getByLabel('Canned replies').locator('option');
  await expect(canned).toHaveText(['Canned replies…', 'Greeting', 'Checking', 'Closing']);
  await staff.getByRole('button', { name: 'Sign out' }).click();
  await expect(staff.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await signIn(staff, 'aurora-agent', true);
  await expect(canned).toHaveText(['Canned replies…', 'Greeting', 'Checking', 'Closing']);
  // Still this agent's after the new sign-in: not to be picked up again.
  await staff
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /settings/ })
    .click();
  await expect(pickUp).toBeDisabled();

  // The desk's Push link opens the app, which tells an agent it may not push; its Sign out ends the session.
  await staff.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Push' }).click();
  await expect(staff).toHaveURL(/\/staff\/push$/);
  await expect(staff.getByRole('alert')).toHaveText('Your role may not send pushes. Ask a supervisor.');
  const signOut = staff.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await expect(staff).toHaveURL(/\/staff\/$/);
  await expect(staff.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  // Signed out for real: the Push screen and the desk both ask to sign in.
  await staff.goto('/staff/push');
  await expect(staff.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await staff.goto('/staff/chat');
  await expect(staff.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await staffContext.close();
});
