import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, skipLobbyPopup } from './helpers.js';

// Lotus starts games in the app only (STARTGAMEINAPP3): a member in the browser is offered the way
// in (Install when the browser's prompt was captured, else the home-screen steps), in their language.
const PORT = process.env.E2E_PORT ?? 18080;
const lotus = (path: string) => `http://lotus.localhost:${PORT}${path}`;
const LAUNCH = '/m/launchGame?vendor=NOVA_LOTTO&code=NOVA_FAST3&backUrl=%2Fm%2Fhome';

async function logInToLotus(page: Page): Promise<void> {
  await page.goto(lotus('/m/login'));
  await page.evaluate(() => window.localStorage.setItem('wps.language', 'EN'));
  await page.reload();
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/, { timeout: 20_000 });
}

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test.describe('the start-in-app dialog (lotus, a browser tab)', () => {
  test.setTimeout(60_000);

  test('without an install prompt: the add-to-home-screen steps and Cancel, then back', async ({ page }) => {
    await logInToLotus(page);
    await page.goto(lotus(LAUNCH));
    const dialog = page.getByRole('dialog', { name: 'Play in the app' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText('Games can only be started in the app or from the home-screen icon.');
    // Android Chrome (the phone profile): the browser's menu → Install app / Add to Home screen.
    await expect(dialog.getByRole('listitem')).toHaveText([
      "Open the browser's menu.",
      'Choose “Install app” or “Add to Home screen”.',
      "Confirm: the app's icon appears on your home screen.",
    ]);
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test('with the browser’s install prompt captured: Install runs it', async ({ page, context }) => {
    // The browser offers installing (Chrome's beforeinstallprompt), once the app listens for it.
    await context.addInitScript(() => {
      window.addEventListener('DOMContentLoaded', () => {
        setTimeout(() => {
          const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: () => {
              (window as unknown as { prompted: boolean }).prompted = true;
              return Promise.resolve();
            },
            userChoice: Promise.resolve({ outcome: 'accepted' }),
          });
          window.dispatchEvent(event);
        }, 0);
      });
    });
    await logInToLotus(page);
    await page.goto(lotus(LAUNCH));
    const dialog = page.getByRole('dialog', { name: 'Play in the app' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Install the app' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(page.getByText('Installing…')).toBeVisible();
  });

  for (const [language, title, cancel] of [
    ['VI', 'Chơi trong ứng dụng', 'Hủy'],
    ['AR', 'العب من التطبيق', 'إلغاء'],
  ] as const) {
    test(`in the member’s language: ${language}`, async ({ page }) => {
      if (language === 'AR') {
        // Lotus offers VI, EN and CN: Arabic added to its settings' answer, for a right-to-left check.
        await page.route('**/wps/system/settings*', async (route) => {
          const request = route.request();
          const response = await route.fetch({
            url: request.url().replace('lotus.localhost', '127.0.0.1'),
            headers: { ...request.headers(), host: `lotus.localhost:${PORT}` },
          });
          const body = (await response.json()) as { value: { languages: string[] } };
          body.value.languages = [...body.value.languages, 'AR'];
          await route.fulfill({ response, json: body });
        });
      }
      await logInToLotus(page);
      await page.evaluate((code) => window.localStorage.setItem('wps.language', code), language);
      await page.goto(lotus(LAUNCH));
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await expect(dialog.getByRole('listitem')).toHaveCount(3);
      await expect(dialog.getByRole('button', { name: cancel })).toBeVisible();
      if (language === 'AR') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(dialog).not.toContainText('Install');
    });
  }
});
