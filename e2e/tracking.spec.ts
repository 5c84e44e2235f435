import { expect, test, type Page, type Request } from '@playwright/test';
import type { AttributionReport } from '@wps/contract';
import { skipLobbyPopup, solveSlider } from './helpers';

/**
 * Issue 17: an arrival with click ids ends in the server's attribution report; marketing events made
 * offline are delivered once the network is back, exactly once.
 */

const REPORT_TOKEN = 'aurora-report-token-demo';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The ids of marketing events a collect beacon or ping request carries. */
function eventIdsOf(request: Request): string[] {
  const url = new URL(request.url());
  let value: unknown = null;
  try {
    if (url.pathname === '/wps/system/collect')
      value = (JSON.parse(request.postData() ?? '{}') as { value?: unknown }).value;
    if (url.pathname === '/wps/system/test/ping') value = JSON.parse(url.searchParams.get('events') ?? '{}');
  } catch {
    return [];
  }
  const events = (value as { events?: { id: string; name: string }[] } | null)?.events;
  return Array.isArray(events) ? events.map((event) => `${event.name}:${event.id}`) : [];
}

function watchEvents(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(...eventIdsOf(request)));
  return seen;
}

test.describe('tracking and attribution', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('arrival with click ids → registration → the attribution report shows it', async ({
    page,
    context,
    request,
  }) => {
    const seen = watchEvents(page);
    const affiliate = `e2e${Date.now().toString(36)}`;
    await page.goto(
      `/m/register?affiliateCode=${affiliate}&fbclid=IwE2Eclick&gclid=G-E2E&utm_source=e2espring`,
    );
    // After the first paint and idle: Meta's cookies in their format.
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === '_fbc')?.value)
      .toMatch(/^fb\.1\.\d{13}\.IwE2Eclick$/);
    expect((await context.cookies()).find((cookie) => cookie.name === '_fbp')?.value).toMatch(
      /^fb\.1\.\d{13}\.\d{10}$/,
    );

    await page.getByLabel('Username', { exact: true }).fill(`trk${Date.now().toString(36)}`);
    await page.getByLabel('Password', { exact: true }).fill('E2e-Pass-1');
    await page.getByLabel('Confirm password').fill('E2e-Pass-1');
    await solveSlider(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect.poll(() => seen.filter((id) => id.startsWith('register:')).length).toBe(1);

    const report = await request.get(`/wps/report/attribution?from=${today()}&to=${today()}`, {
      headers: { 'X-Report-Token': REPORT_TOKEN },
    });
    expect(report.status()).toBe(200);
    const value = ((await report.json()) as { value: AttributionReport }).value;
    expect(value.byAffiliate.find((row) => row.key === affiliate)).toMatchObject({
      registrations: 1,
      firstDeposits: 0,
    });
    expect(value.byCampaign.find((row) => row.key === 'e2espring')?.registrations).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => {
        const again = await request.get(`/wps/report/attribution?from=${today()}&to=${today()}`, {
          headers: { 'X-Report-Token': REPORT_TOKEN },
        });
        const rows = ((await again.json()) as { value: AttributionReport }).value.byAffiliate;
        return rows.find((row) => row.key === affiliate)?.events ?? 0;
      })
      .toBeGreaterThanOrEqual(1);

    const refused = await request.get(`/wps/report/attribution?from=${today()}&to=${today()}`);
    expect(refused.status()).toBe(401);
  });

  test('events made offline are delivered after reconnecting, exactly once', async ({ page, context }) => {
    const seen = watchEvents(page);
    await page.goto('/m/game');
    await expect.poll(() => seen.filter((id) => id.startsWith('viewContent:')).length).toBe(1);
    await page.goto('/m/home');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('wps.marketingQueue')))
      .toBe('[]');

    await context.setOffline(true);
    // The browser reports the app installed while offline (installCapture → a2hsInstalled).
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(window.localStorage.getItem('wps.marketingQueue') ?? '[]') as unknown[],
        ),
      )
      .toHaveLength(1);
    const before = seen.length;
    await page.waitForTimeout(1_500);
    expect(seen.length).toBe(before);

    await context.setOffline(false);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('wps.marketingQueue')))
      .toBe('[]');
    await page.waitForTimeout(1_500);
    const offlineEvent = seen.slice(before);
    expect(offlineEvent).toHaveLength(1);
    expect(offlineEvent[0]).toMatch(/^a2hsInstalled:/);
  });
});
