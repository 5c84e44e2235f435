import { expect, test, type Page } from '@playwright/test';
import { appStarted, skipLobbyPopup } from './helpers.js';

const port = Number(process.env.E2E_PORT ?? 18080);
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

async function robots(page: Page): Promise<string | null> {
  return page
    .locator('meta[name="robots"]')
    .first()
    .getAttribute('content', { timeout: 1_000 })
    .catch(() => null);
}

const TEST_HOOKS = '__WPS_TEST_HOOKS__';

/**
 * A real session token of the demo member (the app checks a token by loading the member info, and
 * an unknown token runs the please-login flow). Logs in through the app's own client, with the
 * development-mode captcha pass the e2e server accepts (DEV_MODE=1).
 */
async function demoToken(page: Page): Promise<string> {
  await page.addInitScript((name) => {
    Reflect.set(window, name, {});
  }, TEST_HOOKS);
  await page.goto('/m/home');
  // The hooks are the app's: filled in once its code has run (after the first screen is shown).
  await page.waitForFunction((name) => 'post' in Object(Reflect.get(window, name)), TEST_HOOKS);
  return page.evaluate(async (name) => {
    const hooks = Reflect.get(window, name) as {
      post: (path: string, payload: unknown, options: Record<string, unknown>) => Promise<{ token: string }>;
    };
    const result = await hooks.post(
      '/wps/session/login',
      {
        type: 'username',
        username: 'demo',
        password: 'Demo1234',
        geetestValidateV4: 'dev-mode-captcha-pass',
        loginDeviceId: 'e2e00000-0000-4000-8000-000000000000',
        isOfficialAppLogin: false,
      },
      { encrypt: true, handleErrors: false },
    );
    return result.token;
  }, TEST_HOOKS);
}

// The lobby's popup announcement is a modal over /m/home; games.spec.ts covers it.
test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test.describe('route rules', () => {
  test('a protected route without a session goes to login, keeping where the user wanted to go', async ({
    page,
  }) => {
    await page.goto('/m/member/home?tab=wallet');
    await expect(page).toHaveURL(/\/m\/login\?go=%2Fm%2Fmember%2Fhome%3Ftab%3Dwallet$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('a token in the query opens a protected route and is stripped from the address bar', async ({
    page,
  }) => {
    const token = await demoToken(page);
    await page.goto(`/m/member/home?token=${encodeURIComponent(token)}&tab=wallet`);
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/member\/home\?tab=wallet$/);
    expect(page.url()).not.toContain(token);
    // The session survives in-app navigation and reloads of the tab.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  });

  const goCases: [string, string][] = [
    ['/m/game', '/m/game'],
    ['/m/activity?id=7', '/m/activity?id=7'],
    ['//evil.example/m/home', '/m/home'],
    ['https://evil.example/m/game', '/m/home'],
    ['/m/..%2F..%2Fevil', '/m/home'],
    ['javascript:alert(1)', '/m/home'],
  ];
  for (const [go, expected] of goCases) {
    test(`a signed-in visit to login honours go=${go} only for /m/ paths`, async ({ page }) => {
      const token = await demoToken(page);
      await page.goto(`/m/login?token=${encodeURIComponent(token)}&go=${encodeURIComponent(go)}`);
      await expect(page).toHaveURL(at('localhost', expected));
    });
  }

  test('tracking parameters are kept across a click and a reload', async ({ page }) => {
    await page.goto('/m/home?affiliateCode=AFF42&gclid=G-1&utm=drop');
    // The tile is a link: before the app has hydrated the page the browser follows it, and the visit
    // below could then come before any page's app has stored the parameters.
    await appStarted(page);
    // The category tile, named "Sports N games"; a game card such as "Arena Sportsbook" also
    // contains the word once the lobby's lists have arrived.
    await page.getByRole('link', { name: /^Sports \d+ games?$/ }).click();
    await expect(page.getByRole('heading', { name: 'Sports' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/m/sports');
    expect(url.searchParams.get('affiliateCode')).toBe('AFF42');
    expect(url.searchParams.get('gclid')).toBe('G-1');
    expect(url.searchParams.has('utm')).toBe(false);

    // A page opened later in the same browser gets the stored ones back.
    await page.goto('/m/game');
    await expect(page).toHaveURL(/affiliateCode=AFF42/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL(/\/m\/home\?.*affiliateCode=AFF42/);
  });
});

test.describe('indexing rule', () => {
  const cases: [string, string, string | null][] = [
    ['localhost', '/m/home', null],
    ['localhost', '/m/login', null],
    ['localhost', '/m/sports', null],
    ['localhost', '/m/game', 'noindex'],
    ['localhost', '/m/inviteFriends', 'noindex'],
    ['127.0.0.1', '/m/home', 'noindex'],
  ];
  for (const [host, path, expected] of cases) {
    test(`${host}${path} robots: ${expected ?? 'indexable'}`, async ({ page }) => {
      await page.goto(at(host, path));
      await expect(page.locator('.shell-brand')).not.toBeEmpty();
      expect(await robots(page)).toBe(expected);
    });
  }

  test('client-side navigation updates the robots meta', async ({ page }) => {
    await page.goto('/m/home');
    await appStarted(page);
    expect(await robots(page)).toBeNull();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Games' })
      .click();
    await expect(page).toHaveURL(/\/m\/game$/);
    await expect.poll(() => robots(page)).toBe('noindex');
  });
});

test.describe('merchants, for a visitor whose browser asks for a language none of them offers', () => {
  test.use({ locale: 'de-DE' });

  test('a merchant in its maintenance window shows the maintenance page', async ({ page }) => {
    await page.goto(at('orbit.localhost', '/m/home'));
    await expect(page.getByRole('heading', { name: /System Maintenance|صيانة/ })).toBeVisible();
    await expect(page.locator('time')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('each merchant gets its own language and theme', async ({ page }) => {
    await page.goto(at('lotus.localhost', '/m/home'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi-VN');
    await expect(page.locator('.shell-brand')).toHaveText('Lotus Lotto');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    await page.goto(at('localhost', '/m/home'));
    const otherPrimary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).not.toBe(otherPrimary);
  });

  test('an unknown domain gets the domain-not-available popup', async ({ page }) => {
    await page.goto(at('unknown.test', '/m/home'));
    await expect(page.getByRole('alertdialog', { name: 'Domain not available' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toContainText('unknown.test');
  });
});

test.describe('layout', () => {
  test.use({
    viewport: { width: 1600, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  test('on a desktop-size screen the body is at most 9/16 of the window height wide', async ({ page }) => {
    await page.goto('/m/home');
    await expect(page.locator('.shell-brand')).not.toBeEmpty();
    await expect.poll(() => page.evaluate(() => document.body.getBoundingClientRect().width)).toBe(506);
    await page.setViewportSize({ width: 1600, height: 800 });
    await expect.poll(() => page.evaluate(() => document.body.getBoundingClientRect().width)).toBe(450);
  });
});

test.describe('server answers', () => {
  test('status answers the envelope, app routes answer HTML, a missing asset is a 404', async ({
    request,
  }) => {
    const status = await request.get('/wps/v2/system/status');
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ success: true, value: { maintenance: false } });
    const route = await request.get('/m/changePsw');
    expect(route.headers()['content-type']).toContain('text/html');
    expect(route.headers()['cache-control']).toBe('no-cache');
    const missing = await request.get('/m/assets/missing-123.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type'] ?? '').not.toContain('text/html');
  });
});

test.describe('a visitor’s browser language, where the merchant offers it', () => {
  for (const [locale, lang, dir, heading] of [
    ['en-US', 'en-US', 'ltr', 'System Maintenance'],
    ['ar-AE', 'ar', 'rtl', 'صيانة النظام'],
  ] as const)
    test(`orbit (Arabic by default) for a ${locale} browser: ${lang}, ${dir}`, async ({ browser }) => {
      const context = await browser.newContext({ ...test.info().project.use, locale });
      const page = await context.newPage();
      await page.goto(at('orbit.localhost', '/m/home'));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await context.close();
    });
});
