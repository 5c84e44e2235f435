import { expect, test, type Locator, type Page } from '@playwright/test';
import { GAME_CATEGORIES } from '@wps/contract/games';
import type { GameVendorSettings } from '@wps/contract/system';
import { appStarted, logIn, skipLobbyPopup, startSecurityCheck } from './helpers.js';

/**
 * The lobby as a new member sees it on a phone (issue 11, item 13), on aurora: recent wins without
 * free-play wins, a search of every category with one clear control, only categories that have games
 * (their place held by blank tiles first), the site name once, game names within their cards, the
 * favourite star clear of the Free play badge, and the slider, the VIP bar and the mobile-number row
 * in the theme and within their card on a 360 px phone.
 */

const BRAND = 'Aurora Play';
/** aurora's categories with games (seed/games.ts and merchants.ts): no E-lottery (hidden), no PvP. */
const AURORA_CATEGORY_COUNT = 9;

/** The categories a merchant's settings name and do not hide (what the home holds blank tiles for). */
function namedCount(gameVendor: GameVendorSettings | undefined): number {
  const named = new Set<string>([
    ...Object.keys(gameVendor?.mapping ?? {}),
    ...(gameVendor?.sorting ?? []),
    ...Object.keys(gameVendor?.ordinal ?? {}),
  ]);
  return GAME_CATEGORIES.filter(
    (category) => named.has(category) && gameVendor?.display?.[category] !== false,
  ).length;
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not rendered');
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Half a pixel of rounding either way. */
function expectInside(inner: Box, outer: Box): void {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

async function openTrial(page: Page, gameName: string): Promise<void> {
  // A card is a link: before the app has hydrated the page the browser would follow it.
  await appStarted(page);
  await page.locator('.game-card', { hasText: gameName }).first().locator('.game-card-open').click();
  await page.getByRole('dialog', { name: gameName }).getByRole('button', { name: 'Try for free' }).click();
  await expect(page).toHaveURL(/\/demo-game\/$/);
  await expect(page.getByLabel('Play credit')).toHaveText('1000');
}

/** Spins of the open demo slot until one wins (about one in eight does): its payout, 0 if none did. */
function playUntilWin(page: Page, rounds: number): Promise<number> {
  return page.evaluate(async (most) => {
    const token = window.sessionStorage.getItem('wps-demo-game-play-token') ?? '';
    for (let round = 0; round < most; round += 1) {
      const response = await fetch('/demo-game/api/round', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        // Golden Comet plays the demo vendor's slot: a round is the stake alone.
        body: JSON.stringify({ stake: 10 }),
      });
      const body = (await response.json()) as { success: boolean; value?: { payout: number } };
      if (!body.success || body.value === undefined) throw new Error(`round refused: ${response.status}`);
      if (body.value.payout > 0) return body.value.payout;
    }
    return 0;
  }, rounds);
}

test.beforeEach(async ({ context }) => {
  await skipLobbyPopup(context);
});

test('recent wins never show a free-play win as money', async ({ page, context }) => {
  await page.goto('/m/rng');
  await openTrial(page, 'Golden Comet');
  // Spins of the trial session until one wins (about one in eight does): play credit only.
  const won = await playUntilWin(page, 80);
  expect(won).toBeGreaterThan(0);

  // The home reached by a tap from another screen, so the browser asks for the list itself (a
  // page opened at /m/home arrives with the server's answer in it).
  const home = await context.newPage();
  await home.goto('/m/game');
  await appStarted(home);
  const rankList = home.waitForResponse((response) => response.url().includes('GCSGAME_getRankList'));
  await mainNavigation(home).getByRole('link', { name: 'Home' }).click();
  const answer = (await (await rankList).json()) as { value: { maskedName: string }[] };
  // A visitor's trial round is never listed (it would show as "Guest won ₱…").
  expect(answer.value.some((entry) => entry.maskedName === 'Guest')).toBe(false);
  await expect(home.getByTestId('home-hot').locator('.game-card').first()).toBeVisible();
  const wins = home.getByTestId('home-wins');
  if ((await wins.count()) > 0) await expect(wins).not.toContainText('Guest');
});

test('search on /m/game looks in every category, says so, and has one clear control', async ({ page }) => {
  await page.goto('/m/game');
  const firstTab = page.getByRole('tab').first();
  await expect(firstTab).toHaveText('Lottery');
  await expect(firstTab).toHaveAttribute('aria-selected', 'true');

  const box = page.getByRole('searchbox', { name: 'Search games' });
  await box.fill('Golden Comet');
  await expect(page.getByText('Searching all categories')).toBeVisible();
  // A slot found from the lottery tab.
  await expect(page.locator('.game-grid .game-card', { hasText: 'Golden Comet' })).toBeVisible();

  const search = page.getByRole('search');
  await expect(search.getByRole('button')).toHaveCount(1);
  const clear = search.getByRole('button', { name: 'Clear search' });
  await expect(clear).toBeVisible();
  // Where the browser's own × of a search box would sit (the end of the text area, before our ×):
  // nothing there clears the box.
  const field = await boxOf(box);
  await page.mouse.click(field.x + field.width - 56, field.y + field.height / 2);
  await expect(box).toHaveValue('Golden Comet');

  await clear.click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(page.getByText('Searching all categories')).toBeHidden();
  await expect(firstTab).toHaveAttribute('aria-selected', 'true');
});

test('the lobby offers only categories with games, their place held by blank tiles first', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/wps/relay/GCSGAME_gameVendor**', async (route) => {
    await released;
    await route.continue();
  });
  // As many blank tiles as the merchant's settings name categories (staff may name more than have
  // games: a saved category order names every category).
  const { value: settings } = (await (await page.request.get('/wps/system/settings')).json()) as {
    value: { gameVendor?: GameVendorSettings };
  };
  const named = namedCount(settings.gameVendor);
  expect(named).toBeGreaterThanOrEqual(AURORA_CATEGORY_COUNT);
  // The home reached from another screen: a page opened at /m/home arrives with its categories.
  await page.goto('/m/login');
  await appStarted(page);
  await mainNavigation(page).getByRole('link', { name: 'Home' }).click();
  const section = page.getByTestId('home-categories');
  // Before the answer: blank tiles, as many as the merchant's settings name; no default tiles.
  await expect(section.getByTestId('category-skeleton')).toHaveCount(named);
  await expect(section.getByRole('link')).toHaveCount(0);
  const before = await boxOf(section);

  release();
  const tiles = section.locator('a.home-category');
  await expect(tiles).toHaveCount(AURORA_CATEGORY_COUNT);
  await expect(section.getByTestId('category-skeleton')).toHaveCount(0);
  const after = await boxOf(section);
  expect(Math.abs(after.height - before.height)).toBeLessThan(1);
  for (const count of await section.locator('.home-category-count').allTextContents()) {
    expect(count).toMatch(/^[1-9]\d* games$/);
  }
  await expect(section.locator('[data-category="ELOTT"], [data-category="PVP"]')).toHaveCount(0);

  await page.goto('/m/game');
  await expect(page.getByRole('tab')).toHaveCount(AURORA_CATEGORY_COUNT);
  await expect(page.getByRole('tab', { name: 'E-Lottery' })).toHaveCount(0);
});

test('the site name is shown once on the home', async ({ page }) => {
  await page.goto('/m/home');
  await expect(page.locator('.shell-brand')).toHaveText(BRAND);
  await expect(page.getByTestId('home-hot').locator('.game-card').first()).toBeVisible();
  // The page keeps its main heading for screen readers.
  await expect(page.getByRole('heading', { level: 1, name: BRAND })).toBeAttached();
  const shown = await page.evaluate(
    (name) =>
      [...document.body.querySelectorAll('*')].filter((element) => {
        if (element.children.length > 0 || element.textContent?.trim() !== name) return false;
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1;
      }).length,
    BRAND,
  );
  expect(shown).toBe(1);
});

test('long game names in any script stay within their cards, at most two lines', async ({ page }) => {
  const names = [
    'The Incredibly Long Adventure of the Golden Dragon Emperor and Friends',
    'Donaudampfschifffahrtsgesellschaftskapitänspatent',
    'มหาสมบัติมังกรทองคำแห่งขุนเขาอันยิ่งใหญ่ตลอดกาล',
    '超级无敌幸运金龙宝藏大奖赛豪华至尊纪念版本',
    'Невероятные приключения золотого дракона',
    'مغامرات التنين الذهبي العظيم في المملكة البعيدة',
    'அற்புதமான தங்க டிராகனின் சாகசங்கள்',
    'Cuộc phiêu lưu kỳ diệu của rồng vàng huyền thoại',
  ];
  await page.route('**/wps/relay/GCSGAME_gameList**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { value: { list: { displayName: string }[] } };
    body.value.list = body.value.list.map((game, index) => ({
      ...game,
      displayName: names[index] ?? game.displayName,
    }));
    await route.fulfill({ response, json: body });
  });
  // The games screen reached from the home, so its list comes through the browser's call.
  await page.goto('/m/home');
  await appStarted(page);
  await mainNavigation(page).getByRole('link', { name: 'Games' }).click();
  const cards = page.locator('.game-grid .game-card');
  await expect(cards.nth(names.length - 1)).toContainText(names.at(-1) ?? '');
  for (let index = 0; index < names.length; index += 1) {
    const card = cards.nth(index);
    const name = card.locator('.game-card-name');
    await expect(name).toHaveText(names[index] ?? '');
    expectInside(await boxOf(name), await boxOf(card));
    const metrics = await name.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        overflow: element.scrollWidth - element.clientWidth,
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        clamp: style.webkitLineClamp,
      };
    });
    // Nothing sticks out sideways; longer names end with an ellipsis on the second line.
    expect(metrics.overflow).toBeLessThanOrEqual(0);
    expect(metrics.height).toBeLessThanOrEqual(2 * metrics.lineHeight + 1);
    expect(metrics.clamp).toBe('2');
  }
});

test("a member's star stays clear of the Free play badge; the VIP bar is in the theme", async ({ page }) => {
  await page.goto('/m/login');
  await logIn(page, 'demo');
  await expect(page).toHaveURL(/\/m\/home/);

  await page.goto('/m/rng');
  const card = page.locator('.game-card', { hasText: 'Golden Comet' }).first();
  const star = card.getByRole('button', { name: /Golden Comet/ });
  const badge = card.getByText('Free play', { exact: true });
  await expect(star).toBeVisible();
  await expect(badge).toBeVisible();
  const cardBox = await boxOf(card);
  const starBox = await boxOf(star);
  const badgeBox = await boxOf(badge);
  expect(overlaps(starBox, badgeBox)).toBe(false);
  expectInside(badgeBox, cardBox);
  expectInside(starBox, cardBox);

  await page.goto('/m/member/home');
  const bar = page.getByRole('progressbar', { name: /VIP progress/ });
  await expect(bar).toBeVisible();
  const look = await bar.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      appearance: style.appearance,
      height: style.height,
      radius: parseFloat(style.borderTopLeftRadius),
    };
  });
  expect(look).toMatchObject({ appearance: 'none', height: '10px' });
  expect(look.radius).toBeGreaterThan(0);
  expectInside(await boxOf(bar), await boxOf(page.getByTestId('member-vip-card')));
});

test('on a 360 px phone the slider is themed and the mobile-number row fits its card', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/m/login');
  const form = page.locator('form.auth-form');

  await appStarted(page);
  await startSecurityCheck(page);
  const slider = page.getByLabel('Slide the piece into the gap');
  await expect(slider).toBeEnabled();
  // Reached by the keyboard (focus-visible: the focus ring shows).
  await slider.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(slider).toBeFocused();
  const look = await slider.evaluate((element) => {
    const style = getComputedStyle(element);
    return { appearance: style.appearance, outline: style.outlineStyle, outlineWidth: style.outlineWidth };
  });
  expect(look).toEqual({ appearance: 'none', outline: 'solid', outlineWidth: '3px' });
  expectInside(await boxOf(slider), await boxOf(form));

  await page
    .getByRole('group', { name: 'Log in with' })
    .getByRole('button', { name: 'Mobile number' })
    .click();
  const code = form.getByLabel('Country code');
  const number = form.getByLabel('Mobile number', { exact: true });
  await expect(number).toBeVisible();
  const formBox = await boxOf(form);
  const codeBox = await boxOf(code);
  const numberBox = await boxOf(number);
  // Inside the card's padding (16 px), side by side, on one line.
  const inner = { x: formBox.x + 16, y: formBox.y, width: formBox.width - 32, height: formBox.height };
  expectInside(codeBox, inner);
  expectInside(numberBox, inner);
  expect(codeBox.x + codeBox.width).toBeLessThanOrEqual(numberBox.x);
  expect(Math.abs(codeBox.y - numberBox.y)).toBeLessThan(1);
  // Nothing makes the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
