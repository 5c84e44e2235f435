import { ENCRYPTION_KEY_RETRIES, pathOf } from '@wps/contract/transport';
import { EncryptionErrorCode, type RsaPublicKey } from '@wps/contract/encryption';
import { ErrorCode } from '@wps/contract/errorCodes';
import { isCachedPath, endpoints } from '@wps/contract/endpoints';
import { isWpsFailure } from '@wps/contract/envelope';
import type { ModuleId } from '@wps/contract/flags';
import { TrustErrorCode } from '@wps/contract/trust';
import { createConcurrencyQueue, type ConcurrencyQueue } from './concurrency';
import { closeForCountry } from './countryNotServed';
import { clientContext, type ClientContext } from './context';
import type { Sealer } from './encryption';
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
import { createExpiringCache, createSharedLoader, type ExpiringCacheOptions } from './expiringCache';
import { authorizationFor, buildHeaders } from './headers';
import { createRateLimiter, type RateLimiter } from './rateLimiter';
import { timeoutFor, type RequestKind } from './timeouts';
import { buildUrl, type QueryParams } from './url';

/**
 * The /wps request pipeline. In order, for one call:
 *
 * 1. The URL: path plus query, with token/tokens/authorization removed (`buildUrl`).
 * 2. GET of a cached path (contract `CACHED_PATHS`): answered from the expiring cache, keyed by
 *    merchant, language, whether the call is authorised, and the URL; identical GETs running at the
 *    same time share one request.
 * 3. GET of /wps/*: the rate limiter's spacing (`rateLimiter.ts`).
 * 4. Encrypted POST: sealed with the session key (loaded on demand, `encryption.ts`).
 * 5. A slot of the path's concurrency lane (10, or 2 for the game list).
 * 6. fetch with the /wps headers, `credentials: 'include'`, `redirect: 'manual'` and the time-out of
 *    the call's kind (30 s, game launch 10 s, ping 15 s), counted from the moment it is sent.
 * 7. The envelope: `value` on success, otherwise a `WpsError`. An encrypted POST answered
 *    `400 encryption_unknown_key` is sealed again with a fresh key and sent once more.
 * 8. On failure, unless the call says `handleErrors: false`, the error catalogue shows what the
 *    user should see; the promise rejects either way.
 */

export interface RequestOptions {
  query?: QueryParams;
  /** The `ModuleId` header (REG3, MOBILENUMREG3, …). */
  moduleId?: ModuleId;
  /** The time-out kind: default 30 s, `gameLaunch` 10 s, `ping` 15 s. */
  kind?: RequestKind;
  /** A time-out other than the kind's, in ms. */
  timeoutMs?: number;
  /** A token to send as Authorization whatever the session (game launch); never to unauthorized paths. */
  token?: string | null;
  /** false: the caller shows the error itself (inline); the default handling is skipped. */
  handleErrors?: boolean;
  /** Asks every cache on the way for a fresh answer (`Cache-Control: no-cache`, fetch `no-store`). */
  noCache?: boolean;
  /** The browser finishes the request even when the page is left meanwhile (fetch `keepalive`). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface GetOptions extends RequestOptions {
  /** false: a cached path is fetched fresh (the answer is not stored either). */
  cache?: boolean;
  /** Time to live of the cached answer; default 180 s. */
  cacheTtlMs?: number;
}

export interface PostOptions extends RequestOptions {
  /** Seal the payload (Encryption, X-Digest, X-RSA). Fails when Web Crypto is unavailable. */
  encrypt?: boolean;
}

export interface WpsClient {
  get: <T>(path: string, options?: GetOptions) => Promise<T>;
  post: <T>(path: string, payload: unknown, options?: PostOptions) => Promise<T>;
  /** Drops every cached answer (the session changed). */
  clearCache: () => void;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientDependencies {
  fetch?: FetchLike;
  context?: () => ClientContext;
  /** What the user sees for a failed call (the error catalogue); not called with `handleErrors: false`. */
  onError?: (error: WpsError) => void;
  rateLimiter?: RateLimiter;
  /**
   * False: GETs of one URL are not spaced (rateLimiter.ts). The spacing guards a browser against a
   * screen that loops; the server's renderer makes each call once per render, for every page it
   * renders, and would otherwise wait longer with each page (its limiter is the whole process's).
   */
  spaceRequests?: boolean;
  concurrency?: ConcurrencyQueue;
  cache?: ExpiringCacheOptions;
  /** Loads the sealing code; by default a dynamic import, so the first load stays small. */
  loadSealer?: (fetchKey: () => Promise<RsaPublicKey>) => Promise<Sealer>;
}

type Method = 'GET' | 'POST';

interface SendOptions extends RequestOptions {
  encrypt?: boolean;
}

const defaultLoadSealer = async (fetchKey: () => Promise<RsaPublicKey>): Promise<Sealer> =>
  (await import('./encryption')).createSealer(fetchKey);

export function toWpsError(error: unknown): WpsError {
  if (error instanceof WpsError) return error;
  return new WpsError(0, UNKNOWN_ERROR, error instanceof Error ? error.message : String(error));
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function canceled(url: string): WpsError {
  return new WpsError(0, CANCELED_ERROR, 'request canceled', { url });
}

/** The caller's promise rejects when its signal aborts; the shared request goes on for the others. */
function withAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined, url: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(canceled(url));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(canceled(url));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function stringField(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The envelope's `value`, or the WpsError the answer stands for. */
export async function readEnvelope<T>(response: Response, url: string): Promise<T> {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new WpsError(response.status, REDIRECT_ERROR, 'redirect not followed', { url });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isWpsFailure(body)) {
    throw new WpsError(response.status, body.errorCode, body.message, {
      serverMessage: stringField(body, 'message'),
      detail: stringField(body, 'detail'),
      data: body.data,
      url,
    });
  }
  if (response.ok && typeof body === 'object' && body !== null && (body as { success?: unknown }).success) {
    return (body as { value: T }).value;
  }
  // Not the envelope: a gateway's page, an empty answer. CUSTOMER_NOT_LOGIN anywhere in it still
  // ends the session (spec section 8).
  const serverMessage = stringField(body, 'message');
  const errorCode = text.includes(ErrorCode.CUSTOMER_NOT_LOGIN)
    ? ErrorCode.CUSTOMER_NOT_LOGIN
    : INVALID_RESPONSE;
  throw new WpsError(response.status, errorCode, serverMessage ?? `HTTP ${response.status}`, {
    serverMessage,
    url,
  });
}

export function createClient(deps: ClientDependencies = {}): WpsClient {
  const fetchImpl: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const contextOf = deps.context ?? clientContext;
  const onError = deps.onError ?? (() => undefined);
  const limiter = deps.spaceRequests === false ? null : (deps.rateLimiter ?? createRateLimiter());
  const queue = deps.concurrency ?? createConcurrencyQueue();
  const responses = createSharedLoader<unknown>(createExpiringCache<unknown>(deps.cache));
  const loadSealer = deps.loadSealer ?? defaultLoadSealer;
  let sealer: Promise<Sealer> | null = null;

  const fetchKey = () =>
    get<RsaPublicKey>(endpoints.sessionKey.path, {
      query: { _: Date.now() },
      noCache: true,
      cache: false,
      handleErrors: false,
    });

  function getSealer(): Promise<Sealer> {
    sealer ??= loadSealer(fetchKey).catch((error: unknown) => {
      sealer = null; // a chunk that failed to load is tried again next time
      throw error instanceof WpsError
        ? error
        : new WpsError(0, NETWORK_ERROR, 'the encryption module could not be loaded');
    });
    return sealer;
  }

  /** fetch with the time-out, the caller's signal, and the envelope read inside the time-out. */
  async function transmit<T>(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<T> {
    const controller = new AbortController();
    let reason: 'timeout' | 'canceled' | null = null;
    const timer = setTimeout(() => {
      reason = 'timeout';
      controller.abort();
    }, timeoutMs);
    const onAbort = () => {
      reason ??= 'canceled';
      controller.abort();
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      return await readEnvelope<T>(response, url);
    } catch (error) {
      if (error instanceof WpsError) throw error;
      if (reason === 'timeout')
        throw new WpsError(0, TIMEOUT_ERROR, `timed out after ${timeoutMs} ms`, { url });
      if (reason === 'canceled') throw canceled(url);
      if (isAbortError(error)) throw new WpsError(0, ABORTED_ERROR, 'request aborted', { url });
      throw new WpsError(0, NETWORK_ERROR, 'network error', { url });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function send<T>(
    method: Method,
    url: string,
    payload: unknown,
    options: SendOptions,
    attempt = 0,
  ): Promise<T> {
    const path = pathOf(url);
    if (limiter !== null && method === 'GET' && path.startsWith('/wps/'))
      await limiter.acquire(url, options.signal);
    const context = contextOf();
    const headers = buildHeaders({
      path,
      sessionToken: context.token(),
      explicitToken: options.token,
      merchantCode: context.merchantCode(),
      language: context.language(),
      userAgent: context.userAgent(),
      moduleId: options.moduleId,
      json: payload !== undefined,
      noCache: options.noCache,
    });
    let body: string | undefined;
    if (payload !== undefined && options.encrypt) {
      const sealed = await (await getSealer()).seal(method, path, payload);
      Object.assign(headers, sealed.headers);
      body = JSON.stringify(sealed.body);
    } else if (payload !== undefined) {
      body = JSON.stringify(payload);
    }
    const init: RequestInit = {
      method,
      headers,
      body,
      credentials: 'include',
      redirect: 'manual',
      cache: options.noCache ? 'no-store' : 'default',
      ...(options.keepalive === true ? { keepalive: true } : {}),
    };
    const timeoutMs = timeoutFor(options.kind, options.timeoutMs);
    try {
      return await queue.run(path, () => transmit<T>(url, init, timeoutMs, options.signal), options.signal);
    } catch (error) {
      const unknownKey =
        error instanceof WpsError &&
        error.status === 400 &&
        error.errorCode === EncryptionErrorCode.UNKNOWN_KEY;
      if (options.encrypt && unknownKey && attempt < ENCRYPTION_KEY_RETRIES) {
        (await getSealer()).forgetKey();
        return send<T>(method, url, payload, options, attempt + 1);
      }
      throw error;
    }
  }

  function dispatch<T>(
    method: Method,
    path: string,
    payload: unknown,
    options: GetOptions & PostOptions,
  ): Promise<T> {
    const url = buildUrl(path, options.query);
    if (method !== 'GET' || options.cache === false || !isCachedPath(url)) {
      return send<T>(method, url, payload, options);
    }
    const context = contextOf();
    const authorized =
      authorizationFor({
        path: url,
        sessionToken: context.token(),
        explicitToken: options.token,
        merchantCode: null,
        language: '',
        userAgent: '',
      }) !== null;
    const key = [
      method,
      context.merchantCode() ?? '',
      context.language(),
      authorized ? 'auth' : 'anon',
      url,
    ].join('\n');
    // The shared request is not tied to one caller's signal; each caller can still stop waiting.
    const shared = responses.load(
      key,
      () => send<unknown>(method, url, undefined, { ...options, signal: undefined }),
      options.cacheTtlMs,
    );
    return withAbort(shared, options.signal, url) as Promise<T>;
  }

  async function call<T>(
    method: Method,
    path: string,
    payload: unknown,
    options: GetOptions & PostOptions,
  ): Promise<T> {
    try {
      return await dispatch<T>(method, path, payload, options);
    } catch (raw) {
      const error = toWpsError(raw);
      if (error.errorCode === TrustErrorCode.COUNTRY_NOT_SERVED) closeForCountry();
      if (options.handleErrors !== false) onError(error);
      throw error;
    }
  }

  function get<T>(path: string, options: GetOptions = {}): Promise<T> {
    return call<T>('GET', path, undefined, options);
  }

  return {
    get,
    post: <T>(path: string, payload: unknown, options: PostOptions = {}) =>
      call<T>('POST', path, payload, options),
    clearCache: () => responses.clear(),
  };
}
