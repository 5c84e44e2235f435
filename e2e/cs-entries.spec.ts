import { expect, test } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

/**
 * Customer-service entries (issue 16): placed by the merchant (floating button, header, member home,
 * maintenance Contact Us), chosen by the member's VIP label, opened through CBS_launchChat with an
 * in-app back address only; the chat auth key refreshed after a login.
 */

const port = process.env.E2E_PORT ?? 18080;
const HELP = 'Help and support';

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
  await context.addInitScript(() => window.localStorage.setItem('wps.language', 'EN'));
});

test('aurora: the floating button opens the chat and comes back; a Gold member gets the header entry and a chat auth key', async ({
  page,
  context,
}) => {
  // Layout shifts inside the header (the header button must not move anything when it arrives).
  await context.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { headerShifts: string[] }).headerShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources?: { node?: Node | null }[] }[]) {
        for (const source of entry.sources ?? []) {
          const node = source.node;
          if (node instanceof Element && node.closest('header.shell-header'))
            shifts.push(node.outerHTML.slice(0, 80));
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/m/game');
  const floating = page.locator('a.cs-floating');
  await expect(floating).toHaveAccessibleName(HELP);
  await expect(floating).toBeVisible();
  // A visitor: the header's unlabelled entry (the general chat; Gold members get the VIP desk).
  await expect(page.locator('header .cs-slot > a.cs-header')).toHaveAttribute(
    'href',
    '/m/supportChat?backUrl=%2Fm%2Fgame',
  );

  // Its code has arrived (a tap before then follows the link itself: the same address, built here).
  await expect
    .poll(() => floating.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  const launch = page.waitForRequest((request) => request.url().includes('/wps/relay/CBS_launchChat'));
  await floating.click();
  expect(new URL((await launch).url()).searchParams.get('backUrl')).toBe('/m/game');
  await expect(page).toHaveURL(/\/m\/supportChat\?.*backUrl=%2Fm%2Fgame/);
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  // Not on the chat itself.
  await expect(page.locator('a.cs-floating')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/m\/game$/);

  // demo is Gold (VIP2): the header entry (the VIP desk) appears; the chat auth key is refreshed.
  const saved = page.waitForResponse((response) =>
    response.url().includes('/wps/relay/WPSCORE_saveMemberInfoByAuthKey'),
  );
  await page.goto('/m/login');
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home$/);
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({
    name: 'demo',
    pseudoId: expect.stringMatching(/^aurora_\d+$/),
  });
  expect((await answer.json()).value.authKey).toMatch(/^[\w-]{43}$/);

  const header = page.locator('header .cs-slot > a.cs-header');
  await expect(header).toHaveAttribute('href', /title=VIP\+desk/);
  expect(await page.evaluate(() => (window as unknown as { headerShifts: string[] }).headerShifts)).toEqual(
    [],
  );
  await header.click();
  await expect(page.getByRole('heading', { name: 'VIP desk', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
});

test('orbit, in its maintenance window: Contact Us opens the support chat; leaving it closes the app again', async ({
  page,
}) => {
  await page.goto(`http://orbit.localhost:${port}/m/home`);
  await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/orbit\.localhost.*\/m\/supportChat/);
  await expect(page.getByTestId('chat-status')).toHaveText('Connected to customer service');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is the site back soon?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-state')).toHaveText(/Sent/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
});

test('no open redirect: hostile back addresses are dropped by CBS_launchChat and by the chat page', async ({
  page,
  request,
}) => {
  for (const back of [
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/m/..%2F..%2Fevil',
  ]) {
    const response = await request.get(`/wps/relay/CBS_launchChat?backUrl=${encodeURIComponent(back)}`);
    expect((await response.json()).value.url, back).toBe('/m/supportChat');
  }
  // The settings answer carries opened paths, never sealed ones.
  const settings = await (await request.get('/wps/system/settings')).json();
  for (const entry of settings.value.customerService) expect(entry.path).not.toMatch(/^v1\./);

  await page.goto(`/m/supportChat?backUrl=${encodeURIComponent('https://evil.example/')}`);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/m/home');
});
