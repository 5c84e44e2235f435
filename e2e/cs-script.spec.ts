import { expect, test } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

/**
 * A merchant's third-party chat (issue 16): lotus names a chat script (the server's local stand-in of
 * a widget), injected after the page's load; aurora names none and gets none.
 */

const port = process.env.E2E_PORT ?? 18080;

test.describe('third-party chat script', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('lotus: the widget appears after the page has loaded and opens', async ({ page }) => {
    const scriptAsked = page.waitForRequest((request) => request.url().includes('/wps/dev/cs-widget.js'));
    await page.goto(`http://lotus.localhost:${port}/m/game`);
    await scriptAsked;
    const launcher = page.getByRole('button', { name: 'Open the demo chat widget' });
    await expect(launcher).toBeVisible();
    await launcher.click();
    await expect(page.getByRole('dialog', { name: 'Demo chat widget' })).toBeVisible();
  });

  test('aurora: no chat script', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('cs-widget')) asked.push(request.url());
    });
    const answer = page.waitForResponse((response) =>
      response.url().includes('/wps/relay/WPSCORE_getCustomerServiceScript'),
    );
    await page.goto('/m/game');
    expect(await (await answer).json()).toMatchObject({ success: true, value: { src: null } });
    expect(asked).toEqual([]);
    await expect(page.getByRole('button', { name: 'Open the demo chat widget' })).toBeHidden();
  });
});
