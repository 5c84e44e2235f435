import { describe, expect, it } from 'vitest';
import {
  MAX_GO_LENGTH,
  collectKeptParams,
  hasSession,
  loginRedirectFor,
  needsSession,
  postLoginDestination,
  readQueryToken,
  safeGoTarget,
  stripSensitiveParams,
  withKeptParams,
} from './navigation';

describe('safeGoTarget', () => {
  it.each<[string, string | null | undefined, string | null]>([
    // valid
    ['home', '/m/home', '/m/home'],
    ['query and hash', '/m/game?x=1#a', '/m/game?x=1#a'],
    ['the entry path', '/m/', '/m/'],
    ['a nested path', '/m/member/home', '/m/member/home'],
    ['a promotion', '/m/activity?id=42', '/m/activity?id=42'],
    [
      'an encoded URL inside the query',
      '/m/launchGame?backUrl=https%3A%2F%2Fx.com%2F',
      '/m/launchGame?backUrl=https%3A%2F%2Fx.com%2F',
    ],
    ['slashes inside the query', '/m/home?next=//evil.com', '/m/home?next=//evil.com'],
    ['slashes inside the hash', '/m/home#//evil.com', '/m/home#//evil.com'],
    ['non-ASCII path, normalised', '/m/café', '/m/caf%C3%A9'],
    ['encoded non-ASCII path', '/m/caf%C3%A9', '/m/caf%C3%A9'],
    ['token removed', '/m/game?token=abc&x=1', '/m/game?x=1'],
    ['tokens and authorization removed', '/m/game?x=1&tokens=a&authorization=b#h', '/m/game?x=1#h'],
    [
      'exactly the length limit',
      `/m/${'a'.repeat(MAX_GO_LENGTH - 3)}`,
      `/m/${'a'.repeat(MAX_GO_LENGTH - 3)}`,
    ],
    // not under /m/
    ['outside /m/', '/home', null],
    ['the base without its slash', '/m', null],
    ['upper-case base', '/M/home', null],
    ['relative path', 'm/home', null],
    ['query only', '?go=/m/home', null],
    // other hosts
    ['protocol-relative host', '//evil.com', null],
    ['protocol-relative host under /m', '//evil.com/m/home', null],
    ['backslash host', '/\\evil.com', null],
    ['backslash after /m/', '/m/\\evil.com', null],
    ['backslash and at sign', '/m/home\\@evil', null],
    ['absolute https URL', 'https://evil.com/m/home', null],
    ['absolute http URL', 'http://evil.com/m/home', null],
    ['empty segment', '/m//evil.com', null],
    // schemes
    ['javascript scheme', 'javascript:alert(1)', null],
    ['mixed-case scheme with a leading space', ' JaVaScRiPt:alert(1)', null],
    ['scheme behind a control character', '\u0001javascript:alert(1)', null],
    ['data scheme', 'data:text/html,<script>alert(1)</script>', null],
    ['vbscript scheme', 'vbscript:msgbox(1)', null],
    // dot segments
    ['dot-dot then host', '/m/..//evil.com', null],
    ['dot-dot out of /m/', '/m/../home', null],
    ['dot segment', '/m/./home', null],
    ['trailing dot-dot', '/m/home/..', null],
    ['encoded dot-dot', '/m/%2e%2e/%2e%2e/x', null],
    ['upper-case encoded dot-dot', '/m/%2E%2E/x', null],
    ['double-encoded dot-dot', '/m/%252e%252e/x', null],
    // encoded slashes and backslashes
    ['encoded slashes, no base', '%2F%2Fevil.com', null],
    ['encoded slashes after /m/', '/m/%2F%2Fevil.com', null],
    ['encoded backslashes', '/m/%5c%5cevil', null],
    ['double-encoded backslash', '/m/%255cevil', null],
    ['triple-encoded slash', '/m/%25252F%25252Fevil', null],
    ['malformed escape', '/m/%', null],
    ['malformed UTF-8 escape', '/m/%E0%A4%A', null],
    // whitespace and invisible characters
    ['tab', '/m/home\t', null],
    ['newline', '/m/\nhome', null],
    ['carriage return in the query', '/m/home?x=1\r', null],
    ['space', '/m/ho me', null],
    ['encoded newline', '/m/home%0a', null],
    ['no-break space', '/m/home\u00a0', null],
    ['zero-width space', '/m/home\u200b', null],
    ['right-to-left override', '/m/\u202ehome', null],
    ['NUL', '/m/home\u0000', null],
    // empty and over-long
    ['empty', '', null],
    ['null', null, null],
    ['undefined', undefined, null],
    ['one over the length limit', `/m/${'a'.repeat(MAX_GO_LENGTH - 2)}`, null],
    ['5000 characters', `/m/${'a'.repeat(5000)}`, null],
  ])('%s: %j → %j', (_name, go, expected) => {
    expect(safeGoTarget(go)).toBe(expected);
  });
});

describe('postLoginDestination', () => {
  it.each<[string | null, string]>([
    ['/m/game', '/m/game'],
    ['/m/member/home?tab=1&token=x', '/m/member/home?tab=1'],
    [null, '/m/home'],
    ['', '/m/home'],
    ['/home', '/m/home'],
    ['//evil.com', '/m/home'],
    ['javascript:alert(1)', '/m/home'],
    ['/m/login', '/m/home'],
    ['/m/login?go=/m/game', '/m/home'],
  ])('%j → %s', (go, expected) => {
    expect(postLoginDestination(go)).toBe(expected);
  });
});

describe('stripSensitiveParams', () => {
  it.each([
    ['/m/home?token=abc', '/m/home'],
    ['/m/home?a=1&token=abc&b=2', '/m/home?a=1&b=2'],
    ['/m/home?tokens=a&authorization=b', '/m/home'],
    ['/m/home?token=a&token=b&x=1', '/m/home?x=1'],
    ['/m/home?Token=a&TOKENS=b&Authorization=c&x=1', '/m/home?x=1'],
    ['/m/home?to%6Ben=a&x=1', '/m/home?x=1'],
    ['/m/home?token&x=1', '/m/home?x=1'],
    ['/m/home?a=1&&token=2', '/m/home?a=1'],
    ['/m/home?x=a+b&y=%7E&token=1', '/m/home?x=a+b&y=%7E'],
    ['https://site.example/m/home?x=%20y&token=a#h?token=c', 'https://site.example/m/home?x=%20y#h?token=c'],
    ['https://site.example:8443/wps/x?authorization=Bearer%20a', 'https://site.example:8443/wps/x'],
    ['?token=1&b=2', '?b=2'],
    ['?token=1', ''],
    ['/m/home?tokenx=1&xtoken=2', '/m/home?tokenx=1&xtoken=2'],
    ['/m/home?x=token', '/m/home?x=token'],
    ['/m/home#token=1', '/m/home#token=1'],
    ['/m/home?', '/m/home?'],
    ['token=1', 'token=1'],
    ['', ''],
  ])('%j → %j', (url, expected) => {
    expect(stripSensitiveParams(url)).toBe(expected);
  });
});

describe('readQueryToken', () => {
  it.each<[string, string | null]>([
    ['?token=abc', 'abc'],
    ['?tokens=def', 'def'],
    ['?token=abc&tokens=def', 'abc'],
    ['?tokens=def&token=abc', 'abc'],
    ['?token=&tokens=def', 'def'],
    ['token=abc', 'abc'],
    ['?token=%20abc%20', 'abc'],
    ['', null],
    ['?token=', null],
    ['?token=%20%20', null],
    ['?TOKEN=abc', null],
    ['?authorization=abc', null],
    [`?token=${'a'.repeat(5000)}`, null],
    ['?token=a%00b', null],
  ])('%j → %j', (search, expected) => {
    expect(readQueryToken(search)).toBe(expected);
  });
});

describe('needsSession', () => {
  it.each([
    ['/m/member/home', true],
    ['/m/changePsw', true],
    ['/m/launchGame', true],
    ['/m/agentRegister', true],
    ['/m/member/home/', true],
    ['/m/MEMBER/Home', true],
    ['/m//member/home', true],
    ['/m/%6Dember/home', true],
    ['/m/home', false],
    ['/m/login', false],
    ['/m/inviteFriends', false],
    ['/m/game', false],
    ['/m/', false],
    ['/', false],
    ['', false],
    ['/m/%', false],
  ])('%j → %s', (pathname, expected) => {
    expect(needsSession(pathname)).toBe(expected);
  });
});

describe('hasSession', () => {
  it.each<[string, { token: string } | null, boolean]>([
    ['', null, false],
    ['?token=a', null, true],
    ['?tokens=a', null, true],
    ['?token=', null, false],
    ['', { token: 'stored' }, true],
    ['', { token: '' }, false],
    ['?x=1', { token: 'stored' }, true],
  ])('%j with %j → %s', (search, session, expected) => {
    expect(hasSession(search, session)).toBe(expected);
  });
});

describe('loginRedirectFor', () => {
  it.each([
    [['/m/member/home', '', ''], '/m/login?go=%2Fm%2Fmember%2Fhome'],
    [
      ['/m/launchGame', '?code=1&token=abc', '#x'],
      `/m/login?go=${encodeURIComponent('/m/launchGame?code=1#x')}`,
    ],
    [['/m/changePsw', '?tokens=a&authorization=b', ''], '/m/login?go=%2Fm%2FchangePsw'],
    [['/m/login', '?go=/m/home', ''], '/m/login'],
    [['//evil.com', '', ''], '/m/login'],
    [['/m/../x', '', ''], '/m/login'],
    [['/m/member/home', '?x=a b', ''], '/m/login'],
  ] as const)('%j → %s', ([pathname, search, hash], expected) => {
    expect(loginRedirectFor(pathname, search, hash)).toBe(expected);
  });

  it('round-trips through postLoginDestination', () => {
    const redirect = loginRedirectFor('/m/launchGame', '?code=7&token=t', '');
    const go = new URL(redirect, 'https://site.example').searchParams.get('go');
    expect(postLoginDestination(go)).toBe('/m/launchGame?code=7');
  });
});

describe('collectKeptParams', () => {
  it.each<[string, string, Record<string, string>, Record<string, string>]>([
    ['current only', '?affiliateCode=A1&gclid=g', {}, { affiliateCode: 'A1', gclid: 'g' }],
    ['stored only', '', { affiliateCode: 'S', r: 'R' }, { affiliateCode: 'S', r: 'R' }],
    [
      'current wins over stored',
      '?affiliateCode=NEW',
      { affiliateCode: 'OLD', r: 'R' },
      { affiliateCode: 'NEW', r: 'R' },
    ],
    [
      'an empty current value falls back to stored',
      '?affiliateCode=',
      { affiliateCode: 'OLD' },
      { affiliateCode: 'OLD' },
    ],
    [
      'every kept name',
      '?referralCode=1&inApp=1&fullscreen=0&from=%2Fm%2Fhome&fbclid=f&ttclid=t&kwaiclid=k&bbg=b&isBgeTest=1&cid=c&kw=w',
      {},
      {
        referralCode: '1',
        inApp: '1',
        fullscreen: '0',
        from: '/m/home',
        fbclid: 'f',
        ttclid: 't',
        kwaiclid: 'k',
        bbg: 'b',
        isBgeTest: '1',
        cid: 'c',
        kw: 'w',
      },
    ],
    ['names outside the list are dropped', '?token=x&foo=1', { foo: '2', token: 't' }, {}],
    ['decoded values', '?kw=a%20b%26c', {}, { kw: 'a b&c' }],
    ['the first of repeated values', '?fbclid=1&fbclid=2', {}, { fbclid: '1' }],
    [
      'an over-long current value falls back to stored',
      `?cid=${'x'.repeat(300)}`,
      { cid: 'ok' },
      { cid: 'ok' },
    ],
    ['a control character is garbage', '?cid=a%00', { cid: 'ok' }, { cid: 'ok' }],
    ['an over-long stored value is dropped', '', { cid: 'x'.repeat(300) }, {}],
    ['names are case-sensitive', '?AFFILIATECODE=A', {}, {}],
  ])('%s', (_name, search, stored, expected) => {
    expect(collectKeptParams(search, stored)).toEqual(expected);
  });
});

describe('withKeptParams', () => {
  it.each<[string, Record<string, string>, string]>([
    ['/m/game', { affiliateCode: 'A' }, '/m/game?affiliateCode=A'],
    ['/m/game?x=1#top', { affiliateCode: 'A', r: 'R' }, '/m/game?x=1&affiliateCode=A&r=R#top'],
    ['/m/game?affiliateCode=OWN', { affiliateCode: 'A', gclid: 'g' }, '/m/game?affiliateCode=OWN&gclid=g'],
    ['/m/game?x=a+b', { r: 'R' }, '/m/game?x=a+b&r=R'],
    ['/m/game', {}, '/m/game'],
    ['/m/game', { foo: 'bar' }, '/m/game'],
    ['/m/game', { kw: 'a b&c' }, '/m/game?kw=a%20b%26c'],
    ['/m/game', { kw: '' }, '/m/game'],
    ['/m/game?', { r: 'R' }, '/m/game?r=R'],
    ['/m', { r: 'R' }, '/m?r=R'],
    ['/m/', { r: 'R' }, '/m/?r=R'],
    ['/m/login?go=%2Fm%2Fhome', { r: '1' }, '/m/login?go=%2Fm%2Fhome&r=1'],
    ['https://other.example/x', { affiliateCode: 'A' }, 'https://other.example/x'],
    ['http://other.example/m/home', { affiliateCode: 'A' }, 'http://other.example/m/home'],
    ['//other.example/m/home', { affiliateCode: 'A' }, '//other.example/m/home'],
    ['mailto:help@site.example', { affiliateCode: 'A' }, 'mailto:help@site.example'],
    ['/mobile/page', { r: 'R' }, '/mobile/page'],
  ])('%j with %j → %j', (href, kept, expected) => {
    expect(withKeptParams(href, kept)).toBe(expected);
  });

  it('keeps stored and current parameters across a navigation', () => {
    const kept = collectKeptParams('?gclid=g&x=1', { affiliateCode: 'S', gclid: 'old' });
    expect(withKeptParams('/m/game?tab=2', kept)).toBe('/m/game?tab=2&affiliateCode=S&gclid=g');
    expect(withKeptParams('https://cdn.example/a', kept)).toBe('https://cdn.example/a');
  });
});
