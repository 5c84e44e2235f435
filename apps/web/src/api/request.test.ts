import {
  CONCURRENCY,
  GAME_LAUNCH_TIMEOUT_MS,
  PING_ABORT_MS,
  RATE_LIMITER,
  REQUEST_TIMEOUT_MS,
} from '@wps/contract/constants';
import { ErrorCode } from '@wps/contract/errorCodes';
import { GAME_LIST_PATH, endpoints } from '@wps/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ABORTED_ERROR,
  CANCELED_ERROR,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  REDIRECT_ERROR,
  TIMEOUT_ERROR,
  UNKNOWN_ERROR,
  WpsError,
} from './errors';
import { failure, fakeFetch, never, ok, opaqueRedirect, type Responder } from '@/test/fakeFetch';
import { createClient, type ClientDependencies } from './request';
import type { RequestKind } from './timeouts';

afterEach(() => {
  vi.useRealTimers();
});

function client(respond?: Responder, deps: ClientDependencies = {}) {
  const fake = fakeFetch(respond);
  const onError = vi.fn();
  let language = 'EN';
  let token: string | null = null;
  const instance = createClient({
    fetch: fake.fetch,
    onError,
    context: () => ({
      merchantCode: () => 'aurora',
      language: () => language,
      token: () => token,
      userAgent: () => 'UA',
    }),
    ...deps,
  });
  return {
    ...instance,
    calls: fake.calls,
    onError,
    setLanguage: (next: string) => (language = next),
    setToken: (next: string | null) => (token = next),
  };
}

async function rejection(promise: Promise<unknown>): Promise<WpsError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WpsError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('fetch options', () => {
  it('includes credentials, never follows redirects, and sends GET without a body', async () => {
    const c = client(() => ok({ a: 1 }));
    await expect(c.get(endpoints.memberInfo.path)).resolves.toEqual({ a: 1 });
    expect(c.calls[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'include',
      redirect: 'manual',
      cache: 'default',
    });
    expect(c.calls[0]?.body).toBeUndefined();
  });

  it.each([
    ['kept alive when asked', { keepalive: true }, true],
    ['not kept alive by default', {}, undefined],
  ])('a request is %s (fetch keepalive)', async (_name, options, keepalive) => {
    const c = client();
    await c.post(endpoints.logout.path, {}, options);
    expect(c.calls[0]?.init.keepalive).toBe(keepalive);
  });

  it('sends a POST payload as JSON', async () => {
    const c = client();
    await c.post(endpoints.memberLanguage.path, { language: 'TH' });
    expect(c.calls[0]).toMatchObject({ method: 'POST', body: '{"language":"TH"}' });
  });

  it('asks for a fresh answer with noCache', async () => {
    const c = client();
    await c.get(endpoints.status.path, { noCache: true });
    expect(c.calls[0]?.init.cache).toBe('no-store');
    expect(c.calls[0]?.headers['Cache-Control']).toBe('no-cache');
  });

  it.each([
    ['an opaque redirect', () => opaqueRedirect()],
    [
      'a 302 that reached the client',
      () => new Response(null, { status: 302, headers: { Location: '/elsewhere' } }),
    ],
  ])('treats %s as an error and does not follow it', async (_name, answer) => {
    const c = client(answer);
    const error = await rejection(c.get(endpoints.memberInfo.path));
    expect(error.errorCode).toBe(REDIRECT_ERROR);
    expect(c.calls).toHaveLength(1);
    expect(c.onError).toHaveBeenCalledWith(error);
  });
});

describe('sensitive query parameters', () => {
  it('strips token, tokens and authorization from the URL it sends and the one it reports', async () => {
    const c = client(() => failure(500, 'internal_error', 'boom'));
    const error = await rejection(
      c.get('/wps/member/info?token=secret1&keep=1', {
        query: { Authorization: 'secret2', tokens: 'secret3', also: 'yes', none: undefined },
      }),
    );
    expect(c.calls[0]?.url).toBe('/wps/member/info?keep=1&also=yes');
    expect(error.url).toBe('/wps/member/info?keep=1&also=yes');
    expect(JSON.stringify(c.calls)).not.toMatch(/secret/);
  });
});

describe('time-outs per call kind', () => {
  it.each<[RequestKind, number]>([
    ['default', REQUEST_TIMEOUT_MS],
    ['gameLaunch', GAME_LAUNCH_TIMEOUT_MS],
    ['ping', PING_ABORT_MS],
  ])('%s gives up after %i ms with the time-out error', async (kind, ms) => {
    vi.useFakeTimers();
    const c = client((_request, signal) => never(signal));
    const outcome = rejection(c.get(endpoints.memberInfo.path, { kind }));
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(c.calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error.errorCode).toBe(TIMEOUT_ERROR);
    expect(c.onError).toHaveBeenCalledWith(error);
  });

  it('also times out a body that stops arriving', async () => {
    vi.useFakeTimers();
    const c = client(
      (_request, signal) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"success":'));
              signal?.addEventListener('abort', () =>
                controller.error(new DOMException('aborted', 'AbortError')),
              );
            },
          }),
        ),
    );
    const outcome = rejection(c.get(endpoints.memberInfo.path));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((await outcome).errorCode).toBe(TIMEOUT_ERROR);
  });

  it('takes an explicit timeoutMs', async () => {
    vi.useFakeTimers();
    const c = client((_request, signal) => never(signal));
    const outcome = rejection(c.get(endpoints.memberInfo.path, { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect((await outcome).errorCode).toBe(TIMEOUT_ERROR);
  });

  it('maps an abort it did not ask for to ECONNABORTED', async () => {
    const c = client(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    expect((await rejection(c.get(endpoints.memberInfo.path))).errorCode).toBe(ABORTED_ERROR);
  });

  it("maps the caller's own abort to canceled", async () => {
    const c = client((_request, signal) => never(signal));
    const controller = new AbortController();
    const outcome = rejection(c.get(endpoints.memberInfo.path, { signal: controller.signal }));
    await vi.waitFor(() => expect(c.calls).toHaveLength(1));
    controller.abort();
    expect((await outcome).errorCode).toBe(CANCELED_ERROR);
  });
});

describe('answers', () => {
  it('rejects an error envelope with its status, code, message and data', async () => {
    const c = client(() => failure(403, ErrorCode.DOMAIN_NOT_AVAILABLE, 'Not here', { domain: 'x.test' }));
    const error = await rejection(c.get(endpoints.memberInfo.path));
    expect(error).toMatchObject({
      status: 403,
      errorCode: 'domain_not_available',
      message: 'Not here',
      serverMessage: 'Not here',
      data: { domain: 'x.test' },
    });
  });

  it.each([
    [
      'a translated message with the English detail',
      { detail: 'Invalid request. username: Too big' },
      'Invalid request. username: Too big',
    ],
    ['no detail (English, or an older server)', {}, null],
    ['a detail that is not text', { detail: 42 }, null],
  ])('keeps the envelope’s detail: %s', async (_name, extra, detail) => {
    const body = { success: false, errorCode: 'invalid_request', message: 'Một số mục…', ...extra };
    const c = client(() => new Response(JSON.stringify(body), { status: 400 }));
    expect(await rejection(c.get(endpoints.memberInfo.path))).toMatchObject({
      serverMessage: 'Một số mục…',
      detail,
    });
  });

  it('reports a failed connection as a network error', async () => {
    const c = client(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await rejection(c.get(endpoints.memberInfo.path))).toMatchObject({
      status: 0,
      errorCode: NETWORK_ERROR,
    });
  });

  it.each([
    [
      'an HTML error page',
      new Response('<html>Bad gateway</html>', { status: 502 }),
      502,
      INVALID_RESPONSE,
      null,
    ],
    ['an empty 500', new Response('', { status: 500 }), 500, INVALID_RESPONSE, null],
    [
      'JSON with a message only',
      new Response('{"message":"Slow down"}', { status: 400 }),
      400,
      INVALID_RESPONSE,
      'Slow down',
    ],
    ['a 200 that is not the envelope', new Response('[]', { status: 200 }), 200, INVALID_RESPONSE, null],
    [
      'CUSTOMER_NOT_LOGIN in a plain body',
      new Response('error: CUSTOMER_NOT_LOGIN', { status: 200 }),
      200,
      'CUSTOMER_NOT_LOGIN',
      null,
    ],
  ])('reads %s', async (_name, response, status, errorCode, serverMessage) => {
    const c = client(() => response);
    expect(await rejection(c.get(endpoints.memberInfo.path))).toMatchObject({
      status,
      errorCode,
      serverMessage,
    });
  });

  it('lets the caller opt out of the default handling', async () => {
    const c = client(() => failure(400, 'bad', 'Bad'));
    await rejection(c.get(endpoints.memberInfo.path, { handleErrors: false }));
    expect(c.onError).not.toHaveBeenCalled();
  });

  it('turns an unserialisable payload into an unknown error', async () => {
    const c = client();
    const error = await rejection(c.post(endpoints.memberLanguage.path, { big: 1n }));
    expect(error.errorCode).toBe(UNKNOWN_ERROR);
    expect(c.calls).toHaveLength(0);
  });
});

describe('rate limiting through the client', () => {
  it('spaces repeated GETs of /wps/* and leaves POSTs alone', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const c = client();
    void c.get(endpoints.memberInfo.path);
    void c.get(endpoints.memberInfo.path);
    void c.post(endpoints.memberLanguage.path, {});
    void c.post(endpoints.memberLanguage.path, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls.map((call) => call.method).sort()).toEqual(['GET', 'POST', 'POST']);
    await vi.advanceTimersByTimeAsync(RATE_LIMITER.baseSpacingMs - 1);
    expect(c.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.calls).toHaveLength(4);
    expect(c.calls[3]?.method).toBe('GET');
  });

  it('with spaceRequests false (the server renderer) repeats go at once', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const c = client(undefined, { spaceRequests: false });
    const path = endpoints.memberInfo.path;
    await c.get(path, { noCache: true });
    void c.get(path, { noCache: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls).toHaveLength(2);
  });

  it('does not space GETs outside /wps', async () => {
    const c = client();
    await Promise.all([c.get('/m/asset-manifest.json'), c.get('/m/asset-manifest.json')]);
    expect(c.calls).toHaveLength(2);
  });
});

describe('concurrency through the client', () => {
  it('keeps at most 2 game-list requests in flight', async () => {
    const pending: (() => void)[] = [];
    const c = client(
      () =>
        new Promise<Response>((resolve) => {
          pending.push(() => resolve(ok([])));
        }),
    );
    const all = Array.from({ length: 5 }, (_, index) =>
      c.get(GAME_LIST_PATH, { query: { category: index } }),
    );
    await vi.waitFor(() => expect(c.calls).toHaveLength(CONCURRENCY.gameList));
    pending.shift()?.();
    await vi.waitFor(() => expect(c.calls).toHaveLength(CONCURRENCY.gameList + 1));
    while (pending.length > 0 || c.calls.length < 5) {
      pending.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(all);
    expect(c.calls.map((call) => call.url)).toEqual(
      [0, 1, 2, 3, 4].map((index) => `${GAME_LIST_PATH}?category=${index}`),
    );
  });
});

describe('expiring cache through the client', () => {
  it('answers a cached path from the cache and shares concurrent requests', async () => {
    const c = client(() => ok([{ code: 'PH' }]));
    const [first, second] = await Promise.all([c.get(endpoints.country.path), c.get(endpoints.country.path)]);
    expect(first).toEqual([{ code: 'PH' }]);
    expect(second).toBe(first);
    await c.get(endpoints.country.path);
    expect(c.calls).toHaveLength(1);
  });

  it('keys by language, by query and by whether the call is authorised', async () => {
    const c = client(() => ok([]));
    await c.get(endpoints.country.path);
    c.setLanguage('TH');
    await c.get(endpoints.country.path);
    await c.get(endpoints.domainRoute.path, { query: { device: 'MOBILE' } });
    await c.get(endpoints.domainRoute.path, { query: { device: 'PC' } });
    c.setToken('tok');
    await c.get(GAME_LIST_PATH);
    c.setToken(null);
    await c.get(GAME_LIST_PATH);
    expect(c.calls).toHaveLength(6);
  });

  it('does not cache other paths, failures, or calls that ask not to', async () => {
    let fail = true;
    const c = client(() => (fail ? failure(500, 'internal_error', 'x') : ok([])));
    await rejection(c.get(endpoints.country.path));
    fail = false;
    await c.get(endpoints.country.path);
    await c.get(endpoints.country.path, { cache: false });
    await c.get(endpoints.memberInfo.path);
    await c.get(endpoints.memberInfo.path);
    expect(c.calls).toHaveLength(5);
  });

  it('forgets everything on clearCache', async () => {
    const c = client(() => ok([]));
    await c.get(endpoints.country.path);
    c.clearCache();
    await c.get(endpoints.country.path);
    expect(c.calls).toHaveLength(2);
  });

  it('lets one caller stop waiting for a shared request without failing the others', async () => {
    let release: () => void = () => undefined;
    const c = client(() => new Promise<Response>((resolve) => (release = () => resolve(ok(['x'])))));
    const controller = new AbortController();
    const leaving = rejection(c.get(endpoints.country.path, { signal: controller.signal }));
    const staying = c.get(endpoints.country.path);
    controller.abort();
    expect((await leaving).errorCode).toBe(CANCELED_ERROR);
    await vi.waitFor(() => expect(c.calls).toHaveLength(1));
    release();
    await expect(staying).resolves.toEqual(['x']);
  });
});
