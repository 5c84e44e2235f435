import { describe, expect, it } from 'vitest';
import {
  type DownloadBarFacts,
  type GuideFacts,
  type PopupEvent,
  type PopupPhase,
  a2hsGuideAllowed,
  downloadBarVisible,
  downloadLinkFor,
  iosSupportsPwa,
  nextPopupPhase,
} from './downloadRules';

const browserEnv = {
  isNativeApp: false,
  isInstalledPwa: false,
  isIosWebClip: false,
  isIos: false,
  iosVersion: null,
};
const iosEnv = { ...browserEnv, isIos: true, iosVersion: { major: 17, minor: 2 } };
const settings = { bannerImage: '/banner.png', loginRequired: false, hasVip: false, vipRankLevel: 0 };
const base: DownloadBarFacts = {
  env: browserEnv,
  hiddenForSession: false,
  homeScreenLaunch: false,
  hasIosLink: false,
  referralEnabled: true,
  settings,
  loggedIn: false,
  rankLevel: null,
};

describe('downloadBarVisible (spec section 4, "Download bar")', () => {
  it.each<[string, Partial<DownloadBarFacts>, boolean]>([
    ['a browser, referral on, a banner', {}, true],
    ['hideDownloadBar=1 for the session', { hiddenForSession: true }, false],
    ['inside the native app', { env: { ...browserEnv, isNativeApp: true } }, false],
    ['an installed PWA', { env: { ...browserEnv, isInstalledPwa: true } }, false],
    ['home-screen launch without an iOS link', { homeScreenLaunch: true }, false],
    ['home-screen launch with an iOS link', { homeScreenLaunch: true, hasIosLink: true }, true],
    ['iOS web clip without an iOS link', { env: { ...iosEnv, isIosWebClip: true } }, false],
    ['iOS web clip with an iOS link', { env: { ...iosEnv, isIosWebClip: true }, hasIosLink: true }, true],
    ['iOS 17.2 Safari', { env: iosEnv }, true],
    ['iOS 11.2: no PWA support', { env: { ...iosEnv, iosVersion: { major: 11, minor: 2 } } }, false],
    ['iOS 11.3: PWA support', { env: { ...iosEnv, iosVersion: { major: 11, minor: 3 } } }, true],
    ['iOS 10', { env: { ...iosEnv, iosVersion: { major: 10, minor: 3 } } }, false],
    ['referral disabled', { referralEnabled: false }, false],
    ['no banner image', { settings: { ...settings, bannerImage: null } }, false],
    ['no bar settings', { settings: undefined }, false],
    ['login required, logged out', { settings: { ...settings, loginRequired: true } }, false],
    ['login required, logged in', { settings: { ...settings, loginRequired: true }, loggedIn: true }, true],
    [
      'VIP 3 required, rank 2',
      { settings: { ...settings, hasVip: true, vipRankLevel: 3 }, loggedIn: true, rankLevel: 2 },
      false,
    ],
    [
      'VIP 3 required, rank 3',
      { settings: { ...settings, hasVip: true, vipRankLevel: 3 }, loggedIn: true, rankLevel: 3 },
      true,
    ],
    ['VIP required, rank unknown', { settings: { ...settings, hasVip: true, vipRankLevel: 1 } }, false],
    ['VIP level set but hasVip off', { settings: { ...settings, vipRankLevel: 5 } }, true],
  ])('%s → %s', (_name, facts, visible) => {
    expect(downloadBarVisible({ ...base, ...facts })).toBe(visible);
  });
});

describe('iosSupportsPwa', () => {
  it.each<[{ major: number; minor: number } | null, boolean]>([
    [null, true],
    [{ major: 11, minor: 0 }, false],
    [{ major: 11, minor: 3 }, true],
    [{ major: 12, minor: 0 }, true],
  ])('%j → %s', (version, supported) => {
    expect(iosSupportsPwa(version)).toBe(supported);
  });
});

describe('downloadLinkFor', () => {
  const resources = [
    { resourceType: 'MOBILECONFIG' as const, url: '/profile.mobileconfig' },
    { resourceType: 'Android' as const, url: '/app.apk' },
  ];
  it.each<[string, { isIos: boolean; isAndroid: boolean }, typeof resources, string | null]>([
    [
      'iOS without an App Store link: the profile',
      { isIos: true, isAndroid: false },
      resources,
      '/profile.mobileconfig',
    ],
    [
      'iOS with an App Store link: the app',
      { isIos: true, isAndroid: false },
      [{ resourceType: 'IOS' as never, url: 'https://apps.apple.com/x' }, ...resources],
      'https://apps.apple.com/x',
    ],
    ['Android', { isIos: false, isAndroid: true }, resources, '/app.apk'],
    ['desktop', { isIos: false, isAndroid: false }, resources, null],
    ['Android without a link', { isIos: false, isAndroid: true }, [], null],
  ])('%s', (_name, env, list, url) => {
    expect(downloadLinkFor(list, env)).toBe(url);
  });
});

describe('a2hsGuideAllowed (the install prompt’s paths and conditions)', () => {
  const guide: GuideFacts = {
    pathname: '/m/home',
    env: { isNativeApp: false, isInstalledPwa: false, isIosWebClip: false, isIos: true },
    installed: false,
    declinedThisSession: false,
    count: 0,
    supportsInstallEvent: false,
  };
  it.each<[string, Partial<GuideFacts>, boolean]>([
    ['iOS Safari on /m/home', {}, true],
    ['iOS on /', { pathname: '/' }, true],
    ['iOS on /m/game', { pathname: '/m/game' }, false],
    ['iOS web clip', { env: { ...guide.env, isIosWebClip: true } }, false],
    ['iOS, declined this session', { declinedThisSession: true }, false],
    ['iOS, installed', { count: 99 }, false],
    ['Firefox desktop (no event)', { env: { ...guide.env, isIos: false } }, true],
    [
      'Chrome Android (the event)',
      { env: { ...guide.env, isIos: false }, supportsInstallEvent: true },
      false,
    ],
    ['native app', { env: { ...guide.env, isNativeApp: true } }, false],
  ])('%s → %s', (_name, facts, allowed) => {
    expect(a2hsGuideAllowed({ ...guide, ...facts })).toBe(allowed);
  });
});

describe('home-screen popup phases', () => {
  it.each<[PopupPhase, PopupEvent, PopupPhase]>([
    ['hidden', 'delayElapsed', 'shown'],
    ['hidden', 'close', 'closed'],
    ['shown', 'close', 'closing'],
    ['shown', 'delayElapsed', 'shown'],
    ['closing', 'animationDone', 'closed'],
    ['closing', 'close', 'closing'],
    ['closed', 'delayElapsed', 'closed'],
  ])('%s + %s → %s', (phase, event, next) => {
    expect(nextPopupPhase(phase, event)).toBe(next);
  });
});
