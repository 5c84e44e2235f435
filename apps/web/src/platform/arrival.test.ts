import { describe, expect, it } from 'vitest';
import {
  getAdTrackingInfo,
  getRegistrationInfo,
  getStoredKeptParams,
  getStoredTid,
  getSwTargetUrl,
  isFullscreenDisabled,
  isHomescreenLaunch,
  originalDomainFor,
  readArrival,
} from './arrival';
import { StorageKey } from './storage';

const arrive = (href: string) => readArrival(new URL(href));

describe('originalDomainFor', () => {
  it.each<[string, string | null, string]>([
    ['www.site.example', 'aff1', 'aff1.site.example'],
    ['m.brand.co.uk', 'A-9', 'A-9.brand.co.uk'],
    ['site.example', 'aff1', 'aff1.example'],
    ['www.site.example', null, 'www.site.example'],
    ['localhost', 'aff1', 'localhost'],
    ['127.0.0.1', 'aff1', '127.0.0.1'],
    ['[::1]', 'aff1', '[::1]'],
  ])('%s with %j → %s', (host, code, expected) => {
    expect(originalDomainFor(host, code)).toBe(expected);
  });
});

describe('readArrival: token and clean URL', () => {
  it.each<[string, string | null, string]>([
    ['https://www.site.example/m/home', null, '/m/home'],
    ['https://www.site.example/m/home?token=abc&x=1#h', 'abc', '/m/home?x=1#h'],
    ['https://www.site.example/m/home?tokens=def', 'def', '/m/home'],
    ['https://www.site.example/m/home?authorization=Bearer%20x&token=t', 't', '/m/home'],
    ['https://www.site.example/m/game?affiliateCode=A&token=', null, '/m/game?affiliateCode=A'],
  ])('%s → token %j, %s', (href, token, cleanUrl) => {
    expect(arrive(href)).toEqual({ token, cleanUrl });
  });
});

describe('readArrival: registration info', () => {
  it.each<[string, string, object | null]>([
    [
      'affiliate and referral code',
      'https://www.site.example/m/index.html?affiliateCode=aff1&referralCode=ref9',
      { affiliateCode: 'aff1', referralCode: 'ref9', originalDomain: 'aff1.site.example' },
    ],
    [
      'referral code from r',
      'https://www.site.example/m/?r=ref7',
      { affiliateCode: '', referralCode: 'ref7', originalDomain: 'www.site.example' },
    ],
    [
      'referralCode wins over r',
      'https://www.site.example/m/?referralCode=a&r=b',
      { affiliateCode: '', referralCode: 'a', originalDomain: 'www.site.example' },
    ],
    ['nothing', 'https://www.site.example/m/home', null],
    ['empty values', 'https://www.site.example/m/?affiliateCode=&r=', null],
    [
      'a code with a dot (would break the domain)',
      'https://www.site.example/m/?affiliateCode=a.evil.com',
      null,
    ],
    ['a script', 'https://www.site.example/m/?affiliateCode=%3Cscript%3E', null],
    ['an over-long code', `https://www.site.example/m/?affiliateCode=${'a'.repeat(64)}`, null],
  ])('%s', (_name, href, expected) => {
    arrive(href);
    expect(getRegistrationInfo()).toEqual(expected);
  });

  it('a later link replaces the earlier attribution', () => {
    arrive('https://www.site.example/m/?affiliateCode=first&r=one');
    arrive('https://www.site.example/m/home');
    expect(getRegistrationInfo()?.affiliateCode).toBe('first');
    arrive('https://www.site.example/m/?r=two');
    expect(getRegistrationInfo()).toEqual({
      affiliateCode: '',
      referralCode: 'two',
      originalDomain: 'www.site.example',
    });
  });
});

describe('readArrival: ad-tracking info', () => {
  it.each<[string, string, object | null]>([
    [
      'every parameter',
      '?ad_app_token=t1&gps_adid=g1&adid=a1&af_app_id=f1&appsflyer_id=p1&advertising_id=v1&oaid=o1&idfa=i1&idfv=d1',
      {
        adAppToken: 't1',
        gpsAdid: 'g1',
        adid: 'a1',
        afAppId: 'f1',
        appsflyerId: 'p1',
        afAdvertisingId: 'v1',
        afOaid: 'o1',
        idfa: 'i1',
        idfv: 'd1',
      },
    ],
    [
      'one parameter',
      '?gps_adid=38400000-8cf0-11bd-b23e-10b96e40000d',
      { gpsAdid: '38400000-8cf0-11bd-b23e-10b96e40000d' },
    ],
    ['garbage is skipped', `?idfa=a%20b&oaid=${'x'.repeat(300)}&adid=ok`, { adid: 'ok' }],
    ['none', '?x=1', null],
  ])('%s', (_name, search, expected) => {
    arrive(`https://www.site.example/m/${search}`);
    expect(getAdTrackingInfo()).toEqual(expected);
  });
});

describe('readArrival: launch flags', () => {
  it.each<[string, boolean, boolean]>([
    ['', false, false],
    ['?homescreen=1', true, false],
    ['?homescreen=true', true, false],
    ['?homescreen=', true, false],
    ['?homescreen=0', false, false],
    ['?fullscreen=0', false, true],
    ['?fullscreen=1', false, false],
    ['?homescreen=1&fullscreen=0', true, true],
  ])('%j → homescreen %s, full screen disabled %s', (search, homescreen, fullscreenDisabled) => {
    arrive(`https://www.site.example/m/home${search}`);
    expect(isHomescreenLaunch()).toBe(homescreen);
    expect(isFullscreenDisabled()).toBe(fullscreenDisabled);
  });

  it('keeps the flags for the session and lets a later arrival turn them off', () => {
    arrive('https://www.site.example/m/home?homescreen=1&fullscreen=0');
    arrive('https://www.site.example/m/game');
    expect([isHomescreenLaunch(), isFullscreenDisabled()]).toEqual([true, true]);
    arrive('https://www.site.example/m/game?homescreen=0&fullscreen=1');
    expect([isHomescreenLaunch(), isFullscreenDisabled()]).toEqual([false, false]);
  });
});

describe('readArrival: service-worker target (from)', () => {
  it.each<[string, string | null]>([
    ['/m/game', '/m/game'],
    ['/m/activity?id=3&token=x', '/m/activity?id=3'],
    ['https://www.site.example/m/home?x=1', '/m/home?x=1'],
    ['https://evil.example/m/home', null],
    ['http://www.site.example/m/home', null], // other scheme, other origin
    ['//evil.example/m/home', null],
    ['/home', null],
    ['javascript:alert(1)', null],
    ['/m/%2e%2e/x', null],
    ['', null],
  ])('from=%j → %j', (from, expected) => {
    arrive(`https://www.site.example/m/home?from=${encodeURIComponent(from)}`);
    expect(getSwTargetUrl()).toBe(expected);
  });

  it('revalidates what it reads back', () => {
    window.sessionStorage.setItem(StorageKey.swTargetUrl, '//evil.example');
    expect(getSwTargetUrl()).toBeNull();
  });
});

describe('readArrival: tid', () => {
  it.each<[string, string | null]>([
    ['?tid=abc-123', 'abc-123'],
    ['?tid=', null],
    ['?tid=a%20b', null],
    [`?tid=${'t'.repeat(257)}`, null],
    ['', null],
  ])('%j → %j', (search, expected) => {
    arrive(`https://www.site.example/m/${search}`);
    expect(getStoredTid()).toBe(expected);
  });
});

describe('readArrival: kept parameters', () => {
  it('stores the kept parameters, merging with those of this session', () => {
    arrive('https://www.site.example/m/?affiliateCode=A&gclid=g1&token=t&other=1');
    expect(getStoredKeptParams()).toEqual({ affiliateCode: 'A', gclid: 'g1' });
    arrive('https://www.site.example/m/home?gclid=g2&kw=slots');
    expect(getStoredKeptParams()).toEqual({ affiliateCode: 'A', gclid: 'g2', kw: 'slots' });
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '["a"]'],
    ['a non-string value', '{"r":1}'],
  ])('reads corrupt stored parameters (%s) as none', (_name, raw) => {
    window.sessionStorage.setItem(StorageKey.trackingParams, raw);
    expect(getStoredKeptParams()).toEqual({});
  });
});
