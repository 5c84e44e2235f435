import { describe, expect, it } from 'vitest';
import { localDay, pushDecision, type PushDecision, type PushFacts } from './pushRules';

const browser: PushFacts['env'] = {
  isIos: false,
  isIosWebClip: false,
  iosVersion: null,
  inAppBrowser: null,
  isNativeApp: false,
};
const ios = (major: number, minor: number, webClip: boolean): PushFacts['env'] => ({
  ...browser,
  isIos: true,
  isIosWebClip: webClip,
  iosVersion: { major, minor },
});
const base: PushFacts = {
  env: browser,
  disabledFlag: false,
  supported: true,
  permission: 'default',
  closedOn: null,
  today: '2026-11-23',
};

describe('pushDecision (the notification prompt, spec section 4)', () => {
  it.each<[string, Partial<PushFacts>, PushDecision]>([
    ['a browser that can, never asked', {}, 'ask'],
    ['closed today: not again today', { closedOn: '2026-11-23' }, 'skip'],
    ['closed yesterday: asked again', { closedOn: '2026-11-22' }, 'ask'],
    ['a damaged close date counts as not today', { closedOn: 'garbage' }, 'ask'],
    ['already granted: binds without asking', { permission: 'granted' }, 'bind'],
    ['granted but closed today: still binds', { permission: 'granted', closedOn: '2026-11-23' }, 'bind'],
    ['denied: left alone', { permission: 'denied' }, 'skip'],
    ['no push in this browser', { supported: false, permission: null }, 'skip'],
    ['the local flag', { disabledFlag: true }, 'skip'],
    ['inside the wallet app', { env: { ...browser, inAppBrowser: 'wallet' } }, 'skip'],
    ['inside Telegram', { env: { ...browser, inAppBrowser: 'telegram' } }, 'skip'],
    ['inside the native app shell', { env: { ...browser, isNativeApp: true } }, 'skip'],
    ['iOS 16.4 installed web clip', { env: ios(16, 4, true) }, 'ask'],
    ['iOS 17 installed web clip', { env: ios(17, 0, true) }, 'ask'],
    [
      'iOS 16.3 web clip: install tip',
      { env: ios(16, 3, true), supported: false, permission: null },
      'iosInstallTip',
    ],
    [
      'iOS 17 Safari tab: install tip',
      { env: ios(17, 2, false), supported: false, permission: null },
      'iosInstallTip',
    ],
    [
      'iOS tip at most once a day',
      { env: ios(17, 2, false), supported: false, closedOn: '2026-11-23' },
      'skip',
    ],
    [
      'iOS in an in-app browser: nothing',
      { env: { ...ios(17, 2, false), inAppBrowser: 'facebook' } },
      'skip',
    ],
  ])('%s → %s', (_name, facts, expected) => {
    expect(pushDecision({ ...base, ...facts })).toBe(expected);
  });

  it('the close date is the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 0, 6, 0, 0))).toBe('2026-01-06');
  });
});
