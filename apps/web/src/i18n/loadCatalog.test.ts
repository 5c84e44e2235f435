import { ALL_LANGUAGES, type LanguageCode } from '@wps/contract/languages';
import { describe, expect, it, vi } from 'vitest';
import en from './catalogs/en.json';
import { type CatalogModuleLoader, catalogPath, createCatalogLoader } from './catalogLoader';
import { type CatalogLoader, createLazyCatalogLoader, loadCatalog } from './loadCatalog';

describe('catalogPath', () => {
  it.each<[LanguageCode, string]>([
    ['EN', './catalogs/en.json'],
    ['PT-BR', './catalogs/pt-br.json'],
    ['UR-LA', './catalogs/ur-la.json'],
    ['CN', './catalogs/cn.json'],
  ])('%s → %s', (code, path) => {
    expect(catalogPath(code)).toBe(path);
  });
});

describe('loadCatalog (the real catalogs)', () => {
  it('loads EN', async () => {
    expect(await loadCatalog('EN')).toEqual(en);
  });

  // Whether each catalog is complete is the catalogs' own test; here: every language gets texts.
  it.each(ALL_LANGUAGES)('resolves with texts for %s', async (code) => {
    const catalog = await loadCatalog(code);
    expect(Object.keys(catalog).length).toBeGreaterThan(0);
    expect(Object.values(catalog).every((text) => typeof text === 'string')).toBe(true);
  });
});

describe('createCatalogLoader fallbacks', () => {
  const EN = { hello: 'Hello' };
  const TH = { hello: 'สวัสดี' };
  const ok =
    (value: unknown): CatalogModuleLoader =>
    () =>
      Promise.resolve(value);
  const failing: CatalogModuleLoader = () => Promise.reject(new Error('chunk load failed'));

  it.each<[string, Record<string, CatalogModuleLoader>, LanguageCode, object]>([
    ['the requested catalog', { './catalogs/en.json': ok(EN), './catalogs/th.json': ok(TH) }, 'TH', TH],
    ['EN for a missing catalog', { './catalogs/en.json': ok(EN) }, 'TH', EN],
    [
      'EN when the catalog fails to load',
      { './catalogs/en.json': ok(EN), './catalogs/th.json': failing },
      'TH',
      EN,
    ],
    [
      'EN when the catalog is not an object',
      { './catalogs/en.json': ok(EN), './catalogs/th.json': ok('x') },
      'TH',
      EN,
    ],
    [
      'EN when the catalog is an array',
      { './catalogs/en.json': ok(EN), './catalogs/th.json': ok(['x']) },
      'TH',
      EN,
    ],
    [
      'non-string entries dropped',
      { './catalogs/th.json': ok({ hello: 'Hi', count: 3, nested: {} }) },
      'TH',
      { hello: 'Hi' },
    ],
    ['empty when EN fails too', { './catalogs/en.json': failing, './catalogs/th.json': failing }, 'TH', {}],
    ['empty when EN itself is missing', {}, 'EN', {}],
    ['empty when EN fails, asked once', { './catalogs/en.json': failing }, 'EN', {}],
  ])('%s', async (_name, loaders, code, expected) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(createCatalogLoader(loaders)(code)).resolves.toEqual(expected);
    warn.mockRestore();
  });

  it('fetches only the requested catalog', async () => {
    const enLoader = vi.fn(ok(EN));
    const thLoader = vi.fn(ok(TH));
    await createCatalogLoader({ './catalogs/en.json': enLoader, './catalogs/th.json': thLoader })('TH');
    expect(thLoader).toHaveBeenCalledOnce();
    expect(enLoader).not.toHaveBeenCalled();
  });
});

describe('createLazyCatalogLoader (the map of catalogs loaded on demand)', () => {
  const TH = { hello: 'สวัสดี' };
  const map: CatalogLoader = (code) => Promise.resolve(code === 'TH' ? TH : {});
  const mapFails = () => Promise.reject(new Error('chunk load failed'));

  it.each<[string, (() => Promise<CatalogLoader>)[], LanguageCode, object[]]>([
    ['the catalog through the map', [() => Promise.resolve(map)], 'TH', [TH, TH]],
    [
      'empty when the map cannot be fetched, and it is tried again',
      [mapFails, () => Promise.resolve(map)],
      'TH',
      [{}, TH],
    ],
    ['empty each time the map keeps failing', [mapFails, mapFails], 'TH', [{}, {}]],
    ['what the map answers for another language', [() => Promise.resolve(map)], 'EN', [{}, {}]],
  ])('%s', async (_name, attempts, code, expected) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loadMap = vi.fn<() => Promise<CatalogLoader>>();
    for (const attempt of attempts) loadMap.mockImplementationOnce(attempt);
    const load = createLazyCatalogLoader(loadMap);
    const results = [await load(code), await load(code)];
    expect(results).toEqual(expected);
    // Fetched once when it loads; again after each failure.
    expect(loadMap).toHaveBeenCalledTimes(attempts.length);
    warn.mockRestore();
  });

  it('is not fetched before a catalog is asked for', () => {
    const loadMap = vi.fn(() => Promise.resolve(map));
    createLazyCatalogLoader(loadMap);
    expect(loadMap).not.toHaveBeenCalled();
  });

  it('fetches the map once for calls made together', async () => {
    const loadMap = vi.fn(() => Promise.resolve(map));
    const load = createLazyCatalogLoader(loadMap);
    await expect(Promise.all([load('TH'), load('TH'), load('EN')])).resolves.toEqual([TH, TH, {}]);
    expect(loadMap).toHaveBeenCalledOnce();
  });
});
