import type { DownloadResource } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import {
  downloadLinks,
  otherActions,
  platformOf,
  primaryAction,
  safeColor,
  type DownloadLinks,
} from './downloadPage';

const IOS = 'https://apps.apple.com/app/id1';
const ANDROID = 'https://play.google.com/store/apps/details?id=x';
const PROFILE = '/wps/system/webclip.mobileconfig?merchantCode=aurora';

const links = (over: Partial<DownloadLinks> = {}): DownloadLinks => ({
  ios: IOS,
  profile: PROFILE,
  android: ANDROID,
  icon: null,
  ...over,
});

describe('platformOf', () => {
  it.each([
    [{ isIos: true, isAndroid: false }, 'ios'],
    [{ isIos: false, isAndroid: true }, 'android'],
    [{ isIos: false, isAndroid: false }, 'desktop'],
  ] as const)('%j → %s', (env, expected) => {
    expect(platformOf(env)).toBe(expected);
  });
});

describe('primaryAction (the button for the visitor’s platform)', () => {
  it.each([
    ['iOS with an App Store link', 'ios', links(), { kind: 'ios', href: IOS }],
    ['iOS with only the profile', 'ios', links({ ios: null }), { kind: 'profile', href: PROFILE }],
    ['iOS with neither', 'ios', links({ ios: null, profile: null }), { kind: 'addToHome' }],
    ['Android with its package', 'android', links(), { kind: 'android', href: ANDROID }],
    ['Android without one', 'android', links({ android: null }), { kind: 'addToHome' }],
    ['a desktop: install the web app', 'desktop', links(), { kind: 'addToHome' }],
  ] as const)('%s', (_name, platform, given, expected) => {
    expect(primaryAction(platform, given)).toEqual(expected);
  });

  it.each([
    ['iOS: the others, add to home last', 'ios', links(), ['profile', 'android', 'addToHome']],
    ['Android', 'android', links(), ['ios', 'profile', 'addToHome']],
    ['desktop: every link', 'desktop', links(), ['ios', 'profile', 'android']],
    ['desktop without links', 'desktop', links({ ios: null, profile: null, android: null }), []],
  ] as const)('other actions, %s', (_name, platform, given, kinds) => {
    const primary = primaryAction(platform, given);
    expect(otherActions(given, primary).map((action) => action.kind)).toEqual(kinds);
  });
});

describe('downloadLinks (links from data are checked)', () => {
  it.each<[string, DownloadResource[], Partial<DownloadLinks>]>([
    [
      'all good',
      [
        { resourceType: 'IOS', url: IOS },
        { resourceType: 'Android', url: ANDROID },
      ],
      { ios: IOS, android: ANDROID },
    ],
    ['javascript: is no link', [{ resourceType: 'Android', url: 'javascript:alert(1)' }], { android: null }],
    [
      'data: is no link',
      [{ resourceType: 'IOS', url: 'data:text/html,<script>alert(1)</script>' }],
      { ios: null },
    ],
    [
      'the first good one of a type wins',
      [
        { resourceType: 'IOS', url: 'javascript:x' },
        { resourceType: 'IOS', url: IOS },
      ],
      { ios: IOS },
    ],
    [
      'the server’s profile is allowed',
      [{ resourceType: 'MOBILECONFIG', url: PROFILE }],
      { profile: PROFILE },
    ],
    [
      'another relative path is not',
      [{ resourceType: 'MOBILECONFIG', url: '/evil.mobileconfig' }],
      { profile: null },
    ],
    [
      'an icon must be http(s)',
      [{ resourceType: 'AppDownloadIcon', url: 'data:image/png;base64,AAAA' }],
      { icon: null },
    ],
    [
      'an https icon',
      [{ resourceType: 'AppDownloadIcon', url: 'https://cdn.example/icon.png' }],
      { icon: 'https://cdn.example/icon.png' },
    ],
  ])('%s', (_name, resources, expected) => {
    expect(downloadLinks(resources)).toMatchObject(expected);
  });
});

describe('safeColor (app_desc_font_color)', () => {
  it.each([
    ['#fff', '#fff'],
    ['#12261b', '#12261b'],
    ['rgb(10, 20, 30)', 'rgb(10, 20, 30)'],
    ['red;background:url(javascript:alert(1))', undefined],
    ['url(https://evil)', undefined],
    ['expression(alert(1))', undefined],
    [null, undefined],
  ])('%s', (color, expected) => {
    expect(safeColor(color)).toBe(expected);
  });
});
