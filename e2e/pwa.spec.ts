import { expect, test } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

// The one spec with the service worker on (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test('the worker registers and controls /m/home; offline a reload shows the cached shell, and it recovers', async ({
  page,
  context,
}) => {
  await page.goto('/m/home');
  await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');

  // Registered after the first paint, then controls the page (the first version claims it).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(new URL(script).pathname).toBe('/m/sw.js');
  expect(new URL(script).searchParams.get('merchant')).toBe('aurora');
  // The catalog the page loaded before the worker existed is kept for offline use.
  await page.waitForFunction(async () => (await (await caches.open('wps-i18n')).keys()).length > 0, null, {
    timeout: 10_000,
  });

  await context.setOffline(true);
  await page.reload();
  // The cached shell and the app's offline state, not the browser's error page. (Chromium 150 reports
  // navigator.onLine true on the reloaded page: the worker's shell alone says the network failed.)
  await expect(page.getByText('No network connection.', { exact: false })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Games' })).toBeVisible();

  // The page the worker answered offline: the marked shell, without the merchant's data.
  await expect(page.locator('meta[name="wps-offline-shell"]')).toHaveCount(1);

  // Back online: the page reloads by itself, with the merchant's data.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await context.setOffline(false);
  await reloaded;
  await expect(page.locator('meta[name="wps-offline-shell"]')).toHaveCount(0);
  await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
  await expect(page.getByTestId('home-hot').locator('.game-card').first()).toBeVisible();
  await expect(page.getByText('No network connection.', { exact: false })).toBeHidden();
});

test('a link tapped offline in the installed app opens its screen from the precache', async ({
  page,
  context,
}) => {
  await page.goto('/m/home');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Log in' })
    .click();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
});

test('the install prompt: a synthetic beforeinstallprompt on /m/home, Agree, then the browser prompt', async ({
  page,
}) => {
  // The app's script runs after the first paint (boot.ts): the event is sent once it listens, which the
  // test hooks it fills in show.
  await page.addInitScript(() => Reflect.set(window, '__WPS_TEST_HOOKS__', {}));
  await page.goto('/m/home');
  await page.waitForFunction(() => 'get' in Object(Reflect.get(window, '__WPS_TEST_HOOKS__')));
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => Reflect.set(window, 'e2ePrompted', true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  const popup = page.getByRole('dialog', { name: 'Add to home screen' });
  // startPwa runs 3 s after the load, when the page is idle (at most 5 s later), then polls the event;
  // the app asks only once the visitor has used the page (here already: Playwright's evaluate counts
  // as a user gesture; features/pwa/startPwa.install.test.ts holds the rule).
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await popup.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByText('Installing…')).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, 'e2ePrompted'))).toBe(true);
});

test('/m/sw.js answers JavaScript, no-cache', async ({ request }) => {
  const response = await request.get('/m/sw.js?environment=production&merchant=aurora');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  expect(response.headers()['cache-control']).toBe('no-cache');
});
