import { ErrorCode } from '@wps/contract/errorCodes';
import {
  GAME_LIST_DEFAULT_PAGE_SIZE,
  type GameCard,
  type GameCategoryCard,
  type GameMatch,
  type GameVendorInfo,
  type Paged,
} from '@wps/contract/games';
import type { GameVendorSettings } from '@wps/contract/system';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { games } from '../../db/schema/index.js';
import { AURORA, failure, get, LOTUS, value } from '../../test/accounts.js';
import { HOUR, TestClock } from '../../test/clock.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';

const ORBIT = 'orbit.localhost';

const AURORA_CATEGORIES = ['LOTT', 'SEA_LOTT', 'SPORTS', 'RNG', 'LIVE', 'TABLE', 'FISH', 'CRASH', 'ARCADE'];
/** Every game aurora offers: its vendors' enabled games outside the hidden E-lottery. */
const AURORA_GAME_COUNT = 55;

describe.each(backends)('the game catalogue (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });
  afterEach(() => clock.set(TestClock.START));

  const categories = async (host = AURORA) =>
    value<GameCategoryCard[]>(await get(t.app, endpoints.gameVendor.path, { host }));
  const gameList = async (query: string, host = AURORA) =>
    value<Paged<GameCard>>(await get(t.app, `${endpoints.gameList.path}?${query}`, { host }));

  /** Runs `check` with aurora's gameVendor settings changed, then puts the seeded ones back. */
  const withAuroraSettings = async (
    change: Partial<GameVendorSettings>,
    check: () => Promise<void>,
  ): Promise<void> => {
    const row = await merchantRow(t.db, 'aurora');
    const original = row.publicSettings;
    await updateMerchant(t.db, 'aurora', {
      publicSettings: { ...original, gameVendor: { ...original.gameVendor, ...change } },
    });
    try {
      await check();
    } finally {
      await updateMerchant(t.db, 'aurora', { publicSettings: original });
    }
  };

  it('answers the category cards by ordinal, with titles, first 8 games, vendors and counts', async () => {
    const response = await get(t.app, endpoints.gameVendor.path);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const cards = value<GameCategoryCard[]>(response);
    expect(cards.map((card) => card.category)).toEqual(AURORA_CATEGORIES);
    const [lottery] = cards;
    expect(lottery?.title).toBe('Lottery');
    expect(lottery?.gameCount).toBe(8);
    expect(lottery?.cards).toHaveLength(8);
    // vendorSorting names PRISM_LOTTO first; position order mixes the vendors' leading games.
    expect(lottery?.gameClassify.vendors).toEqual(['PRISM_LOTTO', 'NOVA_LOTTO']);
    expect(lottery?.cards.slice(0, 3).map((card) => card.gameCode)).toEqual([
      'PRISM_3D',
      'NOVA_FAST3',
      'PRISM_RAINBOW6',
    ]);
    const slots = cards.find((card) => card.category === 'RNG');
    expect(slots?.title).toBe('Slots');
    // The retired game is stored but disabled: 6 + 4 + 5, not 16.
    expect(slots?.gameCount).toBe(15);
    expect(slots?.cards).toHaveLength(8);
    expect(slots?.gameClassify.vendors).toEqual(['MOONSPIN', 'STARLIGHT', 'LUCKY_REELS']);
    expect(cards.reduce((sum, card) => sum + card.gameCount, 0)).toBe(AURORA_GAME_COUNT);
  });

  it.each<[string, string, string[], Record<string, string>]>([
    [
      'lotus: the variants at +1 and +5 without ordinals',
      LOTUS,
      ['LOTT', 'VN_LOTT', 'SEA_LOTT', 'ELOTT'],
      {
        VN_LOTT: 'Xổ số Việt Nam',
        ELOTT: 'Xổ số điện tử',
      },
    ],
    [
      'orbit: sorting alone; PVP without a title shows its code',
      ORBIT,
      ['ARCADE', 'CRASH', 'TABLE', 'PVP'],
      {
        PVP: 'PVP',
      },
    ],
  ])('%s', async (_name, host, order, titles) => {
    const cards = await categories(host);
    expect(cards.map((card) => card.category)).toEqual(order);
    for (const [category, title] of Object.entries(titles)) {
      expect(cards.find((card) => card.category === category)?.title).toBe(title);
    }
  });

  it.each<[string, Partial<GameVendorSettings>, string[]]>([
    [
      'no sorting, no ordinals: catalogue order, SEA_LOTT still right after LOTT',
      { sorting: [], ordinal: {}, display: {} },
      ['LOTT', 'SEA_LOTT', 'ELOTT', 'SPORTS', 'LIVE', 'RNG', 'TABLE', 'FISH', 'CRASH', 'ARCADE'],
    ],
    [
      'explicit ordinals beat sorting, a variant with its own ordinal leaves the lottery',
      { sorting: ['LOTT', 'RNG'], ordinal: { ARCADE: 1, SEA_LOTT: 950 }, display: {} },
      ['ARCADE', 'LOTT', 'RNG', 'SEA_LOTT', 'ELOTT', 'SPORTS', 'LIVE', 'TABLE', 'FISH', 'CRASH'],
    ],
    [
      'display false hides a category, true or absent shows it',
      { display: { RNG: false, LIVE: false, ELOTT: true } },
      ['LOTT', 'SEA_LOTT', 'SPORTS', 'TABLE', 'FISH', 'CRASH', 'ARCADE', 'ELOTT'],
    ],
  ])('ordering: %s', async (_name, change, order) => {
    await withAuroraSettings(change, async () => {
      expect((await categories()).map((card) => card.category)).toEqual(order);
    });
  });

  it('a hidden category is hidden from the list, the hot games and the vendors too', async () => {
    await withAuroraSettings({ display: { RNG: false } }, async () => {
      expect((await gameList('category=RNG')).total).toBe(0);
      const hot = value<GameCard[]>(await get(t.app, endpoints.hotGames.path));
      expect(hot.some((game) => game.category === 'RNG')).toBe(false);
      const vendors = value<GameVendorInfo[]>(await get(t.app, endpoints.newGameVendor.path));
      expect(vendors.some((vendor) => vendor.category === 'RNG')).toBe(false);
    });
  });

  it('a category without an enabled game is not offered, nor are its vendors', async () => {
    // Every fishing game retired: FISH has no game to show, CORAL_FISH none to list.
    await t.db.update(games).set({ enabled: false }).where(eq(games.vendorCode, 'CORAL_FISH'));
    try {
      const cards = await categories();
      expect(cards.map((card) => card.category)).toEqual(
        AURORA_CATEGORIES.filter((category) => category !== 'FISH'),
      );
      expect(cards.every((card) => card.gameCount > 0 && card.cards.length > 0)).toBe(true);
      const vendors = value<GameVendorInfo[]>(await get(t.app, endpoints.newGameVendor.path));
      expect(vendors.some((vendor) => vendor.vendor === 'CORAL_FISH')).toBe(false);
      expect(vendors.every((vendor) => vendor.gameCount > 0)).toBe(true);
    } finally {
      await t.db.update(games).set({ enabled: true }).where(eq(games.vendorCode, 'CORAL_FISH'));
    }
  });

  it('a merchant without vendors, or with broken settings, answers empty lists, never 500', async () => {
    await withAuroraSettings({ allVendors: [] }, async () => {
      expect(await categories()).toEqual([]);
      expect((await gameList('')).total).toBe(0);
    });
    await withAuroraSettings(
      { vendorSorting: { RNG: 'MOONSPIN' } as unknown as Record<string, string[]>, mapping: { RNG: '' } },
      async () => {
        const slots = (await categories()).find((card) => card.category === 'RNG');
        expect(slots?.title).toBe('RNG');
        expect(slots?.gameClassify.vendors).toEqual(['LUCKY_REELS', 'MOONSPIN', 'STARLIGHT']);
      },
    );
  });

  it.each<[string, string, string[]]>([
    ['lotus', LOTUS, ['NOVA_LOTTO', 'PIXEL_ELOTT', 'TCG_LOTTO_VN', 'TIDE_LOTTO']],
    ['orbit', ORBIT, ['DUEL_HOUSE', 'NEON_ARCADE', 'OAK_TABLE', 'ROCKET_RUN']],
  ])('vendor filtering: %s sees its own vendors only', async (_name, host, vendors) => {
    const cards = await categories(host);
    expect(cards.flatMap((card) => card.gameClassify.vendors).sort()).toEqual(vendors);
    const all = await gameList('pageSize=60', host);
    expect([...new Set(all.list.map((game) => game.vendor))].sort()).toEqual(vendors);
    const logos = value<GameVendorInfo[]>(await get(t.app, endpoints.newGameVendor.path, { host }));
    expect(logos.map((vendor) => vendor.vendor).sort()).toEqual(vendors);
  });

  it('lotus never sees an aurora-only vendor or game, aurora never the Vietnam lottery', async () => {
    expect((await gameList('vendor=STARLIGHT', LOTUS)).total).toBe(0);
    expect((await gameList('search=golden', LOTUS)).total).toBe(0);
    expect((await gameList('vendor=TCG_LOTTO_VN')).total).toBe(0);
    expect((await gameList('category=VN_LOTT')).total).toBe(0);
    const vn = await gameList('category=VN_LOTT', LOTUS);
    expect(vn.total).toBe(4);
    expect(vn.list[0]?.launch).toEqual({ kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: 'NORTH' });
  });

  it('game cards carry the launch target, the vendor name and an extension-less image base', async () => {
    const [fast3] = (await gameList('search=NOVA_FAST3')).list;
    expect(fast3).toMatchObject({
      gameCode: 'NOVA_FAST3',
      nodeId: '1001',
      displayName: 'Fast 3',
      accountTypeName: 'Nova Lottery',
      vendor: 'NOVA_LOTTO',
      category: 'LOTT',
      hotRank: 2,
      launch: { kind: 'lottery', prizeMode: 'FAST3', playType: 'NORMAL' },
    });
    expect(fast3?.imageBase).toBe(`/wps/game/image/game-${fast3?.gameId}`);
    const [sea] = (await gameList('category=SEA_LOTT')).list;
    expect(sea?.launch).toEqual({ kind: 'lottery', prizeMode: 'HARBOUR4D', playType: 'SEA' });
    const [slot] = (await gameList('vendor=STARLIGHT')).list;
    expect(slot?.launch).toEqual({ kind: 'vendor' });
  });

  it.each<[string, string, string[]]>([
    ['case-insensitive on the name', 'golden', ['CF_WHALE', 'SL_GOLDEN_COMET']],
    ['upper case', 'GOLDEN COMET', ['SL_GOLDEN_COMET']],
    ['on the game code', 'sl_golden', ['SL_GOLDEN_COMET']],
    ['% is literal', '%', ['SL_100_WILD']],
    ['% inside', '100%25 w', ['SL_100_WILD']],
    ['_ is literal (p_ck would match Pick as a wildcard)', 'p_ck', []],
    ['_ literal matches an underscore', 'hot_shot', ['LR_HOT_SHOT']],
    ['a backslash is literal, not an escape', '%5C', []],
    ['surrounding blanks are trimmed', '%20%20comet%20', ['SL_COMET_CASH', 'SL_GOLDEN_COMET']],
    ['a disabled game is never found', 'retired', []],
  ])('search: %s', async (_name, search, codes) => {
    const page = await gameList(`search=${search}&pageSize=60`);
    expect(page.list.map((game) => game.gameCode).sort()).toEqual(codes);
    expect(page.total).toBe(codes.length);
  });

  it.each(['%00', 'a%00b', 'a%01b'])(
    'refuses a search with a control character (%s): 400, not 500',
    async (search) => {
      expect(failure(await get(t.app, `${endpoints.gameList.path}?search=${search}`))).toEqual({
        status: 400,
        code: ErrorCode.INVALID_REQUEST,
      });
    },
  );

  it('a blank search is no search; an over-long one is refused', async () => {
    expect((await gameList('search=%20%20')).total).toBe(AURORA_GAME_COUNT);
    expect((await gameList(`search=${'a'.repeat(40)}`)).total).toBe(0);
    expect(failure(await get(t.app, `${endpoints.gameList.path}?search=${'a'.repeat(41)}`))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it.each<[string, number, number, number]>([
    ['', 1, GAME_LIST_DEFAULT_PAGE_SIZE, GAME_LIST_DEFAULT_PAGE_SIZE],
    ['page=3', 3, GAME_LIST_DEFAULT_PAGE_SIZE, AURORA_GAME_COUNT - 2 * GAME_LIST_DEFAULT_PAGE_SIZE],
    ['pageSize=60', 1, 60, AURORA_GAME_COUNT],
    ['page=2&pageSize=50', 2, 50, AURORA_GAME_COUNT - 50],
    ['page=4', 4, GAME_LIST_DEFAULT_PAGE_SIZE, 0],
    ['page=99999&pageSize=1', 99999, 1, 0],
    ['category=LOTT&pageSize=5&page=2', 2, 5, 3],
  ])('paging %j → page %i of size %i with %i games', async (query, page, pageSize, length) => {
    const answer = await gameList(query);
    expect({ page: answer.page, pageSize: answer.pageSize, length: answer.list.length }).toEqual({
      page,
      pageSize,
      length,
    });
    expect(answer.total).toBe(query.includes('LOTT') ? 8 : AURORA_GAME_COUNT);
  });

  it('pages follow the category order without repeats', async () => {
    const first = await gameList('pageSize=30');
    const second = await gameList('pageSize=30&page=2');
    const ids = [...first.list, ...second.list].map((game) => game.gameId);
    expect(new Set(ids).size).toBe(AURORA_GAME_COUNT);
    expect([...new Set([...first.list, ...second.list].map((game) => game.category))]).toEqual(
      AURORA_CATEGORIES,
    );
  });

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=abc',
    'page=',
    'pageSize=0',
    'pageSize=-5',
    'pageSize=61',
    'page=1&page=2',
    'category=POKER',
    'category=lott',
    'vendor=NO%20SPACE',
    `vendor=${'V'.repeat(65)}`,
  ])('game list refuses %s with 400 invalid_request', async (query) => {
    expect(failure(await get(t.app, `${endpoints.gameList.path}?${query}`))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it.each<[string, string, string[]]>([
    [
      'aurora',
      AURORA,
      [
        'SL_GOLDEN_COMET',
        'NOVA_FAST3',
        'VV_BACCARAT',
        'MS_MOON_RABBIT',
        'RR_ROCKET',
        'ARENA_BOOK',
        'CF_REEF',
        'TIDE_HARBOUR4D',
        'NA_SNAKE',
        'OAK_BLACKJACK',
      ],
    ],
    ['lotus', LOTUS, ['NOVA_FAST3', 'TIDE_HARBOUR4D']],
    ['orbit', ORBIT, ['RR_ROCKET', 'NA_SNAKE', 'OAK_BLACKJACK']],
  ])('hot games of %s by rank', async (_name, host, codes) => {
    const hot = value<GameCard[]>(await get(t.app, endpoints.hotGames.path, { host }));
    expect(hot.map((game) => game.gameCode)).toEqual(codes);
    expect(
      hot.every((game, index) => index === 0 || (game.hotRank ?? 0) > (hot[index - 1]?.hotRank ?? 0)),
    ).toBe(true);
  });

  it.each<[string, string]>([
    ['', 'png'],
    ['?ext=webp', 'webp'],
    ['?ext=avif', 'avif'],
  ])('vendors%s answer logos in %s', async (query, ext) => {
    const vendors = value<GameVendorInfo[]>(await get(t.app, `${endpoints.newGameVendor.path}${query}`));
    // 16 offered, the E-lottery vendor hidden with its category.
    expect(vendors.length).toBe(15);
    expect(
      vendors.every((vendor) => vendor.logoUrl === `/wps/game/image/vendor-${vendor.vendor}.${ext}`),
    ).toBe(true);
    // By category ordinal (LOTT first, the vendorSorting order within), hidden ELOTT left out.
    expect(vendors.slice(0, 3).map((vendor) => vendor.vendor)).toEqual([
      'PRISM_LOTTO',
      'NOVA_LOTTO',
      'TIDE_LOTTO',
    ]);
    expect(vendors.some((vendor) => vendor.vendor === 'PIXEL_ELOTT')).toBe(false);
    expect(vendors.find((vendor) => vendor.vendor === 'RETRO_ARCADE')).toMatchObject({
      maintenance: true,
      gameCount: 2,
    });
    expect(vendors.find((vendor) => vendor.vendor === 'LUCKY_REELS')?.gameCount).toBe(5);
  });

  it.each(['ext=gif', 'ext=png', 'ext=WEBP', 'ext='])('vendors refuse %s with 400', async (query) => {
    expect(failure(await get(t.app, `${endpoints.newGameVendor.path}?${query}`))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it('answers upcoming matches by start time, and drops them once started', async () => {
    const matches = value<GameMatch[]>(await get(t.app, endpoints.gameMatches.path));
    expect(matches.map((match) => Date.parse(match.startTime) - TestClock.START)).toEqual([
      3 * HOUR,
      6 * HOUR,
      26 * HOUR,
      50 * HOUR,
    ]);
    expect(matches[0]).toMatchObject({ league: 'Harbour Premier League', home: 'Riverside FC' });
    clock.advance(10 * HOUR);
    expect(value<GameMatch[]>(await get(t.app, endpoints.gameMatches.path))).toHaveLength(2);
    // Lotus offers no sports vendor.
    expect(value<GameMatch[]>(await get(t.app, endpoints.gameMatches.path, { host: LOTUS }))).toEqual([]);
  });

  it('an unknown host is not a merchant', async () => {
    expect(failure(await get(t.app, endpoints.gameVendor.path, { host: 'nobody.example' })).code).toBe(
      ErrorCode.DOMAIN_NOT_AVAILABLE,
    );
  });
});
