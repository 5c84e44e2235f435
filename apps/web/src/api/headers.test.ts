import { GAME_LIST_PATH, NO_TOKEN_PATHS, UNAUTHORIZED_PATHS, endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '@/test/fakeFetch';
import { buildHeaders, type HeaderInput } from './headers';
import { createClient } from './request';

const base: HeaderInput = {
  path: '/wps/member/info',
  sessionToken: null,
  merchantCode: 'aurora',
  language: 'EN',
  userAgent: 'Mozilla/5.0 (Phone) TestUA/1.0',
};

describe('Authorization by path and token (spec section 6)', () => {
  const cases: [string, Partial<HeaderInput>, string | undefined][] = [
    ['normal path, logged out', { path: endpoints.memberInfo.path }, undefined],
    ['normal path, logged in', { path: endpoints.memberInfo.path, sessionToken: 'tok' }, 'tok'],
    [
      'normal path with a query, logged in',
      { path: `${endpoints.memberInfo.path}?x=1`, sessionToken: 'tok' },
      'tok',
    ],
    ['no-token path (login), logged in', { path: endpoints.login.path, sessionToken: 'tok' }, undefined],
    [
      'no-token path (status), logged in',
      { path: `${endpoints.status.path}?device=MOBILE`, sessionToken: 'tok' },
      undefined,
    ],
    [
      'no-token path (settings), logged in',
      { path: endpoints.settings.path, sessionToken: 'tok' },
      undefined,
    ],
    ['no-token path, logged out', { path: endpoints.register.path }, undefined],
    [
      'unauthorized path (announcements), logged in',
      { path: endpoints.announcements.path, sessionToken: 'tok' },
      undefined,
    ],
    [
      'unauthorized path (session key), logged in',
      { path: endpoints.sessionKey.path, sessionToken: 'tok' },
      undefined,
    ],
    [
      'unauthorized path with an explicit token',
      { path: endpoints.announcements.path, explicitToken: 'x' },
      undefined,
    ],
    [
      'game launch, explicit token, logged out',
      { path: endpoints.launchGame.path, explicitToken: 'launch' },
      'launch',
    ],
    [
      'game launch, explicit token wins over the session',
      { path: endpoints.launchGame.path, sessionToken: 'tok', explicitToken: 'launch' },
      'launch',
    ],
    [
      'game launch, no explicit token, logged in',
      { path: endpoints.launchGame.path, sessionToken: 'tok' },
      'tok',
    ],
    ['game list, logged in', { path: GAME_LIST_PATH, sessionToken: 'tok' }, 'tok'],
  ];
  it.each(cases)('%s', (_name, patch, expected) => {
    expect(buildHeaders({ ...base, ...patch }).Authorization).toBe(expected);
  });

  it.each(NO_TOKEN_PATHS.map((path) => [path]))('never sends the token to %s', (path) => {
    expect(buildHeaders({ ...base, path, sessionToken: 'tok' }).Authorization).toBeUndefined();
  });

  it.each(UNAUTHORIZED_PATHS.map((path) => [path]))('never sends any token to %s', (path) => {
    expect(
      buildHeaders({ ...base, path, sessionToken: 'tok', explicitToken: 'x' }).Authorization,
    ).toBeUndefined();
  });
});

describe('the other headers', () => {
  it('always sends Language, X-Real-UA and Accept; Merchant when known', () => {
    expect(buildHeaders(base)).toEqual({
      Accept: 'application/json',
      Merchant: 'aurora',
      Language: 'EN',
      'X-Real-UA': 'Mozilla/5.0 (Phone) TestUA/1.0',
    });
    expect(buildHeaders({ ...base, merchantCode: null })).not.toHaveProperty('Merchant');
  });

  it('sends ModuleId only when the call names one', () => {
    expect(buildHeaders({ ...base, moduleId: ModuleId.REGISTER }).ModuleId).toBe('REG3');
    expect(buildHeaders({ ...base, moduleId: ModuleId.MOBILE_REGISTER }).ModuleId).toBe('MOBILENUMREG3');
    expect(buildHeaders(base)).not.toHaveProperty('ModuleId');
  });

  it('adds Content-Type for a JSON body and Cache-Control for no-cache calls', () => {
    const headers = buildHeaders({ ...base, json: true, noCache: true });
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Cache-Control']).toBe('no-cache');
  });

  it('keeps header values sendable (ISO-8859-1 only), so fetch cannot throw on them', () => {
    const headers = buildHeaders({ ...base, userAgent: 'UA with ünïcode ☃', sessionToken: 'tok\u2028' });
    expect(headers['X-Real-UA']).toBe('UA with ?n?code ?');
    expect(() => new Headers(headers)).not.toThrow();
  });
});

describe('headers through the client', () => {
  const context = (token: string | null) => () => ({
    merchantCode: () => 'lotus',
    language: () => 'VI',
    token: () => token,
    userAgent: () => navigator.userAgent,
  });

  it('sends Merchant, Language, X-Real-UA (navigator.userAgent) and the token on a normal path', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, context: context('tok-1') });
    await client.get(endpoints.memberInfo.path);
    expect(calls[0]?.headers).toMatchObject({
      Merchant: 'lotus',
      Language: 'VI',
      'X-Real-UA': navigator.userAgent,
      Authorization: 'tok-1',
    });
  });

  it('sends no Authorization to a no-token path and ModuleId when asked', async () => {
    const { fetch, calls } = fakeFetch();
    const client = createClient({ fetch, context: context('tok-1') });
    await client.post(endpoints.register.path, { userName: 'a' }, { moduleId: ModuleId.REGISTER });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers.ModuleId).toBe('REG3');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('reads the token when the request is sent, not when it was queued', async () => {
    const { fetch, calls } = fakeFetch();
    let token: string | null = null;
    const client = createClient({ fetch, context: () => ({ ...context(null)(), token: () => token }) });
    token = 'fresh';
    await client.get(endpoints.memberInfo.path);
    expect(calls[0]?.headers.Authorization).toBe('fresh');
  });
});
