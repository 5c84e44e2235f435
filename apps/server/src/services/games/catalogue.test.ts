import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS, glyphOf, launchOf } from '../../seed/games.js';
import {
  buildCategoryCards,
  buildHotGames,
  catalogueSettingsOf,
  categoryTitle,
  containsPattern,
  orderVendors,
  pageOf,
  type CatalogueSettings,
  type GameRow,
} from './catalogue.js';
import { ImageCache, parseImageName, type RenderedImage } from './art.js';

const SETTINGS: CatalogueSettings = {
  allVendors: ['A', 'B', 'C'],
  sorting: ['RNG', 'LOTT'],
  ordinal: {},
  display: { LIVE: false },
  mapping: { RNG: 'Slots' },
  vendorSorting: { RNG: ['C'] },
};

let nextId = 1;
function row(vendorCode: string, category: string, position: number, extra: Partial<GameRow> = {}): GameRow {
  const id = nextId++;
  return {
    id,
    vendorCode,
    vendorName: `Vendor ${vendorCode}`,
    gameCode: `${vendorCode}_${id}`,
    nodeId: '1',
    displayName: `Game ${id}`,
    category,
    freeplay: false,
    hotRank: null,
    launch: { kind: 'vendor' },
    position,
    ...extra,
  };
}

describe('catalogue rules', () => {
  it.each<[string, string, string]>([
    ['RNG', 'Slots', 'mapped'],
    ['LOTT', 'LOTT', 'unmapped: the code'],
  ])('categoryTitle(%s) → %s (%s)', (category, title) => {
    expect(categoryTitle(SETTINGS, category)).toBe(title);
  });

  it.each<[string, string[], string[]]>([
    ['RNG', ['A', 'B', 'C', 'A'], ['C', 'A', 'B']],
    ['LOTT', ['B', 'A'], ['A', 'B']],
    ['RNG', [], []],
  ])('orderVendors(%s, %j) → %j', (category, vendors, expected) => {
    expect(orderVendors(SETTINGS, category, vendors)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['abc', '%abc%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('containsPattern(%j) → %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });

  it.each<[number, number, number[]]>([
    [1, 2, [1, 2]],
    [3, 2, [5]],
    [4, 2, []],
    [1, 10, [1, 2, 3, 4, 5]],
  ])('pageOf(page %i, size %i) → %j', (page, pageSize, list) => {
    expect(pageOf([1, 2, 3, 4, 5], page, pageSize)).toEqual({ list, page, pageSize, total: 5 });
  });

  it('fills missing or malformed settings parts with empty ones', () => {
    expect(catalogueSettingsOf(undefined)).toEqual({
      allVendors: [],
      sorting: [],
      mapping: {},
      display: {},
      ordinal: {},
      vendorSorting: {},
    });
    const broken = { allVendors: ['A', 3], sorting: 'LOTT', mapping: [] } as unknown as Parameters<
      typeof catalogueSettingsOf
    >[0];
    expect(catalogueSettingsOf(broken)).toMatchObject({ allVendors: ['A'], sorting: [], mapping: {} });
  });

  it('builds category cards: ordered, hidden and unknown categories left out, 8 cards at most', () => {
    const rows = [
      ...Array.from({ length: 10 }, (_, index) => row(index % 2 === 0 ? 'A' : 'C', 'RNG', index)),
      row('B', 'LOTT', 1),
      row('B', 'LIVE', 1),
      row('B', 'POKER', 1),
    ];
    const cards = buildCategoryCards(SETTINGS, rows);
    expect(cards.map((card) => [card.category, card.title, card.gameCount, card.cards.length])).toEqual([
      ['RNG', 'Slots', 10, 8],
      ['LOTT', 'LOTT', 1, 1],
    ]);
    expect(cards[0]?.gameClassify.vendors).toEqual(['C', 'A']);
    expect(cards[0]?.cards.map((card) => card.imageBase)).toEqual(
      rows.slice(0, 8).map((source) => `/wps/game/image/game-${source.id}`),
    );
  });

  it('ranks hot games and leaves out unranked and hidden ones', () => {
    const rows = [
      row('A', 'RNG', 1, { hotRank: 3 }),
      row('A', 'RNG', 2, { hotRank: 1 }),
      row('A', 'RNG', 3),
      row('B', 'LIVE', 1, { hotRank: 2 }),
    ];
    expect(buildHotGames(SETTINGS, rows).map((game) => game.hotRank)).toEqual([1, 3]);
  });
});

describe('image names', () => {
  it.each<[string, ReturnType<typeof parseImageName>]>([
    ['game-12.png', { kind: 'game', id: '12', ext: 'png' }],
    ['vendor-TCG_LOTTO_VN.avif', { kind: 'vendor', id: 'TCG_LOTTO_VN', ext: 'avif' }],
    ['banner-3.webp', { kind: 'banner', id: '3', ext: 'webp' }],
    ['announcement-7.png', { kind: 'announcement', id: '7', ext: 'png' }],
    ['game-0.png', null],
    ['game-2147483648.png', null],
    ['game-x.png', null],
    ['game-1.jpg', null],
    ['other-1.png', null],
    ['vendor-a-b.png', null],
  ])('%s → %j', (file, parsed) => {
    expect(parseImageName(file)).toEqual(parsed);
  });
});

describe('the image cache', () => {
  const image = (size: number): RenderedImage => ({
    bytes: Buffer.alloc(size),
    etag: '"x"',
    contentType: 'image/png',
  });

  it('drops the least recently used entry past its count', () => {
    const cache = new ImageCache(2, 1000);
    cache.set('a', image(1));
    cache.set('b', image(1));
    cache.get('a');
    cache.set('c', image(1));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((entry) => entry !== undefined)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('stays within its byte budget and never keeps an oversized image', () => {
    const cache = new ImageCache(10, 100);
    cache.set('a', image(60));
    cache.set('b', image(60));
    expect(cache.size).toBe(1);
    cache.set('huge', image(101));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('shares one load between concurrent misses and does not cache a miss', async () => {
    const cache = new ImageCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return image(1);
    };
    await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad('none', async () => null)).toBeNull();
    expect(cache.size).toBe(1);
  });
});

describe('the demo catalogue', () => {
  const all = DEMO_VENDORS.flatMap((vendor) => vendor.games.map((game) => ({ vendor, game })));

  it('has 60–90 games, hot ranks 1..N without gaps, several freeplay games, all on the demo adapter', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.length).toBeLessThanOrEqual(90);
    const ranks = all.flatMap(({ game }) => (game.hot === undefined ? [] : [game.hot])).sort((a, b) => a - b);
    expect(ranks).toEqual(ranks.map((_, index) => index + 1));
    expect(ranks.length).toBeGreaterThanOrEqual(10);
    expect(all.filter(({ game }) => game.freeplay === true).length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map(({ game }) => game.code)).size).toBe(all.length);
  });

  it('launches lotteries by prize mode, the sea lottery as SEA, the Vietnam lottery by its vendor', () => {
    expect(launchOf('LOTT', { code: 'X', name: 'X', prizeMode: 'P' })).toEqual({
      kind: 'lottery',
      prizeMode: 'P',
      playType: 'NORMAL',
    });
    expect(launchOf('SEA_LOTT', { code: 'X', name: 'X', prizeMode: 'P' })).toMatchObject({ playType: 'SEA' });
    expect(launchOf('VN_LOTT', { code: 'X', name: 'X', prizeMode: 'P' })).toEqual({
      kind: 'vnLottery',
      vendor: 'TCG_LOTTO_VN',
      prizeMode: 'P',
    });
    expect(launchOf('RNG', { code: 'X', name: 'X' })).toEqual({ kind: 'vendor' });
  });

  it.each([
    ['Golden Comet', 'GC'],
    ['100% Wild', '100'],
    ['Monsoon 6/45', 'M64'],
    ['!!!', '?'],
  ])('glyphOf(%j) → %j', (name, glyph) => {
    expect(glyphOf(name)).toBe(glyph);
  });
});
