import { describe, expect, it } from 'vitest';
import { categoryOrdinal, gameImageUrl, GameCategory, sortByCategoryOrdinal } from './games.js';

type Settings = Parameters<typeof categoryOrdinal>[1];

const SORTED: Settings = { sorting: ['LOTT', 'SPORTS', 'RNG'], ordinal: {} };
const EXPLICIT: Settings = {
  sorting: ['LOTT', 'SPORTS', 'RNG'],
  ordinal: { LOTT: 300, RNG: 150, SEA_LOTT: 50 },
};
const EMPTY: Settings = { sorting: [], ordinal: {} };

describe('categoryOrdinal (spec section 9: steps of 100, lottery variants at +5 and +1)', () => {
  it.each<[string, Settings, number]>([
    ['LOTT', SORTED, 100],
    ['SPORTS', SORTED, 200],
    ['RNG', SORTED, 300],
    // Variants follow the lottery's ordinal whatever their own place.
    ['SEA_LOTT', SORTED, 105],
    ['VN_LOTT', SORTED, 101],
    // Explicit ordinals win, and the variants follow an explicit lottery ordinal.
    ['LOTT', EXPLICIT, 300],
    ['RNG', EXPLICIT, 150],
    ['VN_LOTT', EXPLICIT, 301],
    ['SEA_LOTT', EXPLICIT, 50],
    ['SPORTS', EXPLICIT, 200],
    // Neither sorted nor explicit: after every sorted category, in GAME_CATEGORIES order.
    ['LIVE', SORTED, 4000 + 5 * 100],
    ['ARCADE', SORTED, 4000 + 11 * 100],
    ['UNKNOWN', SORTED, 4000 + 12 * 100],
    ['LOTT', EMPTY, 1000],
    ['VN_LOTT', EMPTY, 1001],
  ])('%s with %j → %i', (category, settings, expected) => {
    expect(categoryOrdinal(category, settings)).toBe(expected);
  });

  it('ignores a non-finite explicit ordinal', () => {
    expect(categoryOrdinal('RNG', { sorting: ['RNG'], ordinal: { RNG: Number.NaN } })).toBe(100);
  });
});

describe('sortByCategoryOrdinal', () => {
  it.each<[string, Settings, string[], string[]]>([
    [
      'sorting order, variants right after the lottery',
      SORTED,
      ['RNG', 'VN_LOTT', 'SPORTS', 'SEA_LOTT', 'LOTT'],
      ['LOTT', 'VN_LOTT', 'SEA_LOTT', 'SPORTS', 'RNG'],
    ],
    [
      'explicit ordinals move categories',
      EXPLICIT,
      ['LOTT', 'SPORTS', 'RNG', 'SEA_LOTT', 'VN_LOTT'],
      ['SEA_LOTT', 'RNG', 'SPORTS', 'LOTT', 'VN_LOTT'],
    ],
    [
      'unsorted categories last in catalogue order',
      SORTED,
      ['ARCADE', 'LIVE', 'RNG', 'LOTT'],
      ['LOTT', 'RNG', 'LIVE', 'ARCADE'],
    ],
    ['ties keep their order', SORTED, ['RNG', 'LOTT', 'RNG'], ['LOTT', 'RNG', 'RNG']],
  ])('%s', (_name, settings, input, expected) => {
    expect(sortByCategoryOrdinal(input, (category) => category, settings)).toEqual(expected);
  });

  it('keeps the items themselves', () => {
    const items = [
      { id: 1, category: GameCategory.RNG },
      { id: 2, category: GameCategory.LOTT },
    ];
    expect(sortByCategoryOrdinal(items, (item) => item.category, SORTED).map((item) => item.id)).toEqual([
      2, 1,
    ]);
  });
});

describe('gameImageUrl', () => {
  it.each([
    ['na', '/wps/game/image/game-1.png'],
    ['webp', '/wps/game/image/game-1.webp'],
    ['avif', '/wps/game/image/game-1.avif'],
  ] as const)('%s → %s', (format, url) => {
    expect(gameImageUrl('/wps/game/image/game-1', format)).toBe(url);
  });
});
