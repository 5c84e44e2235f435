import { expect, test } from '@playwright/test';
import { logIn, skipLobbyPopup } from './helpers.js';

// The language picker (issue 15): every interface language by its own name; a choice switches the
// whole app at once, is stored, and for a member is kept on the server (POST /wps/member/language).

test.describe('language picker', () => {
  test.beforeEach(async ({ context }) => {
    await skipLobbyPopup(context);
  });

  test('a member changes language in settings and security: the app switches, the server keeps it', async ({
    page,
  }) => {
    await page.goto('/m/login');
    await logIn(page, 'demo');
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await page.getByRole('link', { name: 'Settings and security' }).click();
    await expect(page.getByRole('heading', { name: 'Settings and security', level: 1 })).toBeVisible();

    const saved = page.waitForResponse(
      (response) => response.url().includes('/wps/member/language') && response.request().method() === 'POST',
    );
    // aurora offers Hindi: it must not fall back to English.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'सेटिंग्स और सुरक्षा', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'होम', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');

    // Stored: a reload (and the settings answer that comes with it) keeps Hindi.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'सेटिंग्स और सुरक्षा', level: 1 })).toBeVisible();
    const info = await page.evaluate(async () => {
      const session = JSON.parse(window.sessionStorage.getItem('wps.sessionInfo') ?? '{}') as {
        token?: string;
      };
      const response = await fetch('/wps/member/info', {
        headers: { Authorization: session.token ?? '', Merchant: 'aurora' },
      });
      return (await response.json()) as { value?: { language?: string } };
    });
    expect(info.value?.language).toBe('HI');

    // Arabic, right to left.
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.getByRole('heading', { name: 'الإعدادات والأمان', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('a visitor picks a language from the header', async ({ page }) => {
    await page.goto('/m/home');
    await page.getByRole('button', { name: 'Language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Language' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '日本語' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'ログイン' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: '言語' })).toHaveText('JA');
  });

  test('the server answers in the language picked: a refused login in Vietnamese', async ({
    page,
    context,
  }) => {
    const port = process.env.E2E_PORT ?? 18080;
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('wps.language')) window.localStorage.setItem('wps.language', 'EN');
    });
    await page.goto(`http://lotus.localhost:${port}/m/login`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill('demo');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    // The server's own sentence, in Vietnamese (apps/server/src/i18n/messages/vi.ts), not English.
    await expect(page.getByRole('alertdialog')).toContainText('Tên đăng nhập hoặc mật khẩu không đúng.');
  });
});
