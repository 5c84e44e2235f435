import { expect, test, type Page } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

/**
 * The first screen comes rendered in the HTML (apps/web/src/entry-server.tsx) and the browser
 * hydrates it: no mismatch, the largest paint is in the server's markup, and the page reads without
 * JavaScript.
 */

const PORT = process.env.E2E_PORT ?? 18080;
const at = (host: string, path: string) => `http://${host}:${PORT}${path}`;
const MERCHANT_HOSTS = ['localhost', 'lotus.localhost', 'orbit.localhost'];
const PAGES = ['/m/home', '/m/game', '/m/login', '/m/register', '/m/activity'];

/** React's own words for a mismatch, in development and in production (#418, #419, #425). */
const HYDRATION_PROBLEM = /hydration|did not match|React error #(418|419|425)/i;

function watchHydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) problems.push(error.message);
  });
  return problems;
}

/** Resolves once React has hydrated the page: a control of the header answers clicks. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

test.describe('server-rendered first screens', () => {
  test.beforeEach(async ({ context }) => skipLobbyPopup(context));

  for (const host of MERCHANT_HOSTS) {
    for (const path of PAGES) {
      test(`${host}${path} carries its screen and hydrates without a mismatch`, async ({ page }) => {
        const problems = watchHydrationProblems(page);
        const stylesheets: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
        });
        const response = await page.goto(at(host, path));
        const html = (await response?.text()) ?? '';
        expect(html).toContain('<script id="wps-state" type="application/json">');
        expect(html).toMatch(/<main\b[^>]*\bid="main"[^>]*>[\s\S]*<\/main>/);
        await waitForHydration(page);
        // Long enough for the after-hydration renders (session, status) to have run.
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
        // The styles inline in the page are never fetched and applied again by the app's chunks.
        const inlined = [
          ...html.matchAll(/<link rel="stylesheet" href="([^"]+)" type="text\/plain" disabled>/g),
        ].map((m) => m[1]);
        expect(inlined.length).toBeGreaterThan(0);
        expect(stylesheets.filter((sheet) => inlined.includes(sheet))).toEqual([]);
      });
    }
  }

  test('a page whose state does not match its markup is reported (the check above can fail)', async ({
    page,
  }) => {
    await page.route('**/m/login', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /("merchantName":")Aurora Play/,
        (_all, prefix: string) => `${prefix}Tampered`,
      );
      await route.fulfill({ response, body });
    });
    const problems = watchHydrationProblems(page);
    await page.goto('/m/login');
    await waitForHydration(page);
    await expect.poll(() => problems.length).toBeGreaterThan(0);
  });

  test("the home page's largest paint is an image of the server's HTML", async ({ page, request }) => {
    const html = await (await request.get('/m/home')).text();
    const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(html).toMatch(/<img\b[^>]*fetchpriority="high"/i);
    await page.addInitScript(() => {
      const win = window as unknown as { lcpUrl: string | null };
      win.lcpUrl = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { url?: string }[]) {
          win.lcpUrl = (entry as unknown as { url: string }).url || null;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/m/home');
    await page.waitForLoadState('networkidle');
    const lcpUrl = await page.evaluate(() => (window as unknown as { lcpUrl: string | null }).lcpUrl);
    expect(lcpUrl).not.toBeNull();
    const served = images.map((src) => new URL(src ?? '', page.url()).pathname.replace(/\.\w+$/, ''));
    // The <picture> may pick the AVIF or WebP source of the same image.
    expect(served).toContain(new URL(lcpUrl ?? '', page.url()).pathname.replace(/\.\w+$/, ''));
  });

  test.describe('inside a maintenance window (orbit), for a visitor in another time zone', () => {
    test.use({ timezoneId: 'Asia/Manila' });

    test('the page is the maintenance page from the server, and hydrates to the local end time', async ({
      page,
    }) => {
      const problems = watchHydrationProblems(page);
      const response = await page.goto(at('orbit.localhost', '/m/home'));
      const html = (await response?.text()) ?? '';
      // The first paint: the maintenance page, its end in UTC (the server cannot know the zone).
      expect(html).toMatch(/<main class="maintenance" id="main">/);
      // Styled from the first paint: its styles are inline (they moved the whole page when they came).
      expect(html).toMatch(/<style>[^<]*\.maintenance\{/);
      expect(html).toMatch(/<time dateTime="[^"]+">[^<]+ UTC<\/time>/);
      expect(html).toContain('"maintenance":{"end":"');
      await waitForHydration(page);
      const end = page.locator('.maintenance time');
      await expect(end).toBeVisible();
      await expect(end).not.toContainText('UTC');
      // In Manila's clock (UTC+8), not the server's.
      const shown = await end.textContent();
      const iso = (await end.getAttribute('datetime')) ?? '';
      const local = await page.evaluate(
        (value) =>
          new Intl.DateTimeFormat(document.documentElement.lang || 'ar', {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(value)),
        iso,
      );
      expect(shown).toBe(local);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the lobby shows its name, banners and categories', async ({ page }) => {
      await page.goto('/m/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Aurora Play' })).toBeAttached();
      await expect(page.locator('.home-banners img').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    });

    test('the login page shows its form', async ({ page }) => {
      await page.goto('/m/login');
      await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    });
  });

  test('a signed-in member hydrates as a visitor, then sees the member navigation', async ({ page }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home/);
    const problems = watchHydrationProblems(page);
    await page.goto('/m/game');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'Me', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
