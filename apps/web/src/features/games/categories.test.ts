import type { GameCategoryCard } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { namedCategories, offeredCategories } from './categories';

function card(category: GameCategoryCard['category'], gameCount = 1): GameCategoryCard {
  return { category, title: category, cards: [], gameClassify: { vendors: [] }, gameCount };
}

describe('offeredCategories', () => {
  it.each<[string, { ordinal: Record<string, number>; sorting: string[] } | null, string[]]>([
    ['no settings: the contract order', null, ['LOTT', 'SPORTS', 'RNG']],
    ['by sorting', { ordinal: {}, sorting: ['RNG', 'SPORTS', 'LOTT'] }, ['RNG', 'SPORTS', 'LOTT']],
    [
      'explicit ordinals win',
      { ordinal: { LOTT: 50 }, sorting: ['RNG', 'SPORTS'] },
      ['LOTT', 'RNG', 'SPORTS'],
    ],
    [
      'a lottery variant sits after the lottery',
      { ordinal: {}, sorting: ['LOTT', 'RNG'] },
      ['LOTT', 'RNG', 'SPORTS'],
    ],
  ])('%s', (_name, settings, expected) => {
    const cards = [card('SPORTS'), card('RNG'), card('LOTT')];
    expect(offeredCategories(cards, settings).map((item) => item.category)).toEqual(expected);
  });

  it('puts SEA_LOTT (+5) and VN_LOTT (+1) right after the lottery', () => {
    const cards = [card('SEA_LOTT'), card('RNG'), card('VN_LOTT'), card('LOTT')];
    const order = offeredCategories(cards, { ordinal: {}, sorting: ['LOTT', 'RNG'] }).map(
      (item) => item.category,
    );
    expect(order).toEqual(['LOTT', 'VN_LOTT', 'SEA_LOTT', 'RNG']);
  });

  it('never offers a category without games', () => {
    const cards = [card('RNG', 4), card('PVP', 0), card('LIVE', 1)];
    expect(offeredCategories(cards, null).map((item) => item.category)).toEqual(['LIVE', 'RNG']);
  });

  it('answers nothing for a missing or malformed list', () => {
    expect(offeredCategories(undefined, null)).toEqual([]);
    expect(offeredCategories({} as unknown as GameCategoryCard[], null)).toEqual([]);
  });
});

describe('namedCategories', () => {
  const none = { mapping: {}, sorting: [], ordinal: {}, display: {} };

  it('is the known categories named by a title, the order or an ordinal, in the contract order', () => {
    expect(
      namedCategories({
        ...none,
        mapping: { RNG: 'Slots', PG: 'PG Soft' },
        sorting: ['SPORTS', 'NOT_A_CATEGORY'],
        ordinal: { LOTT: 100, RNG: 250 },
      }),
    ).toEqual(['LOTT', 'SPORTS', 'RNG']);
  });

  it('leaves out the categories the merchant hides', () => {
    expect(
      namedCategories({ ...none, sorting: ['LOTT', 'RNG', 'ELOTT'], display: { ELOTT: false, RNG: true } }),
    ).toEqual(['LOTT', 'RNG']);
  });

  it('is empty without settings or when they name no category', () => {
    expect(namedCategories(null)).toEqual([]);
    expect(namedCategories(none)).toEqual([]);
  });
});
