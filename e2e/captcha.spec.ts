import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  DEV_CAPTCHA_ANSWER_X,
  appStarted,
  skipLobbyPopup,
  statusWithoutMaintenance,
} from './helpers.js';

/**
 * The slider captcha as a person on a phone meets it: shown with the form (no field to focus first),
 * the track exactly the picture's width, a piece about 50 px wide, dragged left to right in every
 * language, and a question in words for a person who cannot see the picture. Development mode: the
 * gap is at x = 120 (of the puzzle's 340).
 */

const port = Number(process.env.E2E_PORT ?? 18080);
const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const PUZZLE_WIDTH = 340;

/**
 * Orbit is seeded inside a maintenance window (its pages show the maintenance page): the status
 * check is answered "open" so its login page, in Arabic, shows as it will once the window ends.
 */
async function openOrbit(page: Page): Promise<void> {
  await statusWithoutMaintenance(page);
  await page.goto(at('orbit.localhost', '/m/login'));
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (found === null) throw new Error(`${selector} has no box`);
  return found;
}

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

for (const width of [360, 412]) {
  test(`${width} px phone: the puzzle shows with the form, the track is the picture's width, the piece about 50 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 915 });
    await page.goto('/m/login');
    await appStarted(page);
    // Nothing focused, nothing tapped: the picture arrives by itself.
    await expect(page.locator('.captcha-board img')).toHaveCount(2);
    await expect(page.locator('.captcha-board img').first()).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    const board = await box(page, '.captcha-board');
    const track = await box(page, '.captcha-track');
    expect(Math.abs(board.x - track.x)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(board.width - track.width)).toBeLessThanOrEqual(0.5);
    expect(board.x + board.width).toBeLessThanOrEqual(width);
    const piece = await box(page, '.captcha-piece');
    const handle = await box(page, '.captcha-handle');
    // The piece's frame: about 50 px at 412, 48 at 360 (before: 44 px, the piece itself about 36).
    expect(piece.width).toBeGreaterThanOrEqual(48);
    expect(Math.abs(handle.width - piece.width)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(handle.x - piece.x)).toBeLessThanOrEqual(0.5);
  });
}

test.describe('an Arabic browser', () => {
  // Orbit's default; a browser asking for English gets English there.
  test.use({ locale: 'ar-AE' });

  test('orbit, in Arabic: the puzzle shows at once, and dragging right moves the piece right into the gap', async ({
    page,
  }) => {
    await openOrbit(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await appStarted(page);
    await expect(page.locator('.captcha-board img').first()).toBeVisible();
    await expect(page.locator('.captcha-stage')).toHaveAttribute('dir', 'ltr');
    const slider = page.getByRole('slider');
    await expect(slider).toBeEnabled();

    const track = await box(page, '.captcha-track');
    const startPiece = await box(page, '.captcha-piece');
    const handle = await box(page, '.captcha-handle');
    // The handle starts at the left, under the piece, as in English.
    expect(Math.abs(handle.x - track.x)).toBeLessThanOrEqual(0.5);
    const distance = (Number(DEV_CAPTCHA_ANSWER_X) * track.width) / PUZZLE_WIDTH;
    const y = handle.y + handle.height / 2;
    const fromX = handle.x + handle.width / 2;
    await page.mouse.move(fromX, y);
    await page.mouse.down();
    for (let step = 1; step <= 24; step += 1) {
      await page.mouse.move(fromX + (distance * step) / 24, y);
      await page.waitForTimeout(20);
    }
    await expect(slider).toHaveAttribute('aria-valuenow', DEV_CAPTCHA_ANSWER_X);
    const movedPiece = await box(page, '.captcha-piece');
    expect(movedPiece.x - startPiece.x).toBeGreaterThan(distance - 2);
    await page.mouse.up();
    await expect(page.getByText('تم التحقق')).toBeVisible();
  });
});

test('the question in words for a screen reader’s user: answered, checked by the server, then a login', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 915 });
  await page.goto('/m/login');
  await appStarted(page);
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: "Can't see the puzzle? Answer a question instead" }).click();
  const field = page.getByLabel(/What is \d+ plus \d+\?/);
  await expect(field).toBeEnabled();
  // The answer row (box and button) fits the check's width on a 360 px phone.
  const check = await box(page, '.captcha');
  const row = await box(page, '.captcha-text-row');
  expect(row.x + row.width).toBeLessThanOrEqual(check.x + check.width + 0.5);
  await expect(page.getByRole('button', { name: 'Check' })).toBeInViewport({ ratio: 1 });
  const question = (await page.locator('.captcha-text label').textContent()) ?? '';
  const [, a, b] = /What is (\d+) plus (\d+)\?/.exec(question) ?? [];
  // A wrong answer first: refused by the server, and a new question comes.
  await field.fill(String(Number(a) + Number(b) + 1));
  await page.waitForTimeout(2_100); // the server refuses an answer sooner than a person gives one
  await field.press('Enter');
  await expect(page.getByText('That was not the answer. Here is a new question.')).toBeVisible();
  const next = (await page.locator('.captcha-text label').textContent()) ?? '';
  const [, c, d] = /What is (\d+) plus (\d+)\?/.exec(next) ?? [];
  await page.waitForTimeout(2_100);
  await field.fill(String(Number(c) + Number(d)));
  await field.press('Enter');
  await expect(page.getByText('Verified')).toBeVisible();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/m\/login/);
});
