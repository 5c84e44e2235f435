import { describe, expect, it } from 'vitest';
import { lineAuthorizeUrl, pkceChallenge, readLineReturn, withoutLineReturn, type LinePending } from './line';

const pending: LinePending = {
  state: 'abcDEF123_-',
  verifier: 'v'.repeat(43),
  redirectUri: 'https://a.example/m/login',
  go: null,
  createdAt: 1_000_000,
};

describe('pkceChallenge', () => {
  it('is the RFC 7636 S256 example', async () => {
    // RFC 7636 appendix B.
    await expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('lineAuthorizeUrl', () => {
  it('carries state, PKCE S256 and the redirect', () => {
    const url = new URL(
      lineAuthorizeUrl({ clientId: '123', redirectUri: pending.redirectUri, state: 's1', challenge: 'c1' }) ??
        '',
    );
    expect(url.origin + url.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '123',
      redirect_uri: 'https://a.example/m/login',
      state: 's1',
      scope: 'profile openid',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
    });
  });
  it.each([
    ['javascript:alert(1)', undefined],
    ['not a url', undefined],
  ])('refuses %s', (authorizeUrl, origin) => {
    expect(
      lineAuthorizeUrl({ clientId: '1', redirectUri: 'r', state: 's', challenge: 'c', authorizeUrl, origin }),
    ).toBeNull();
  });
  it('resolves a path of this site', () => {
    expect(
      lineAuthorizeUrl({
        clientId: '1',
        redirectUri: 'r',
        state: 's',
        challenge: 'c',
        authorizeUrl: '/wps/dev/line/authorize',
        origin: 'http://a.localhost:8080',
      }),
    ).toMatch(/^http:\/\/a\.localhost:8080\/wps\/dev\/line\/authorize\?response_type=code/);
  });
  it('goes to a configured stand-in', () => {
    const href = lineAuthorizeUrl({
      clientId: '1',
      redirectUri: 'r',
      state: 's',
      challenge: 'c',
      authorizeUrl: 'http://127.0.0.1:9/oauth2/v2.1/authorize?ignored=1',
    });
    expect(href?.startsWith('http://127.0.0.1:9/oauth2/v2.1/authorize?response_type=code')).toBe(true);
    expect(href).not.toContain('ignored');
  });
});

describe('readLineReturn', () => {
  const now = pending.createdAt + 60_000;
  it.each<[string, string, LinePending | null, number, ReturnType<typeof readLineReturn>]>([
    ['no return', 'go=%2Fm%2Fhome', pending, now, { kind: 'none' }],
    ['a matching return', 'code=xyz&state=abcDEF123_-', pending, now, { kind: 'code', code: 'xyz', pending }],
    ['another state', 'code=xyz&state=other', pending, now, { kind: 'mismatch' }],
    ['no state', 'code=xyz', pending, now, { kind: 'mismatch' }],
    [
      'nothing pending in this tab (another browser)',
      'code=xyz&state=abcDEF123_-',
      null,
      now,
      { kind: 'mismatch' },
    ],
    ['expired', 'code=xyz&state=abcDEF123_-', pending, pending.createdAt + 11 * 60_000, { kind: 'mismatch' }],
    ['from the future', 'code=xyz&state=abcDEF123_-', pending, pending.createdAt - 1, { kind: 'mismatch' }],
    [
      'LINE refused',
      'error=access_denied&state=abcDEF123_-',
      pending,
      now,
      { kind: 'refused', error: 'access_denied' },
    ],
    ['a refusal with a forged state', 'error=access_denied&state=x', pending, now, { kind: 'mismatch' }],
    ['hostile code', 'code=%3Cscript%3E&state=abcDEF123_-', pending, now, { kind: 'mismatch' }],
    ['empty code', 'code=&state=abcDEF123_-', pending, now, { kind: 'mismatch' }],
  ])('%s', (_name, query, stored, at, expected) => {
    expect(readLineReturn(new URLSearchParams(query), stored, at)).toEqual(expected);
  });
});

describe('withoutLineReturn', () => {
  it('drops the return parameters and keeps the rest', () => {
    expect(withoutLineReturn('https://a.example/m/login?code=1&state=2&go=%2Fm%2Fgame&tid=7#x')).toBe(
      '/m/login?go=%2Fm%2Fgame&tid=7#x',
    );
  });
});
