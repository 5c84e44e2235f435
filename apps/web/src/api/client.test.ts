import { endpoints } from '@wps/contract/endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, get, WpsError } from './client';
import { launchGame } from './endpoints/game';
import { failure, fakeFetch, ok, type RecordedRequest } from '@/test/fakeFetch';
import { fetchSystemStatus } from './system';
import { exposeTestHooks, TEST_HOOKS_GLOBAL } from './testHooks';
import { buildUrl } from './url';

let calls: RecordedRequest[] = [];
const onError = vi.fn<(error: WpsError) => void>();

function answer(respond: () => Response) {
  const fake = fakeFetch(respond);
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
}

beforeEach(() => {
  configureClient({
    merchantCode: () => 'aurora',
    language: () => 'JA',
    token: () => 'session-tok',
    onError,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  onError.mockReset();
  configureClient({});
});

describe('the app client', () => {
  it('reads the headers from the configured context and navigator.userAgent', async () => {
    answer(() => ok({ ok: true }));
    await get('/wps/member/info');
    expect(calls[0]?.headers).toMatchObject({
      Merchant: 'aurora',
      Language: 'JA',
      Authorization: 'session-tok',
      'X-Real-UA': navigator.userAgent,
    });
  });

  it('hands a failure to the configured onError (the error policy of the app)', async () => {
    answer(() => failure(500, 'internal_error', 'Server busy'));
    await expect(get('/wps/member/info', { cache: false })).rejects.toThrow('Server busy');
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 500, serverMessage: 'Server busy' });
  });

  it('without an onError a failure only rejects', async () => {
    configureClient({});
    answer(() => failure(500, 'internal_error', 'Server busy'));
    await expect(get('/wps/member/info', { cache: false })).rejects.toBeInstanceOf(WpsError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('the status call carries no token, asks for no-cache, and alerts nothing itself', async () => {
    answer(() => failure(500, 'internal_error', 'Server busy'));
    await expect(fetchSystemStatus('https://aurora.example/m/home?token=abc')).rejects.toThrow();
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Cache-Control']).toBe('no-cache');
    expect(calls[0]?.url).toBe(
      `${endpoints.status.path}?device=MOBILE&url=${encodeURIComponent('https://aurora.example/m/home')}`,
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('game launch passes its token explicitly', async () => {
    answer(() => ok({ gameUrl: 'https://games.example/play' }));
    configureClient({ token: () => null });
    const query = {
      lottoGameCode: 'X1',
      device: 'MOBILE',
      backUrl: '/m/home',
      hasLobby: false,
      language: 'EN',
    } as const;
    await expect(launchGame(query, 'launch-tok')).resolves.toEqual({ gameUrl: 'https://games.example/play' });
    expect(calls[0]?.url).toBe(
      `${endpoints.launchGame.path}?lottoGameCode=X1&device=MOBILE&backUrl=%2Fm%2Fhome&hasLobby=false&language=EN`,
    );
    expect(calls[0]?.headers.Authorization).toBe('launch-tok');
  });
});

describe('buildUrl', () => {
  it.each([
    ['/wps/a', {}, '/wps/a'],
    ['/wps/a', { b: 1, c: true, d: null, e: undefined }, '/wps/a?b=1&c=true'],
    ['/wps/a?x=1', { y: 'a b' }, '/wps/a?x=1&y=a+b'],
    ['/wps/a?token=t&x=1', {}, '/wps/a?x=1'],
    ['/wps/a', { TOKEN: 't', Tokens: 'u', authorization: 'v' }, '/wps/a'],
  ])('%s + %j → %s', (path, query, expected) => {
    expect(buildUrl(path, query)).toBe(expected);
  });
});

describe('test hooks', () => {
  it('puts get and post on the slot a harness defined before start, and nothing otherwise', () => {
    const bare = {} as Window;
    exposeTestHooks(bare);
    expect(Reflect.get(bare, TEST_HOOKS_GLOBAL)).toBeUndefined();
    const slot: Record<string, unknown> = {};
    const prepared = { [TEST_HOOKS_GLOBAL]: slot } as unknown as Window;
    exposeTestHooks(prepared);
    expect(typeof slot.get).toBe('function');
    expect(typeof slot.post).toBe('function');
  });
});
