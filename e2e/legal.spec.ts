import { expect, test, type Page } from '@playwright/test';
import { logIn, screenSettled, skipLobbyPopup, statusWithoutMaintenance } from './helpers.js';

/**
 * Issue 29 items 2 and 8 on the phone: the footer of every public page links the merchant's legal
 * pages (with its licence line and age badge), and they open in the visitor's language; a visitor
 * from a restricted region, or a member whose country the merchant does not serve, sees the region
 * page with the merchant's contact. Screenshots go to `reports/legal/` for a person to look at.
 */

const SHOTS = 'reports/legal';
const port = Number(process.env.E2E_PORT ?? 18080);
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

test.use({ viewport: { width: 390, height: 844 } });

/** The footer, once the page is idle (its own chunk), scrolled into view. */
async function footerOf(page: Page) {
  const footer = page.getByTestId('legal-footer');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toBeVisible();
  return footer;
}

const cases = [
  {
    merchant: 'aurora',
    host: 'localhost',
    language: 'EN',
    terms: 'Terms and Conditions',
    open: 'Responsible Gaming',
    opened: /PAGCOR Responsible Gaming: https:\/\/www\.pagcor\.ph/,
    age: '21+',
    licence:
      'Licensed by Philippine Amusement and Gaming Corporation (PAGCOR) · Licence no. PGC-OGL-2026-0142',
  },
  {
    merchant: 'lotus',
    host: 'lotus.localhost',
    language: 'VI',
    terms: 'Điều khoản và Điều kiện',
    open: 'Chính sách Quyền riêng tư',
    opened: /Lotus Lotto tôn trọng quyền riêng tư của bạn/,
    age: '18+',
    licence: 'Được cấp phép bởi Malta Gaming Authority · Giấy phép số MGA/B2C/417/2026',
  },
  {
    merchant: 'orbit',
    host: 'orbit.localhost',
    language: 'AR',
    terms: 'الشروط والأحكام',
    open: 'الشروط والأحكام',
    opened: /مرخّص وخاضع لرقابة هيئة كوراساو للألعاب/,
    age: '18+',
    licence: 'مرخّص من Curaçao Gaming Authority · ترخيص رقم OGL/2026/118/0093',
  },
] as const;

test.describe('the legal footer and pages', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  for (const merchant of cases) {
    test(`${merchant.merchant}: the footer's pages open in ${merchant.language}`, async ({
      page,
      context,
    }) => {
      await context.addInitScript(
        (language) => window.localStorage.setItem('wps.language', language),
        merchant.language,
      );
      await statusWithoutMaintenance(page, merchant.merchant, {
        regionRestriction: false,
        ip: '203.0.113.9',
      });
      // The news page: a public page without the lobby's popup (lotus forces it on its home page).
      await page.goto(at(merchant.host, '/m/news'));
      await screenSettled(page);
      const footer = await footerOf(page);
      const links = footer.getByRole('navigation').getByRole('link');
      await expect(links).toHaveCount(5);
      await expect(links.first()).toHaveText(merchant.terms);
      await expect(footer.getByText(merchant.age, { exact: true })).toBeVisible();
      await expect(footer.getByText(merchant.licence)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${merchant.merchant}-footer.png`, fullPage: true });

      await footer.getByRole('link', { name: merchant.open }).click();
      await expect(page).toHaveURL(/\/m\/legal\//);
      await expect(page.getByRole('heading', { level: 1, name: merchant.open })).toBeVisible();
      await expect(page.getByTestId('legal-screen')).toContainText(merchant.opened);
      // Nothing pushes the page sideways, in either direction.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${merchant.merchant}-legal.png`, fullPage: true });
    });
  }

  test('a page opened by its address is rendered by the server for its own path, and an unknown kind is not found', async ({
    page,
  }) => {
    const answer = await page.goto(at('lotus.localhost', '/m/legal/licence'));
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('legal-screen')).toContainText('MGA/B2C/417/2026');
    const unknown = await page.goto(at('lotus.localhost', '/m/legal/faq'));
    expect(unknown?.status()).toBe(404);
  });

  test('a promotion links its terms', async ({ page }) => {
    await page.goto('/m/activity');
    const terms = page.getByRole('link', { name: 'Terms apply' }).first();
    await expect(terms).toBeVisible();
    await expect(terms).toHaveAttribute('href', /\/m\/(activity\?id=.+#promotion-terms|legal\/terms)$/);
  });
});

test.describe('countries served', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('a visitor from a restricted region sees the region page with the merchant’s contact', async ({
    page,
  }) => {
    await statusWithoutMaintenance(page, 'aurora', { regionRestriction: true, ip: '203.0.113.9' });
    await page.goto('/m/home');
    await expect(page.getByRole('heading', { name: 'Not available in your region' })).toBeVisible();
    await expect(page.getByText(/203\.0\.113\.9/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(page.locator('nav.bottom-nav')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/aurora-region.png`, fullPage: true });
  });

  test('in Arabic, right to left', async ({ page, context }) => {
    await context.addInitScript(() => window.localStorage.setItem('wps.language', 'AR'));
    await statusWithoutMaintenance(page, 'orbit', { regionRestriction: true, ip: '203.0.113.9' });
    await page.goto(at('orbit.localhost', '/m/home'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'غير متاح في منطقتك' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/orbit-region.png`, fullPage: true });
  });

  test('a member whose country is not served is told so at sign-in, with the contact', async ({ page }) => {
    await page.route('**/wps/session/login*', (route) =>
      route.fulfill({
        status: 451,
        json: {
          success: false,
          errorCode: 'rg_country_not_served',
          message: 'This site is not available in the country of your account.',
        },
      }),
    );
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page.getByRole('heading', { name: 'Not available in your region' })).toBeVisible();
    await expect(page.getByText(/Aurora Play is not available in the country of your account/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  });
});
