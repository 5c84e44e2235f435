import { expect, test, type Locator, type Page } from '@playwright/test';
import { appStarted, asNormalWindow, logIn, solveSlider, skipLobbyPopup } from './helpers.js';

/**
 * Every dialog of the product on a phone (docs/architecture.md, "Dialogs"): each opens as a modal,
 * closes by its visible close control (a phone has no Escape key), and gives the focus back to where
 * it was. The domain-not-available popup is the one that cannot be closed.
 */

const port = Number(process.env.E2E_PORT ?? 18080);

/** Closes `dialog` by the control named `name` and checks it is gone and `returnTo` has the focus. */
async function closeBy(dialog: Locator, returnTo: Locator, name = 'Close'): Promise<void> {
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

/** Fills the login form and submits it from the password field, which keeps the focus. */
async function submitLogin(page: Page, username: string, password: string): Promise<Locator> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill(password);
  await solveSlider(page);
  await passwordField.press('Enter');
  return passwordField;
}

test.describe('dialogs on a phone', () => {
  test('the register dialog from the header link has a close control', async ({ page }) => {
    await page.goto('/m/login');
    // The link opens the dialog once the app has hydrated the page (the browser follows it before).
    await appStarted(page);
    const link = page.locator('.header-actions').getByRole('link', { name: 'Register' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog (its first control: the username/mobile tabs when both are offered).
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await closeBy(dialog, link);
    await expect(page).toHaveURL(/\/m\/login$/);
  });

  test('the second-factor dialog of the demo member secure', async ({ page }) => {
    await page.goto('/m/login');
    const passwordField = await submitLogin(page, 'secure', 'Demo1234');
    const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
    await expect(dialog).toBeVisible();
    await closeBy(dialog, passwordField);
    await expect(page).toHaveURL(/\/m\/login$/);
  });

  test('the social sign-in confirm dialog (lotus, a Google sign-in with no account)', async ({
    page,
    context,
  }) => {
    await asNormalWindow(context);
    await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
    await page.goto(`http://lotus.localhost:${port}/m/login`);
    const google = page.getByRole('button', { name: 'Continue with Google' });
    const popupOpened = page.waitForEvent('popup');
    await google.click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('link', { name: 'A new test user' }).click();
    await closed;
    const dialog = page.getByRole('dialog', { name: 'Link your sign-in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Log in and link' })).toBeFocused();
    await closeBy(dialog, google);
    await expect(page).toHaveURL(/\/m\/login$/);
  });

  test('the error alert of a failed login', async ({ page }) => {
    await page.goto('/m/login');
    const passwordField = await submitLogin(page, 'demo', 'not-the-password');
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('incorrect');
    await expect(alert.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await closeBy(alert, passwordField);
  });

  test('the popup announcement on home closes by its Close button once its wait is over', async ({
    page,
  }) => {
    // Hold the popup back until something on the page has the focus, to see it come back there.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/wps/relay/MCSFE_getPopupAnnouncement**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/m/home');
    const brand = page.locator('.shell-brand');
    await expect(brand).not.toBeEmpty();
    await brand.focus();
    release();
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close', exact: true })).toBeEnabled({ timeout: 15_000 });
    await closeBy(popup, brand);
  });

  test('the announcement list of the marquee', async ({ page, context }) => {
    await skipLobbyPopup(context);
    await page.goto('/m/home');
    const open = page.getByRole('button', { name: 'Show all announcements' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    await expect(dialog).toBeVisible();
    await closeBy(dialog, open);
  });

  test('the open-game dialog of a free-play game card', async ({ page }) => {
    await page.goto('/m/rng');
    // A card is a link: before the app has hydrated the page the browser would follow it.
    await appStarted(page);
    const cardLink = page
      .locator('.game-card', { hasText: 'Golden Comet' })
      .first()
      .locator('.game-card-open');
    await cardLink.click();
    const dialog = page.getByRole('dialog', { name: 'Golden Comet' });
    await expect(dialog.getByRole('button', { name: 'Try for free' })).toBeFocused();
    await closeBy(dialog, cardLink);
    await expect(page).toHaveURL(/\/m\/rng$/);
  });

  test('the language picker from the header', async ({ page, context }) => {
    await skipLobbyPopup(context);
    await page.goto('/m/home');
    const button = page.getByRole('button', { name: 'Language' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Language' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await closeBy(dialog, button);
  });

  test('the domain-not-available popup cannot be closed, keeps the focus, and offers the ways out', async ({
    page,
  }) => {
    await page.goto(`http://unknown.test:${port}/m/home`);
    const popup = page.getByRole('alertdialog', { name: 'Domain not available' });
    await expect(popup).toBeVisible();
    const inside = () => popup.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(inside).toBe(true);
    // The operator's official site (OFFICIAL_SITE_URL of the test server), and Try again.
    await expect(popup.getByRole('link', { name: 'Go to the official site' })).toHaveAttribute(
      'href',
      'https://official.example/',
    );
    await expect(popup.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(popup.getByRole('button', { name: /close/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(popup).toBeVisible();
    expect(await inside()).toBe(true);
    const reloaded = page.waitForEvent('load');
    await popup.getByRole('button', { name: 'Try again' }).click();
    await reloaded;
    await expect(page.getByRole('alertdialog', { name: 'Domain not available' })).toBeVisible();
  });
});

test.describe('the lobby popup speaks to the person reading it', () => {
  test('a visitor gets the free-trial page, never the members’ one', async ({ page }) => {
    await page.goto('/m/home');
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await expect(popup).toContainText('Golden Comet is here');
    await expect(popup).toContainText('no account needed');
    await expect(popup).not.toContainText('Secure your account');
  });

  test('a member gets the members’ page, never “no account needed”', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await expect(popup).toContainText('Secure your account');
    await expect(popup).not.toContainText('no account needed');
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });
});
