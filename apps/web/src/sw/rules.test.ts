import { describe, expect, it } from 'vitest';
import {
  pushNotification,
  type RequestKind,
  catalogUrlsToCache,
  classifyRequest,
  isPageMessage,
  notificationTarget,
  safeTargetUrl,
  markOfflineShell,
} from './rules';

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
    [{ type: 'SET_TARGET_URL', url: '/m/game' }, true],
    [{ type: 'SET_TARGET_URL', url: 42 }, false],
    [{ type: 'SET_TARGET_URL' }, false],
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

describe('the worker target URL (the `from` arrival parameter)', () => {
  it.each<[string, unknown, string | null]>([
    ['a page of the app', '/m/game', '/m/game'],
    ['with its query and hash', '/m/activity?id=7#top', '/m/activity?id=7#top'],
    ['the entry page', '/m/index.html', '/m/index.html'],
    ['an absolute address on this origin', `${ORIGIN}/m/live`, '/m/live'],
    ['another origin', 'https://evil.example/m/home', null],
    ['protocol-relative', '//evil.example/m/home', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:text/html,<p>x</p>', null],
    ['outside the app', '/wps/member/info', null],
    ['the root', '/', null],
    ['a file of the app', '/m/sw.js', null],
    ['the asset list', '/m/asset-manifest.json', null],
    ['a traversal', '/m/../wps/member/info', null],
    ['an encoded traversal', '/m/%2e%2e/wps/member/info', null],
    ['a backslash', '/m\\..\\wps', null],
    ['a newline', '/m/home\nx', null],
    ['empty', '', null],
    ['not a string', 7, null],
    ['too long', `/m/${'a'.repeat(2_100)}`, null],
  ])('%s: %j → %j', (_case, raw, expected) => {
    expect(safeTargetUrl(raw, ORIGIN)).toBe(expected);
  });

  it.each<[string, unknown, string | null, string]>([
    ['the notification names a page', '/m/activity?id=3', '/m/game', '/m/activity?id=3'],
    ['no page named: the target', undefined, '/m/game', '/m/game'],
    ['a hostile page named: the target', 'https://evil.example/', '/m/game', '/m/game'],
    ['no target either: /m/home', undefined, null, '/m/home'],
    ['a stored target gone bad: /m/home', null, 'https://evil.example/', '/m/home'],
  ])('%s', (_case, notificationUrl, stored, expected) => {
    expect(notificationTarget(notificationUrl, stored, ORIGIN)).toBe(expected);
  });
});

describe("push messages (the server's Declarative Web Push payload)", () => {
  const origin = 'https://aurora.example';
  const message = (notification: unknown) => JSON.stringify({ web_push: 8030, notification });
  it.each<[string, string | null, ReturnType<typeof pushNotification>]>([
    [
      'title, body, tag and an app path',
      message({
        title: 'Bonus',
        body: 'Open',
        tag: 't1',
        navigate: 'https://aurora.example/m/activity?id=7',
      }),
      { title: 'Bonus', body: 'Open', tag: 't1', url: '/m/activity?id=7' },
    ],
    [
      'another origin opens home',
      message({ title: 'x', navigate: 'https://evil.example/m/home' }),
      { title: 'x', url: '/m/home' },
    ],
    [
      'javascript: opens home',
      message({ title: 'x', navigate: 'javascript:alert(1)' }),
      { title: 'x', url: '/m/home' },
    ],
    [
      'outside /m/ opens home',
      message({ title: 'x', navigate: 'https://aurora.example/wps/member/info' }),
      { title: 'x', url: '/m/home' },
    ],
    ['no title: nothing shown', message({ body: 'x' }), null],
    ['a title of another type', message({ title: 5 }), null],
    ['not JSON', 'hello', null],
    ['no data', null, null],
    ['over 4 KB', message({ title: 'x'.repeat(5000) }), null],
  ])('%s', (_name, text, expected) => {
    expect(pushNotification(text, origin)).toEqual(expected);
  });
});

describe('markOfflineShell: the offline answer says what it is', () => {
  it.each([
    [
      '<html><head><title>x</title></head></html>',
      '<html><head><meta name="wps-offline-shell" content="1"><title>x</title></head></html>',
    ],
    [
      '<html lang="en"><HEAD data-x="1"></HEAD>',
      '<html lang="en"><HEAD data-x="1"><meta name="wps-offline-shell" content="1"></HEAD>',
    ],
    // Already marked: once.
    [
      '<head><meta name="wps-offline-shell" content="1"></head>',
      '<head><meta name="wps-offline-shell" content="1"></head>',
    ],
    // <header> is not the head.
    ['<body><header>h</header></body>', '<body><header>h</header></body>'],
  ])('%s', (html, expected) => {
    expect(markOfflineShell(html)).toBe(expected);
  });
});
