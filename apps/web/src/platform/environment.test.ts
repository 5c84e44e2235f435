import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Environment,
  type EnvironmentInput,
  currentEnvironment,
  detectEnvironment,
  loginDeviceFor,
  readEnvironmentInput,
  registerMethodFor,
} from './environment';
import { StorageKey } from './storage';

const UA = {
  iphoneSafari13:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.3 Mobile/15E148 Safari/604.1',
  iphoneSafari14:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.1 Mobile/15E148 Safari/604.1',
  iphoneSafari16_4:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1',
  iphoneSafari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
  ipadSafari12:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/119.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/119.0.2151.105 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  lineIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
  lineAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S908E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.0.0 Mobile Safari/537.36 Line/13.18.1/IAB',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36 Telegram-Android/10.12.0 (Google Pixel 7; Android 14; SDK 34; AVERAGE)',
  iosWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/16.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/411.0.0.35.104;]',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  desktopFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  desktopEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  nativeAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.66 Mobile Safari/537.36 WPSApp/2.4.39',
  nativeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WPSApp/2.5.0',
  /** Assumed wallet-app WebView (see the contract in environment.ts). */
  walletAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 6) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 PayMaya/2.110.0',
} as const;

function input(userAgent: string, overrides: Partial<EnvironmentInput> = {}): EnvironmentInput {
  return {
    userAgent,
    maxTouchPoints: 0,
    navigatorStandalone: false,
    displayModeStandalone: false,
    hasNativeBridge: false,
    telegramInitData: null,
    storedWebclip: false,
    storedHomescreen: false,
    ...overrides,
  };
}

const browser: Environment = {
  isNativeApp: false,
  nativeAppVersion: null,
  isInstalledPwa: false,
  isIosWebClip: false,
  isIos: false,
  isIpad: false,
  iosVersion: null,
  isAndroid: false,
  isSafari: false,
  inAppBrowser: null,
  isMobile: false,
};
const ios = (major: number, minor: number) => ({ isIos: true, isMobile: true, iosVersion: { major, minor } });
const android = { isAndroid: true, isMobile: true };

describe('detectEnvironment from real user agents', () => {
  it.each<[string, EnvironmentInput, Partial<Environment>]>([
    ['iPhone Safari 13', input(UA.iphoneSafari13), { ...ios(13, 2), isSafari: true }],
    ['iPhone Safari 14', input(UA.iphoneSafari14), { ...ios(14, 6), isSafari: true }],
    ['iPhone Safari 16.4', input(UA.iphoneSafari16_4), { ...ios(16, 4), isSafari: true }],
    ['iPhone Safari 17', input(UA.iphoneSafari17), { ...ios(17, 1), isSafari: true }],
    [
      'iPad Safari 12',
      input(UA.ipadSafari12, { maxTouchPoints: 5 }),
      { ...ios(12, 2), isIpad: true, isSafari: true },
    ],
    [
      'iPad in desktop mode (Macintosh + touch)',
      input(UA.macSafari, { maxTouchPoints: 5 }),
      { ...ios(17, 2), isIpad: true, isSafari: true },
    ],
    ['Mac Safari (no touch)', input(UA.macSafari), { isSafari: true }],
    ['Chrome on iPhone', input(UA.iphoneChrome), ios(17, 2)],
    ['Firefox on iPhone', input(UA.iphoneFirefox), ios(16, 6)],
    ['Edge on iPhone', input(UA.iphoneEdge), ios(17, 1)],
    ['Android Chrome', input(UA.androidChrome), android],
    ['Line on iOS', input(UA.lineIos), { ...ios(16, 6), inAppBrowser: 'line' }],
    ['Line on Android', input(UA.lineAndroid), { ...android, inAppBrowser: 'line' }],
    ['Telegram on Android (token)', input(UA.telegramAndroid), { ...android, inAppBrowser: 'telegram' }],
    [
      'Telegram mini-app on iOS (init data only)',
      input(UA.iosWebView, { telegramInitData: 'query_id=AAH&user=%7B%7D&hash=ab' }),
      { ...ios(17, 4), inAppBrowser: 'telegram' },
    ],
    ['Facebook on iOS', input(UA.facebookIos), { ...ios(16, 5), inAppBrowser: 'facebook' }],
    ['Facebook on Android', input(UA.facebookAndroid), { ...android, inAppBrowser: 'facebook' }],
    ['wallet app on Android', input(UA.walletAndroid), { ...android, inAppBrowser: 'wallet' }],
    ['desktop Chrome', input(UA.desktopChrome), {}],
    ['desktop Firefox', input(UA.desktopFirefox), {}],
    ['desktop Edge', input(UA.desktopEdge), {}],
    ['Mac Chrome', input(UA.macChrome), {}],
    [
      'native shell on Android',
      input(UA.nativeAndroid),
      { ...android, isNativeApp: true, nativeAppVersion: '2.4.39' },
    ],
    [
      'native shell on iOS',
      input(UA.nativeIos),
      { ...ios(17, 0), isNativeApp: true, nativeAppVersion: '2.5.0' },
    ],
    [
      'native shell by bridge object only',
      input(UA.androidChrome, { hasNativeBridge: true }),
      { ...android, isNativeApp: true },
    ],
    [
      'native shell ignores home-screen flags',
      input(UA.nativeIos, { navigatorStandalone: true, displayModeStandalone: true }),
      { ...ios(17, 0), isNativeApp: true, nativeAppVersion: '2.5.0' },
    ],
    [
      'iOS web clip (navigator.standalone)',
      input(UA.iphoneSafari17, { navigatorStandalone: true }),
      { ...ios(17, 1), isSafari: true, isIosWebClip: true },
    ],
    [
      'iOS web clip by the stored homescreen flag',
      input(UA.iphoneSafari16_4, { storedHomescreen: true }),
      { ...ios(16, 4), isSafari: true, isIosWebClip: true },
    ],
    [
      'iOS web clip by the stored webclip flag',
      input(UA.iphoneSafari14, { storedWebclip: true }),
      { ...ios(14, 6), isSafari: true, isIosWebClip: true },
    ],
    [
      'iOS display-mode standalone is a web clip, not a PWA',
      input(UA.iphoneSafari17, { displayModeStandalone: true, navigatorStandalone: true }),
      { ...ios(17, 1), isSafari: true, isIosWebClip: true },
    ],
    ['homescreen flag off iOS is no web clip', input(UA.androidChrome, { storedHomescreen: true }), android],
    [
      'installed PWA on Android',
      input(UA.androidChrome, { displayModeStandalone: true }),
      { ...android, isInstalledPwa: true },
    ],
    [
      'installed PWA on desktop',
      input(UA.desktopChrome, { displayModeStandalone: true }),
      { isInstalledPwa: true },
    ],
    ['empty user agent', input(''), {}],
    ['garbage user agent', input('garbage 💥 Version/ Safari WPSApp/ Line'), {}],
    ['truncated user agent', input('Mozilla/5.0 (iPhone'), { isIos: true, isMobile: true }],
    ['fake native token without version', input('Mozilla/5.0 WPSApp/beta'), {}],
  ])('%s', (_name, given, expected) => {
    expect(detectEnvironment(given)).toEqual({ ...browser, ...expected });
  });
});

describe('registerMethodFor / loginDeviceFor', () => {
  it.each<[string, EnvironmentInput, string, string | undefined]>([
    ['plain mobile browser', input(UA.androidChrome), 'H5', undefined],
    ['desktop browser', input(UA.desktopChrome), 'H5', undefined],
    ['native shell', input(UA.nativeAndroid), 'APP', undefined],
    ['native shell on an iPad', input(UA.nativeIos.replace('iPhone;', 'iPad;')), 'APP', undefined],
    ['iOS web clip', input(UA.iphoneSafari17, { navigatorStandalone: true }), 'WEBCLIP', 'WEBCLIP'],
    ['installed PWA', input(UA.androidChrome, { displayModeStandalone: true }), 'PWA', 'PWA'],
    ['iPad browser', input(UA.ipadSafari12), 'H5', 'IPAD'],
    ['iPad desktop mode', input(UA.macSafari, { maxTouchPoints: 5 }), 'H5', 'IPAD'],
    ['iPad web clip', input(UA.ipadSafari12, { navigatorStandalone: true }), 'WEBCLIP', 'IPAD'],
    ['Line browser', input(UA.lineIos), 'H5', undefined],
  ])('%s → %s / %s', (_name, given, method, device) => {
    const env = detectEnvironment(given);
    expect(registerMethodFor(env)).toBe(method);
    expect(loginDeviceFor(env)).toBe(device);
  });
});

describe('readEnvironmentInput', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'WPSNativeBridge');
    Reflect.deleteProperty(window, 'Telegram');
  });

  it('reads a plain jsdom window (no matchMedia) without throwing', () => {
    expect(readEnvironmentInput(window)).toMatchObject({
      navigatorStandalone: false,
      displayModeStandalone: false,
      hasNativeBridge: false,
      telegramInitData: null,
      storedWebclip: false,
      storedHomescreen: false,
    });
  });

  it('reads the bridge, Telegram init data, display mode and stored flags', () => {
    Reflect.set(window, 'WPSNativeBridge', { postMessage: () => undefined });
    Reflect.set(window, 'Telegram', { WebApp: { initData: 'user=1&hash=2' } });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: fullscreen)' }));
    window.sessionStorage.setItem(StorageKey.homescreen, '1');
    window.sessionStorage.setItem(LazyStorageKey.webclip, '1');
    expect(readEnvironmentInput(window)).toMatchObject({
      displayModeStandalone: true,
      hasNativeBridge: true,
      telegramInitData: 'user=1&hash=2',
      storedWebclip: true,
      storedHomescreen: true,
    });
  });

  it.each([
    ['an empty init data string (script loaded outside Telegram)', { WebApp: { initData: '' } }],
    ['a WebApp without init data', { WebApp: {} }],
    ['a non-object Telegram global', 'Telegram'],
  ])('ignores %s', (_name, telegram) => {
    Reflect.set(window, 'Telegram', telegram);
    expect(readEnvironmentInput(window).telegramInitData).toBeNull();
  });

  it('survives a throwing matchMedia', () => {
    vi.stubGlobal('matchMedia', () => {
      throw new Error('broken');
    });
    expect(readEnvironmentInput(window).displayModeStandalone).toBe(false);
  });
});

describe('currentEnvironment', () => {
  it('reads the globals once', () => {
    const first = currentEnvironment();
    expect(currentEnvironment()).toBe(first);
  });
});
