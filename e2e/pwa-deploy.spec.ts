import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appStarted, skipLobbyPopup } from './helpers.js';
import { type OwnServer, deploySecondBuild, startOwnServer } from './pwa-deploy.js';

/**
 * A second build deployed while a page of the first is open (issue 13, item 3). Each test runs its
 * own server over a private copy of the build (pwa-deploy.ts) and deploys into that copy.
 */

let server: OwnServer;

// Each test copies the build and starts a server of its own before anything else, on a shared machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  server = await startOwnServer();
  await skipLobbyPopup(context);
});

test.afterEach(async () => {
  await server.stop();
});

const buildOf = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="wps-build"]')?.content ?? 'first');
const resourceCount = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').length);
const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '');

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a deploy while the page is open: the update prompt, and Refresh lands on the new version', async ({
    page,
  }) => {
    // The page's own clock, so "an hour later" needs no hour (past the check's 10-minute dedupe).
    await page.clock.install();
    // The asset lists as the page first reads them (1.5 s after startPwa): the hash it compares with.
    const firstCheck = ['/m/asset-manifest.json', '/mobile/mc/asset-manifest.json'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path, { timeout: 60_000 }),
    );
    await page.goto(`${server.origin}/m/home`);
    await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    const firstEntry = await entryScript(page);
    expect(await buildOf(page)).toBe('first');
    // Deployed only once the page knows the first build's lists, as a real deploy comes later.
    await Promise.all((await Promise.all(firstCheck)).map((response) => response.finished()));

    const deploy = deploySecondBuild(server.dist);
    // An hour later the member comes back to the tab: the asset-hash check runs. The time is set, not
    // run forward, so no other timer of the page (request time-outs) fires early.
    await page.clock.setSystemTime(Date.now() + 61 * 60_000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

    const prompt = page.getByRole('dialog', { name: 'New version' });
    // The new worker installs (precaches the new build) before it asks.
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(prompt).toContainText('Found new version, click refresh');
    // The old build is still the one on screen and in control until the member answers.
    expect(await buildOf(page)).toBe('first');
    await prompt.getByRole('button', { name: 'Refresh' }).click();

    // /m/home is on the reload list: the same page, now of the new build, under the new worker.
    await expect.poll(() => buildOf(page).catch(() => 'reloading'), { timeout: 20_000 }).toBe(deploy.build);
    await expect(page).toHaveURL(`${server.origin}/m/home`);
    await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
    const newEntry = await entryScript(page);
    expect(newEntry).not.toBe(firstEntry);
    expect(newEntry).toMatch(/n2\.js$/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    // And the new build works: a lazily loaded screen of it opens (a client-side visit: before the
    // reloaded page has hydrated, the browser would follow the link and the server render the screen).
    await appStarted(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Log in' })
      .click();
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  });
});

test.describe('without a service worker (a first-time visitor, a browser without one)', () => {
  /** Opens /m/home of the first build, deploys the second, and opens the login screen by its link. */
  async function openLoginAfterDeploy(page: Page, dropRetained: boolean) {
    const assetAnswers: { path: string; status: number }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/m/assets/')) assetAnswers.push({ path: pathname, status: response.status() });
    });
    await page.goto(`${server.origin}/m/home`);
    await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
    // The page has done its loading after first paint (startPwa, 3 s after load, and what it loads):
    // a file asked for while the deploy moves files could miss both places, a window this test is not
    // about, and its one reload would be spent.
    await page.waitForFunction(
      () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/mountExtras-')),
      null,
      { timeout: 30_000 },
    );
    // What mountExtras loads in turn (the install sheets) comes later still on a slow machine, and the
    // 'networkidle' state, once reached before startPwa, would not wait for it: the page's list of files
    // must stay the same for 2 s.
    await expect
      .poll(
        async () => {
          const before = await resourceCount(page);
          await page.waitForTimeout(2_000);
          return (await resourceCount(page)) === before;
        },
        { timeout: 30_000, intervals: [0] },
      )
      .toBe(true);
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    const loginChunk = [...deploySecondBuild(server.dist).renamed.keys()].find((path) =>
      /^assets\/LoginScreen-[\w-]+\.js$/.test(path),
    );
    expect(loginChunk, 'the login screen is a chunk of its own').toBeDefined();
    // The point: the old page has not loaded the screen yet, so it asks for the old build's file now.
    expect(loaded).not.toContain(`/m/${loginChunk}`);
    if (dropRetained) rmSync(join(server.dist, 'previous', loginChunk ?? ''), { force: true });

    assetAnswers.length = 0;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Log in' })
      .click();
    return { loginChunk: `/m/${loginChunk}`, assetAnswers };
  }

  test('a page of the old build lazily loads a screen after the deploy: the retained file, no white screen', async ({
    page,
  }) => {
    const { loginChunk, assetAnswers } = await openLoginAfterDeploy(page, false);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    await expect(page.locator('.shell-brand')).toHaveText('Aurora Play');
    // The old build's chunk, answered from previous/: the page stayed on its build, nothing reloaded.
    expect(assetAnswers).toContainEqual({ path: loginChunk, status: 200 });
    expect(await buildOf(page)).toBe('first');
  });

  test('past the retention, the missing chunk reloads the page once onto the new build, at the same place', async ({
    page,
  }) => {
    const { loginChunk, assetAnswers } = await openLoginAfterDeploy(page, true);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(assetAnswers).toContainEqual({ path: loginChunk, status: 404 });
    await expect(page).toHaveURL(`${server.origin}/m/login`);
    expect(await buildOf(page)).toBe('second');
  });
});
