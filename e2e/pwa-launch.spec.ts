import { expect, test, type Page } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';
import { type OwnServer, startOwnServer } from './pwa-deploy.js';

/**
 * Issue 13, items 2 and 8 in Chromium: the splash of an installed launch, the manifest and touch icon,
 * `fullscreen=0`, the WEBCLIP flag, and `from` handed to the service worker.
 */

// A server of its own over a copy of the build: a build others run meanwhile cannot pull the page away.
let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server.stop();
});

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

/** The splash is `body::before` (index.html). */
const splash = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.body, '::before');
    return {
      content: style.content,
      delay: style.animationDelay,
      timing: style.animationTimingFunction,
      visibility: style.visibility,
    };
  });

/** What startPwa (loaded 3 s after the page's load, when idle) has done, polled. */
const meta = (page: Page, name: string) =>
  page.evaluate(
    (metaName) => document.head.querySelector<HTMLMetaElement>(`meta[name="${metaName}"]`)?.content ?? null,
    name,
  );

test.describe('the splash of an installed launch', () => {
  test('a browser visit has none', async ({ page }) => {
    await page.goto(`${server.origin}/m/home`);
    await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
    expect((await splash(page)).content).toBe('none');
  });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`a home-screen launch, motion ${reducedMotion}: at least 1.2 s over the page, then gone`, async ({
      page,
    }) => {
      // Chromium cannot emulate `display-mode: standalone` (DevTools ignores it), so the page is served
      // with that media query already true, which is what a home-screen launch gives the same CSS.
      await page.route('**/m/home', async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const launched = html.replace(
          /@media\s*\(display-mode:\s*standalone\)\s*,\s*\(display-mode:\s*fullscreen\)/,
          '@media all',
        );
        expect(launched).not.toBe(html);
        await route.fulfill({ response, body: launched });
      });
      await page.emulateMedia({ reducedMotion });
      await page.goto(`${server.origin}/m/home`, { waitUntil: 'domcontentloaded' });
      const shown = await splash(page);
      expect(shown.content).toBe('""');
      expect(shown.visibility).toBe('visible');
      expect(shown.delay).toBe('1.2s');
      // Reduced motion: no fade, it goes at once.
      expect(shown.timing).toBe(reducedMotion === 'reduce' ? 'steps(1)' : 'ease-in');
      // The server-rendered page is there beneath it from the start, for assistive technology too.
      await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
      await page.waitForFunction(
        () => getComputedStyle(document.body, '::before').visibility === 'hidden',
        null,
        {
          timeout: 10_000,
        },
      );
      // Never before the minimum (ms since the navigation started).
      expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(1_200);
    });
  }
});

test('the merchant’s manifest names the home-screen title; its touch icon is linked', async ({ page }) => {
  await page.goto(`${server.origin}/m/home`);
  const manifest = await page.evaluate(async () => {
    const href = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
    const body: unknown = await (await fetch(href)).json();
    return { shortName: String(Reflect.get(Object(body), 'short_name')) };
  });
  await expect
    .poll(() => meta(page, 'apple-mobile-web-app-title'), { timeout: 20_000 })
    .toBe(manifest.shortName);
  expect(await meta(page, 'application-name')).toBe(manifest.shortName);
  const icon = await page.evaluate(
    () => document.head.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? '',
  );
  expect((await page.request.get(icon)).status()).toBe(200);
});

test.describe('fullscreen=0', () => {
  for (const [search, capable] of [
    ['?fullscreen=0', 'no'],
    ['?fullscreen=1', 'yes'],
    ['', 'yes'],
  ] as const) {
    test(`/m/home${search}: the page is web-app capable "${capable}"`, async ({ page }) => {
      await page.goto(`${server.origin}/m/home${search}`);
      // The manifest's title shows startPwa has run.
      await expect.poll(() => meta(page, 'apple-mobile-web-app-title'), { timeout: 20_000 }).not.toBeNull();
      expect(await meta(page, 'apple-mobile-web-app-capable')).toBe(capable);
      expect(await meta(page, 'mobile-web-app-capable')).toBe(capable);
    });
  }

  test('kept for the rest of the visit after a reload', async ({ page }) => {
    await page.goto(`${server.origin}/m/home?fullscreen=0`);
    // The app reads the arrival once it runs, after the first paint (boot.ts).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('wps.fullscreenDisabled'))).toBe('1');
    await page.goto(`${server.origin}/m/home`);
    await expect.poll(() => meta(page, 'apple-mobile-web-app-title'), { timeout: 20_000 }).not.toBeNull();
    expect(await meta(page, 'apple-mobile-web-app-capable')).toBe('no');
  });
});

test.describe('the WEBCLIP flag on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
  });

  for (const [search, flag] of [
    ['?homescreen=1', '1'],
    ['', null],
  ] as const) {
    test(`/m/home${search}: WEBCLIP ${flag ?? 'not'} written`, async ({ page }) => {
      await page.goto(`${server.origin}/m/home${search}`);
      await expect.poll(() => meta(page, 'apple-mobile-web-app-title'), { timeout: 20_000 }).not.toBeNull();
      expect(await page.evaluate(() => sessionStorage.getItem('wps.webclip'))).toBe(flag);
    });
  }
});

test.describe('`from`: the service worker’s target', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/m/home?from=/m/game hands /m/game to the worker, which keeps it', async ({ page }) => {
    await page.goto(`${server.origin}/m/home?from=%2Fm%2Fgame`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const stored = () =>
      page.evaluate(async () => {
        const response = await (await caches.open('wps-meta')).match('/m/__sw-target-url');
        return response ? response.text() : null;
      });
    await expect.poll(stored, { timeout: 10_000 }).toBe('/m/game');

    // A later visit (a new tab: a new session) without `from` clears it.
    const later = await page.context().newPage();
    await later.goto(`${server.origin}/m/home`);
    await expect.poll(stored, { timeout: 20_000 }).toBeNull();
    await later.close();
  });

  test('a hostile `from` is not handed over', async ({ page }) => {
    await page.goto(`${server.origin}/m/home?from=https%3A%2F%2Fevil.example%2Fm%2Fhome`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    // The worker has had every message the page sends once it controls it (the catalog is one of them;
    // the target sent is empty, as the arrival refused the address).
    await page.waitForFunction(async () => (await (await caches.open('wps-i18n')).keys()).length > 0, null, {
      timeout: 10_000,
    });
    const stored = await page.evaluate(async () => {
      if (!(await caches.has('wps-meta'))) return 0;
      return (await (await caches.open('wps-meta')).keys()).length;
    });
    expect(stored).toBe(0);
  });
});
