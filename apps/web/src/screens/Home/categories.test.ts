import type { GameCategoryCard } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { categoryHref, orderedCategories, vendorHref } from './categories';

function card(category: GameCategoryCard['category']): GameCategoryCard {
  return { category, title: category, cards: [], gameClassify: { vendors: [] }, gameCount: 1 };
}

describe('categoryHref', () => {
  it.each<[GameCategoryCard['category'], string]>([
    ['SPORTS', '/m/sports'],
    ['LIVE', '/m/live'],
    ['RNG', '/m/rng'],
    ['TABLE', '/m/table'],
    ['FISH', '/m/fish'],
    ['PVP', '/m/pvp'],
    ['CRASH', '/m/crash'],
    ['ARCADE', '/m/arcade'],
    ['ELOTT', '/m/elott'],
    ['LOTT', '/m/game?category=LOTT'],
    ['SEA_LOTT', '/m/game?category=SEA_LOTT'],
    ['VN_LOTT', '/m/game?category=VN_LOTT'],
  ])('%s → %s', (category, href) => {
    expect(categoryHref(category)).toBe(href);
  });
});

describe('orderedCategories', () => {
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
    expect(orderedCategories(cards, settings).map((item) => item.category)).toEqual(expected);
  });

  it('puts SEA_LOTT (+5) and VN_LOTT (+1) right after the lottery', () => {
    const cards = [card('SEA_LOTT'), card('RNG'), card('VN_LOTT'), card('LOTT')];
    const order = orderedCategories(cards, { ordinal: {}, sorting: ['LOTT', 'RNG'] }).map(
      (item) => item.category,
    );
    expect(order).toEqual(['LOTT', 'VN_LOTT', 'SEA_LOTT', 'RNG']);
  });
});

describe('vendorHref', () => {
  it('is the game area on the vendor', () => {
    expect(vendorHref({ vendor: 'P&G', category: 'RNG' })).toBe('/m/game?category=RNG&vendor=P%26G');
  });
});
