import { expect, test, type Page } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

/**
 * The web side of the native shell bridge (docs/native-shell.md) against a fake shell: a
 * `window.WPSNativeBridge` injected before the page loads, which records what the page posts and
 * answers `ready` with its app info through `window.WPSWebBridge.receive`.
 */
async function installFakeShell(page: Page, appInfo: { version: string; upgradeAvailable: boolean }) {
  await page.addInitScript((info) => {
    const sent: unknown[] = [];
    Reflect.set(window, '__shellSent', sent);
    Reflect.set(window, 'WPSNativeBridge', {
      postMessage(json: string) {
        const message = JSON.parse(json) as { type: string };
        sent.push(message);
        if (message.type === 'ready') {
          setTimeout(() => {
            const web = Reflect.get(window, 'WPSWebBridge') as { receive: (raw: unknown) => void };
            web.receive(JSON.stringify({ type: 'appInfo', platform: 'android', ...info }));
          }, 50);
        }
        if (message.type === 'requestPushToken') {
          setTimeout(() => {
            const web = Reflect.get(window, 'WPSWebBridge') as { receive: (raw: unknown) => void };
            web.receive({ type: 'pushToken', token: 'fake-push-token' });
          }, 50);
        }
      },
    });
  }, appInfo);
}

const sentToShell = (page: Page) =>
  page.evaluate(() => Reflect.get(window, '__shellSent') as { type: string }[]);

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test('from 2.4.39 the upgrade modal asks the shell to download the package itself', async ({ page }) => {
  await installFakeShell(page, { version: '2.4.39', upgradeAvailable: true });
  await page.goto('/m/home');
  const modal = page.getByRole('alertdialog', { name: 'New version available' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('A new version of the app is ready.');
  // Mandatory updates are off for this merchant: the modal can be closed.
  await expect(modal.getByRole('button', { name: 'Close' })).toBeVisible();
  await modal.getByRole('button', { name: 'Update Now' }).click();

  await expect
    .poll(() => sentToShell(page))
    .toEqual(
      expect.arrayContaining([
        { type: 'ready' },
        { type: 'requestPushToken' },
        {
          type: 'upgrade',
          url: 'https://play.google.com/store/apps/details?id=com.example.auroraplay',
          direct: true,
        },
      ]),
    );
  // Inside the shell: no download bar, no install guide, no add-to-home-screen popup.
  await expect(page.locator('[data-group="m_top"]')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Add to home screen' })).toHaveCount(0);
});

test('below 2.4.39 Update Now opens the download link through the shell; no upgrade, no modal', async ({
  page,
}) => {
  await installFakeShell(page, { version: '2.4.38', upgradeAvailable: true });
  await page.goto('/m/home');
  const modal = page.getByRole('alertdialog', { name: 'New version available' });
  await modal.getByRole('button', { name: 'Update Now' }).click();
  await expect
    .poll(async () => (await sentToShell(page)).filter((message) => message.type !== 'requestPushToken'))
    .toEqual([
      { type: 'ready' },
      { type: 'openExternal', url: 'https://play.google.com/store/apps/details?id=com.example.auroraplay' },
    ]);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('no upgrade possible: no modal', async ({ page }) => {
  await installFakeShell(page, { version: '2.4.39', upgradeAvailable: false });
  await page.goto('/m/home');
  await expect.poll(async () => (await sentToShell(page)).map((message) => message.type)).toContain('ready');
  await page.waitForTimeout(500);
  await expect(page.getByRole('alertdialog', { name: 'New version available' })).toHaveCount(0);
});
