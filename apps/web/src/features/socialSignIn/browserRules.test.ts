import { describe, expect, it } from 'vitest';
import type { Environment } from '@/platform/environment';
import { googleBlockedWebView, openInBrowserUrl, signInModeFor } from './browserRules';

const browser: Environment = {
  isNativeApp: false,
  nativeAppVersion: null,
  isInstalledPwa: false,
  isIosWebClip: false,
  isIos: false,
  isIpad: false,
  iosVersion: null,
  isAndroid: true,
  isSafari: false,
  inAppBrowser: null,
  isMobile: true,
};

describe('signInModeFor', () => {
  it.each<[string, Partial<Environment>, boolean, 'popup' | 'redirect', boolean?]>([
    ['an Instagram or TikTok webview', {}, false, 'redirect', true],
    ['a mobile browser', {}, false, 'popup'],
    ['a desktop browser', { isMobile: false, isAndroid: false }, false, 'popup'],
    ['after a blocked popup', {}, true, 'redirect'],
    ['an installed PWA', { isInstalledPwa: true }, false, 'redirect'],
    ['an iOS web clip', { isIos: true, isAndroid: false, isIosWebClip: true }, false, 'redirect'],
    ['the native shell', { isNativeApp: true }, false, 'redirect'],
    ['the LINE browser', { inAppBrowser: 'line' }, false, 'redirect'],
    ['Telegram', { inAppBrowser: 'telegram' }, false, 'redirect'],
    ['iOS Safari', { isIos: true, isAndroid: false, isSafari: true }, false, 'popup'],
  ])('%s → %s', (_name, env, blocked, expected, webView = false) => {
    expect(signInModeFor({ ...browser, ...env }, blocked, webView)).toBe(expected);
  });
});

const UA = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0',
  lineAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 Line/14.5.1/IAB',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.40.106;FBBV/123]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/470.0.0.0.1;]',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.12.91 (iPhone15,2; iOS 17_4; en_US)',
  tiktok:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 trill_340503 BytedanceWebview/d8a21c6',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  // Hostile: a page title-like string that only mentions the apps.
  mentions: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36 (about Instagram and LINE)',
};

describe('googleBlockedWebView', () => {
  it.each<[keyof typeof UA, ReturnType<typeof googleBlockedWebView>]>([
    ['chromeAndroid', null],
    ['safari', null],
    ['firefox', null],
    ['mentions', null],
    ['line', 'line'],
    ['lineAndroid', 'line'],
    ['facebookIos', 'facebook'],
    ['facebookAndroid', 'facebook'],
    ['instagram', 'instagram'],
    ['tiktok', 'tiktok'],
    ['tiktokAndroid', 'tiktok'],
    ['androidWebView', 'android-webview'],
  ])('%s → %s', (name, expected) => {
    expect(googleBlockedWebView(UA[name])).toBe(expected);
  });
});

describe('openInBrowserUrl', () => {
  const android = { isAndroid: true, isIos: false };
  const ios = { isAndroid: false, isIos: true };
  it.each<[string, string, Parameters<typeof openInBrowserUrl>[1], typeof android, string | null]>([
    [
      'LINE adds openExternalBrowser',
      'https://a.example/m/login?go=%2Fm%2Fhome',
      'line',
      ios,
      'https://a.example/m/login?go=%2Fm%2Fhome&openExternalBrowser=1',
    ],
    [
      'Android: an intent for Chrome with the page as fallback',
      'https://a.example/m/login',
      'facebook',
      android,
      'intent://a.example/m/login#Intent;scheme=https;package=com.android.chrome;S.browser_fallback_url=https%3A%2F%2Fa.example%2Fm%2Flogin;end',
    ],
    [
      'iOS: x-safari-https',
      'https://a.example/m/login',
      'instagram',
      ios,
      'x-safari-https://a.example/m/login',
    ],
    ['iOS over http: none', 'http://a.example/m/login', 'tiktok', ios, null],
    ['not a web address', 'javascript:alert(1)', 'line', ios, null],
    ['not an address', 'not a url', 'facebook', android, null],
  ])('%s', (_name, page, webView, platform, expected) => {
    expect(openInBrowserUrl(page, webView, platform)).toBe(expected);
  });
});
