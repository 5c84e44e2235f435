import type { Banner } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { bannerTarget, type BannerTarget } from './bannerLink';

function banner(linkageType: Banner['linkageType'], linkage: string, extra: Partial<Banner> = {}): Banner {
  return {
    id: 'b1',
    title: 'Banner',
    imageBase: '/wps/game/image/banner-1',
    linkageType,
    linkage,
    roomId: null,
    nodeId: null,
    gameType: null,
    vendor: null,
    ...extra,
  };
}

const internal = (path: string): BannerTarget => ({ kind: 'internal', path });
const external = (href: string): BannerTarget => ({ kind: 'external', href });
const none: BannerTarget = { kind: 'none' };

describe('bannerTarget: promotions (P)', () => {
  it.each<[string, BannerTarget]>([
    ['42', internal('/m/activity?id=42')],
    ['summer promo', none],
    ['a&b=c', internal('/m/activity?id=a%26b%3Dc')],
    ['', none],
  ])('P %j → %j', (linkage, expected) => {
    expect(bannerTarget(banner('P', linkage), false)).toEqual(expected);
  });
});

describe('bannerTarget: links (URL)', () => {
  it.each<[string, BannerTarget]>([
    // in-app navigation: starts with /m, contains no http
    ['/m/activity?id=7', internal('/m/activity?id=7')],
    ['/m/sports', internal('/m/sports')],
    ['/m/game?category=LOTT#top', internal('/m/game?category=LOTT#top')],
    ['/m/home?token=secret', internal('/m/home')],
    // in-app look-alikes that are refused
    ['/m//evil.example', none],
    ['/m/../admin', none],
    ['/m/%2e%2e/admin', none],
    ['/m/%2F%2Fevil.example', none],
    ['/m\\evil.example', none],
    ['/m/sports\u0000', none],
    ['/mevil', none],
    ['//evil.example/m/home', none],
    ['/admin', none],
    ['/m/x?u=http://evil.example', none],
    // external: made absolute, https added when the scheme is missing
    ['https://example.com/promo', external('https://example.com/promo')],
    ['http://example.com/a?b=1', external('http://example.com/a?b=1')],
    ['HTTPS://Example.COM/Path', external('https://example.com/Path')],
    ['www.example.com/deal', external('https://www.example.com/deal')],
    ['example.com', external('https://example.com/')],
    ['example.com:8443/x', external('https://example.com:8443/x')],
    ['/m/https-example', none],
    // hostile schemes and tricks
    ['javascript:alert(1)', none],
    ['JaVaScRiPt:alert(1)', none],
    [' javascript:alert(1)', none],
    ['\tjavascript:alert(1)', none],
    ['java\u200Bscript:alert(1)', none],
    ['javascript%3Aalert(1)', none],
    ['%6Aavascript:alert(1)', none],
    ['javascript%253Aalert(1)', none],
    ['data:text/html,<script>alert(1)</script>', none],
    ['DATA:text/html;base64,PHNjcmlwdD4=', none],
    ['vbscript:msgbox(1)', none],
    ['file:///etc/passwd', none],
    ['mailto:a@example.com', none],
    ['https://user:pass@evil.example/', none],
    ['https://bank.example@evil.example/', none],
    ['https:\\\\evil.example', none],
    ['https://example.com/a b', none],
    [' https://example.com', none],
    ['https://', none],
    ['%E0%A4%A', none],
    ['', none],
    [`https://example.com/${'a'.repeat(2100)}`, none],
  ])('URL %j → %j', (linkage, expected) => {
    expect(bannerTarget(banner('URL', linkage), true)).toEqual(expected);
    // logged in or not makes no difference to a link
    expect(bannerTarget(banner('URL', linkage), false)).toEqual(expected);
  });
});

describe('bannerTarget: games (G)', () => {
  const lottery = banner('G', 'LOTTO5', { gameType: 'LOTT', roomId: 'P1', vendor: 'TCG' });
  const launch = '/m/launchGame?prize_mode=P1&code=LOTTO5&playType=NORMAL&backUrl=%2Fm%2Fhome';

  it('a member goes to the launch path', () => {
    expect(bannerTarget(lottery, true)).toEqual(internal(launch));
  });

  it('a visitor goes to the login with go set to the launch path', () => {
    expect(bannerTarget(lottery, false)).toEqual(internal(`/m/login?go=${encodeURIComponent(launch)}`));
  });

  it.each<[Partial<Banner>, string]>([
    [
      { gameType: 'SEA_LOTT', roomId: 'S1' },
      '/m/launchGame?prize_mode=S1&code=G1&playType=SEA&backUrl=%2Fm%2Fhome',
    ],
    [
      { vendor: 'TCG_LOTTO_VN', gameType: 'VN_LOTT' },
      '/m/launchGame?vendor=TCG_LOTTO_VN&code=G1&backUrl=%2Fm%2Fhome',
    ],
    [{ vendor: 'PG', gameType: 'RNG' }, '/m/launchGame?vendor=PG&code=G1&backUrl=%2Fm%2Fhome'],
  ])('variant %j', (extra, path) => {
    expect(bannerTarget(banner('G', 'G1', extra), true)).toEqual(internal(path));
  });

  it('a game banner without a game is not clickable', () => {
    expect(bannerTarget(banner('G', ''), true)).toEqual(none);
  });
});

describe('bannerTarget: unknown types', () => {
  it('is not clickable', () => {
    expect(bannerTarget(banner('X' as Banner['linkageType'], '/m/home'), true)).toEqual(none);
  });
});
