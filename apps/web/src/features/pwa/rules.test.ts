import { describe, expect, it } from 'vitest';
import {
  afterUpdateHref,
  formInProgress,
  isOldWorkerScript,
  workerPlan,
  workerScriptUrl,
  type WorkerPlan,
} from './rules';

describe('afterUpdateHref (spec section 2, the reload list)', () => {
  it.each([
    ['/m/home', '/m/home?affiliateCode=a1#top'],
    ['/m/game', '/m/game?affiliateCode=a1#top'],
    ['/m/login', '/m/login?affiliateCode=a1#top'],
    ['/m/index', '/m/index?affiliateCode=a1#top'],
    ['/m/index.html', '/m/index.html?affiliateCode=a1#top'],
    ['/m/member/home', '/m/member/home?affiliateCode=a1#top'],
    ['/m/register', '/m/register?affiliateCode=a1#top'],
    ['/m/register.html', '/m/register.html?affiliateCode=a1#top'],
    ['/m/sports', '/m/home'],
    ['/m/launchGame', '/m/home'],
    ['/m/activity', '/m/home'],
    ['/m/changePsw', '/m/home'],
    ['/m/', '/m/home'],
  ])('%s → %s', (pathname, href) => {
    expect(afterUpdateHref(pathname, '?affiliateCode=a1', '#top')).toBe(href);
  });
});

describe('workerPlan (spec section 4, "Service worker")', () => {
  const supported = { hasServiceWorker: true, secureContext: true };
  it.each<
    [string, { isNativeApp: boolean; inAppBrowser: 'line' | 'telegram' | null }, typeof supported, WorkerPlan]
  >([
    ['a browser', { isNativeApp: false, inAppBrowser: null }, supported, 'register'],
    ['the Telegram browser', { isNativeApp: false, inAppBrowser: 'telegram' }, supported, 'register'],
    ['the Line browser', { isNativeApp: false, inAppBrowser: 'line' }, supported, 'none'],
    ['the native app', { isNativeApp: true, inAppBrowser: null }, supported, 'unregisterOld'],
    [
      'no service worker support',
      { isNativeApp: false, inAppBrowser: null },
      { hasServiceWorker: false, secureContext: true },
      'none',
    ],
    [
      'the native app without support',
      { isNativeApp: true, inAppBrowser: null },
      { hasServiceWorker: false, secureContext: true },
      'none',
    ],
    [
      'plain http on a public host',
      { isNativeApp: false, inAppBrowser: null },
      { hasServiceWorker: true, secureContext: false },
      'none',
    ],
  ])('%s → %s', (_name, env, support, plan) => {
    expect(workerPlan(env, support)).toBe(plan);
  });
});

describe('the worker script', () => {
  it.each([
    ['production', 'aurora', '/m/sw.js?environment=production&merchant=aurora'],
    ['development', 'lotus', '/m/sw.js?environment=development&merchant=lotus'],
    ['production', null, '/m/sw.js?environment=production'],
  ])('%s, %s → %s', (environment, merchant, url) => {
    expect(workerScriptUrl(environment, merchant)).toBe(url);
  });

  it.each([
    ['https://a.example/m/sw.js?merchant=aurora', true],
    ['https://a.example/m/sw-old.js', true],
    ['https://a.example/firebase-messaging-sw.js', false],
    [undefined, false],
  ])('old worker script %s → %s', (script, old) => {
    expect(isOldWorkerScript(script)).toBe(old);
  });
});

describe('formInProgress: the update prompt waits', () => {
  const field = (type: string, value: string, defaultValue = '') => ({ type, value, defaultValue });
  it.each([
    ['nothing typed, nothing focused', [field('text', ''), field('password', '')], null, false],
    ['a typed username', [field('text', 'demo')], null, true],
    ['a typed password', [field('password', 'x')], null, true],
    ['a prefilled field left as it was', [field('text', 'demo', 'demo')], null, false],
    ['a checkbox', [field('checkbox', 'on', '')], null, false],
    ['a focused input', [], { tagName: 'INPUT' }, true],
    ['a focused button', [], { tagName: 'BUTTON' }, false],
  ])('%s → %s', (_name, fields, focused, busy) => {
    expect(formInProgress(fields, focused)).toBe(busy);
  });
});
