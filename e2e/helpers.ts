import { createHmac } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * Shared steps of the end-to-end tests, against the real server in development mode (DEV_MODE=1:
 * every slider gap is at x = 120 and every SMS / email code is 000000). Demo members
 * (apps/server/src/seed/members.ts) share the password Demo1234.
 */

export const DEMO_PASSWORD = 'Demo1234';
export const DEV_CAPTCHA_ANSWER_X = '120';
export const DEV_VERIFICATION_CODE = '000000';
/** The authenticator key of the demo members with a second factor (`secure`). */
export const DEMO_TOTP_SECRET = 'WPSDEMO2FAAURORA';

/**
 * Moves the slider to the gap the way a keyboard user would: Page Up four times (28 each) and eight
 * arrow taps to x = 120, a person's pause, Enter.
 */
export async function solveSlider(page: Page): Promise<void> {
  await startSecurityCheck(page);
  const slider = page.getByRole('slider', { name: 'Slide the piece into the gap' });
  await expect(slider).toBeEnabled();
  await slider.focus();
  for (let press = 0; press < 4; press += 1) await slider.press('PageUp');
  for (let press = 0; press < 8; press += 1) await slider.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', DEV_CAPTCHA_ANSWER_X);
  await page.waitForTimeout(600); // the provider refuses drags faster than a finger
  await slider.press('Enter');
  await expect(page.getByText('Verified')).toBeVisible();
}

/** The check shows its puzzle with the form, once the app has started (after the first paint). */
export async function startSecurityCheck(page: Page): Promise<void> {
  await appStarted(page);
  await expect(page.locator('.captcha-board img').first()).toBeVisible();
}

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveSlider(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Marks the lobby's popup announcement as already shown in this browser session, for tests about
 * something else: the popup is a modal and would sit over whatever they click on /m/home.
 */
/**
 * A normal window's storage quota. Playwright's contexts are off-the-record profiles, whose quota
 * Chromium sizes from memory (4 GiB against a 4.1 GiB heap limit in Chromium 150), so the app rightly
 * takes them for private windows and offers no social sign-in; a profile on disk gets 10 GiB here.
 */
export async function asNormalWindow(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const storage = navigator.storage as StorageManager | undefined;
    if (storage) storage.estimate = () => Promise.resolve({ quota: 10 * 1024 ** 3, usage: 0 });
  });
}

/**
 * Waits until the screen shows its data and the pictures in view, not its skeleton. Not `networkidle`: a signed-in
 * page keeps its balance's event stream open, so the network is never idle there.
 */
export async function screenSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // A lazy picture below the fold is not fetched until scrolled to: only the ones in view count.
    const inView = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    };
    return (
      document.querySelector('main [aria-busy="true"]') === null &&
      [...document.images].every((image) => image.complete || (image.loading === 'lazy' && !inView(image)))
    );
  });
}

export async function skipLobbyPopup(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    for (const merchant of ['aurora', 'lotus', 'orbit']) {
      window.sessionStorage.setItem(`wps.lobbyPopupShown.${merchant}`, '1');
    }
  });
}

/**
 * Closes the lobby's popup announcement when it is open, reading every page first when the merchant
 * asks for it (lotus: forcePopup and forceRead, so skipLobbyPopup cannot keep it away).
 */
export async function closeLobbyPopup(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Announcement' });
  await expect(popup).toBeVisible();
  const close = popup.getByRole('button', { name: 'Close', exact: true });
  const pages = await popup.getByRole('button', { name: /^Slide \d+$/ }).count();
  for (let turn = 1; turn < pages; turn += 1) {
    await popup.getByRole('button', { name: 'Next slide' }).click();
  }
  // Then its wait time, if any, runs out.
  await expect(close).toBeEnabled({ timeout: 15_000 });
  await close.click();
  await expect(popup).toBeHidden();
}

/** RFC 6238 (HMAC-SHA-1, 30 s, 6 digits) from a base32 key, as an authenticator app computes it. */
export function totp(base32: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Resolves once the app has hydrated the server's page (React's root is on #root): a page is painted
 * and its links work before, but the app's own handling (a failed screen's retry, dialogs) only then.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * What registration asks of age and terms (issue 29), as the merchant's profile says: an adult's date
 * of birth (aurora), the age confirmation (lotus, orbit), the terms where the merchant publishes them.
 */
export async function attestAdult(page: Page): Promise<void> {
  // A tick or a date given to the server's form before the app hydrated it is not the app's state:
  // hydration would drop it (a busy machine shows it).
  await appStarted(page);
  const dateOfBirth = page.locator('input[name="dateOfBirth"]');
  if ((await dateOfBirth.count()) > 0) {
    await dateOfBirth.fill('1990-01-01');
    await expect(dateOfBirth).toHaveValue('1990-01-01');
  }
  for (const name of ['ageConfirmed', 'termsAccepted']) {
    const box = page.locator(`input[name="${name}"]`);
    if ((await box.count()) > 0) {
      await box.check();
      await expect(box).toBeChecked();
    }
  }
}

/**
 * Answers the page's status check with no maintenance window ("open"): orbit is seeded inside one, so
 * its pages show the maintenance page unless the check says otherwise. `regionRestriction` answers
 * the visitor's region as blocked (the legal footer's restricted case).
 */
export async function statusWithoutMaintenance(
  page: Page,
  merchantCode = 'orbit',
  { regionRestriction = false, ip = '' }: { regionRestriction?: boolean; ip?: string } = {},
): Promise<void> {
  await page.route('**/wps/v2/system/status*', (route) =>
    route.fulfill({
      json: {
        success: true,
        value: { maintenance: false, maintenanceEnd: null, regionRestriction, ip, merchantCode },
      },
    }),
  );
}

/** The demo staff accounts' password and authenticator secret (docs/demo-staff.md). */
export const STAFF_PASSWORD = 'Staff-Demo-2026';
export const STAFF_TOTP_SECRET = 'WPSSTAFFDEMOTOTP';

/**
 * Signs the demo staff account `username` in on `merchant`'s back office at `path`, in a
 * phone-sized page of its own. A code works once per account: another sign-in of the same account in
 * the same 30 s window waits for the next one.
 */
export async function staffPage(
  browser: Browser,
  merchant: string,
  username: string,
  path = '/staff/',
): Promise<Page> {
  const host = merchant === 'aurora' ? 'localhost' : `${merchant}.localhost`;
  const port = Number(process.env.E2E_PORT ?? 18080);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`http://${host}:${port}${path}`);
  await signInStaff(page, username);
  return page;
}

/**
 * Signs the demo staff account `username` in on the back office's sign-in form `page` shows. A code
 * works once per account: one another spec just used is refused, so once more in the next window.
 */
export async function signInStaff(page: Page, username: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByLabel('Authenticator code').fill(totp(STAFF_TOTP_SECRET));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('button', { name: 'Sign out' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error(`the staff sign-in of ${username} was refused three times`);
}
