import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, skipLobbyPopup } from './helpers.js';

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

  test('lotus: a member’s customer service opens the widget instead of the merchant’s link', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
    await page.goto(`http://lotus.localhost:${port}/m/login?go=%2Fm%2Fmember%2Fhome`);
    // Lotus asks no captcha before a login.
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/member\/home$/);
    await expect(page.getByRole('button', { name: 'Open the demo chat widget' })).toBeVisible();
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    await page.getByRole('navigation', { name: 'Quick links' }).getByText('Customer service').click();
    await expect(page.getByRole('dialog', { name: 'Demo chat widget' })).toBeVisible();
    expect(popups).toEqual([]);
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
