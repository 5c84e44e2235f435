import { describe, expect, it } from 'vitest';
import { type RequestKind, catalogUrlsToCache, classifyRequest, isPageMessage } from './rules';

const ORIGIN = 'https://aurora.example';

describe('classifyRequest', () => {
  it.each<[string, { path: string; mode?: string; method?: string; destination?: string }, RequestKind]>([
    ['a page of the app', { path: '/m/home', mode: 'navigate', destination: 'document' }, 'navigation'],
    ['a page with its query', { path: '/m/game?tab=lotto', mode: 'navigate' }, 'navigation'],
    ['the entry page', { path: '/m/index.html', mode: 'navigate' }, 'navigation'],
    ['the register page', { path: '/m/register.html', mode: 'navigate' }, 'navigation'],
    ['a file opened as a page', { path: '/m/asset-manifest.json', mode: 'navigate' }, 'network'],
    ['a page outside the app', { path: '/demo-game/', mode: 'navigate' }, 'network'],
    ['the root', { path: '/', mode: 'navigate' }, 'network'],
    ['a language catalog', { path: '/m/assets/i18n/en-BDyxQ2Fc.js', destination: 'script' }, 'catalog'],
    ['game art', { path: '/wps/game/image/game-1.avif', destination: 'image' }, 'image'],
    ['a lobby banner', { path: '/wps/game/image/banner-3.webp', destination: 'image' }, 'image'],
    ['member info', { path: '/wps/member/info' }, 'network'],
    ['the settings', { path: '/wps/system/settings' }, 'network'],
    ['favourites', { path: '/wps/game/favorites' }, 'network'],
    [
      'an image path fetched as data',
      { path: '/wps/game/image/game-1.avif', destination: 'script' },
      'network',
    ],
    ['a POST', { path: '/wps/session/login', method: 'POST' }, 'network'],
    ['a POST navigation', { path: '/m/home', mode: 'navigate', method: 'POST' }, 'network'],
    ['a screen chunk (precached, not a rule)', { path: '/m/assets/HomeScreen-x.js' }, 'network'],
  ])('%s → %s', (_name, { path, mode = 'cors', method = 'GET', destination = '' }, kind) => {
    expect(classifyRequest({ url: new URL(path, ORIGIN), origin: ORIGIN, method, mode, destination })).toBe(
      kind,
    );
  });

  it('another origin is never handled', () => {
    const url = new URL('https://cdn.example/wps/game/image/game-1.avif');
    expect(
      classifyRequest({ url, origin: ORIGIN, method: 'GET', mode: 'no-cors', destination: 'image' }),
    ).toBe('network');
  });
});

describe('page messages', () => {
  it.each([
    [{ type: 'SKIP_WAITING' }, true],
    [{ type: 'CACHE_CATALOGS', urls: ['/m/assets/i18n/en-1.js'] }, true],
    [{ type: 'CACHE_CATALOGS', urls: [1] }, false],
    [{ type: 'CACHE_CATALOGS' }, false],
    [{ type: 'OTHER' }, false],
    ['SKIP_WAITING', false],
    [null, false],
  ])('%j → %s', (message, valid) => {
    expect(isPageMessage(message)).toBe(valid);
  });

  it('caches only catalogs of its own origin, without query, at most 8 asked', () => {
    expect(
      catalogUrlsToCache(
        [
          '/m/assets/i18n/en-1.js',
          `${ORIGIN}/m/assets/i18n/vi-2.js?x=1`,
          'https://evil.example/m/assets/i18n/en-1.js',
          '/m/assets/HomeScreen-1.js',
          '/wps/member/info',
          '/m/assets/i18n/en-1.js',
        ],
        ORIGIN,
      ),
    ).toEqual([`${ORIGIN}/m/assets/i18n/en-1.js`, `${ORIGIN}/m/assets/i18n/vi-2.js`]);
    expect(
      catalogUrlsToCache(
        Array.from({ length: 20 }, (_, i) => `/m/assets/i18n/l${i}.js`),
        ORIGIN,
      ),
    ).toHaveLength(8);
  });
});
