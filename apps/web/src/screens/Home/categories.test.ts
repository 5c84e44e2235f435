import type { GameCategoryCard } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { STATIC_CATEGORY_LINKS, categoryHref, fallbackCategoryLinks, vendorHref } from './categories';

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

describe('fallbackCategoryLinks', () => {
  it('offers the pages of the categories the settings name', () => {
    expect(fallbackCategoryLinks(['LOTT', 'RNG', 'SPORTS']).map((link) => link.to)).toEqual([
      '/m/sports',
      '/m/rng',
    ]);
  });

  it('offers every category page when the settings name none of them', () => {
    expect(fallbackCategoryLinks([])).toBe(STATIC_CATEGORY_LINKS);
    expect(fallbackCategoryLinks(['LOTT', 'VN_LOTT'])).toBe(STATIC_CATEGORY_LINKS);
  });

  it('names each page after its category', () => {
    for (const link of STATIC_CATEGORY_LINKS) expect(categoryHref(link.category)).toBe(link.to);
  });
});

describe('vendorHref', () => {
  it('is the game area on the vendor', () => {
    expect(vendorHref({ vendor: 'P&G', category: 'RNG' })).toBe('/m/game?category=RNG&vendor=P%26G');
  });
});
