import { expect, test, type Request } from '@playwright/test';
import { skipLobbyPopup } from './helpers.js';

/**
 * The /wps transport in a real browser against the real server: the headers of a request the app
 * sends by itself, and an encrypted POST sealed by the app's own client and opened by the server.
 */

const TEST_HOOKS = '__WPS_TEST_HOOKS__';

interface TestHooks {
  post: (path: string, payload: unknown, options: Record<string, unknown>) => Promise<unknown>;
}

type Outcome =
  { ok: true; value: unknown } | { ok: false; status: unknown; errorCode: unknown; message: unknown };

// The lobby's popup announcement is a modal over /m/home; games.spec.ts covers it.
test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test.describe('transport', () => {
  test('the first calls of a first visit carry the Merchant header the page names', async ({ browser }) => {
    const port = Number(process.env.E2E_PORT ?? 18080);
    for (const [host, merchant] of [
      ['localhost', 'aurora'],
      ['lotus.localhost', 'lotus'],
    ] as const) {
      // A new context: nothing stored yet, as on a first visit.
      const context = await browser.newContext();
      await skipLobbyPopup(context);
      const page = await context.newPage();
      // Every /wps call of the visit (not the images); the page arrives rendered with its settings, so the status
      // check (once the page is idle) is the first call it is sure to make.
      const first: Request[] = [];
      page.on('request', (request) => {
        const call = ['fetch', 'xhr', 'ping'].includes(request.resourceType());
        const path = new URL(request.url()).pathname;
        // A marketing-event beacon cannot carry headers: its merchant is in its body (spec section 7).
        const beacon = request.resourceType() === 'ping' && path === '/wps/system/collect';
        if (call && !beacon && path.startsWith('/wps/')) first.push(request);
      });
      await page.goto(`http://${host}:${port}/m/home`);
      await expect
        .poll(() => first.some((request) => new URL(request.url()).pathname === '/wps/v2/system/status'))
        .toBe(true);
      for (const request of first) expect(await request.headerValue('merchant')).toBe(merchant);
      await context.close();
    }
  });

  test('a request the app sends carries Merchant, Language and X-Real-UA, and no token on a no-token path', async ({
    page,
  }) => {
    // The first visit learns the merchant code from the settings call and stores it.
    await page.goto('/m/home');
    await expect(page.locator('.shell-brand')).not.toBeEmpty();

    const requests: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/wps/')) requests.push(request);
    });
    // A logged-in visit: the token arrives in the query and becomes the session.
    await page.goto('/m/home?token=e2e-session-token');
    await expect(page.locator('.shell-brand')).not.toBeEmpty();
    await expect
      .poll(() => requests.some((request) => request.url().includes('/wps/v2/system/status')))
      .toBe(true);

    const status = requests.find((request) => request.url().includes('/wps/v2/system/status'));
    if (!status) throw new Error('the app sent no status request');
    const headers = await status.allHeaders();
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expect(headers['merchant']).toBe('aurora');
    expect(headers['language']).toBe('EN');
    expect(headers['x-real-ua']).toBe(userAgent);
    expect(headers['authorization']).toBeUndefined();
    expect(status.url()).not.toContain('e2e-session-token');

    // The settings call is a no-token path as well.
    const settings = requests.find((request) => request.url().includes('/wps/system/settings'));
    if (settings) expect((await settings.allHeaders())['authorization']).toBeUndefined();
  });

  test('an encrypted login-shaped POST through the app client is opened and accepted by the server', async ({
    page,
  }) => {
    await page.addInitScript((name) => {
      Reflect.set(window, name, {});
    }, TEST_HOOKS);
    const sent: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/wps/system/collect' || path === '/wps/session/key/rsa') sent.push(request);
    });
    await page.goto('/m/home');
    // The hooks are the app's: filled in once its code has run (after the first screen is shown).
    await page.waitForFunction((name) => 'post' in Object(Reflect.get(window, name)), TEST_HOOKS);

    const login = {
      userName: 'e2e_member',
      password: 'E2e-Secret-Pass-123',
      loginDeviceId: '3f2b6c1e-8d4a-4f6b-9c2d-7e1a5b9c0d3f',
      device: 'PWA',
    };
    const outcome = await page.evaluate(
      async ({ name, payload }): Promise<Outcome> => {
        const hooks = Reflect.get(window, name) as TestHooks;
        try {
          const value = await hooks.post('/wps/system/collect', payload, {
            encrypt: true,
            handleErrors: false,
          });
          return { ok: true, value };
        } catch (error) {
          const failure = error as { status?: unknown; errorCode?: unknown; message?: unknown };
          return {
            ok: false,
            status: failure.status,
            errorCode: failure.errorCode,
            message: failure.message,
          };
        }
      },
      { name: TEST_HOOKS, payload: { merchant: 'aurora', value: login } },
    );
    expect(outcome).toEqual({ ok: true, value: null });

    const keyFetch = sent.find((request) => request.url().includes('/wps/session/key/rsa'));
    if (!keyFetch) throw new Error('the client fetched no session key');
    expect(keyFetch.url()).toMatch(/\/wps\/session\/key\/rsa\?_=\d+$/);
    expect((await keyFetch.allHeaders())['authorization']).toBeUndefined();

    // Not a marketing-event beacon (the tracking chunk sends one after the first paint).
    const post = sent.find((request) => request.method() === 'POST' && request.resourceType() !== 'ping');
    if (!post) throw new Error('the client sent no POST');
    const headers = await post.allHeaders();
    expect(headers['encryption']).toBe('v1');
    expect(headers['x-rsa']).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9+/]+=*$/);
    expect(headers['x-digest']).toMatch(/^sha-256=[A-Za-z0-9+/]+=*$/);
    const body = post.postData() ?? '';
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['payload']);
    expect(body).not.toContain(login.password);
    expect(body).not.toContain(login.userName);
  });
});
