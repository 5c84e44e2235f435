import { AppPath } from '@wps/contract/routes';
import { ErrorCode } from '@wps/contract/errorCodes';
import { NETWORK_TOAST_SWEEP } from '@wps/contract/transport';
import { endpoints } from '@wps/contract/endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, get } from '@/api/client';
import {
  ABORTED_ERROR,
  CANCELED_ERROR,
  ENCRYPTION_UNAVAILABLE,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  UNKNOWN_ERROR,
  WpsError,
} from '@/api/errors';
import { onTransportEvent } from '@/api/events';
import { createClient } from '@/api/request';
import { navigateTo, registerNavigate } from '@/features/navigation';
import { getSession, setSession, type SessionInfo } from '@/state/session';
import { failure, fakeFetch } from '@/test/fakeFetch';
import { dialogQueue, dismissToast, showToast, toasts, type NoticeText } from '@/ui/notices';
import { handleError, performErrorAction } from './errorActions';
import { ERROR_CATALOGUE, errorAction, errorFacts } from './errorCatalogue';
import { OFFLINE_TOAST_ID, resetOfflineToast } from './networkToast';

const member: SessionInfo = {
  spanId: 's',
  id: '1',
  token: 'tok',
  merchantCode: 'aurora',
  userName: 'member01',
  type: 0,
  firstTimeLogin: false,
};

const WHERE = '/m/member/home?tab=wallet#top';
const LOGIN_TARGET = `${AppPath.login}?go=${encodeURIComponent(WHERE)}`;

let navigations: { href: string; replace: boolean }[] = [];
let unregister: () => void = () => undefined;

beforeEach(() => {
  setSession(member);
  window.history.pushState({}, '', WHERE);
  navigations = [];
  unregister = registerNavigate((href, { replace }) => navigations.push({ href, replace }));
});

afterEach(() => {
  unregister();
  for (const dialog of dialogQueue.get()) dialog.resolve(true);
  for (const toast of toasts.get()) dismissToast(toast.id);
  resetOfflineToast();
  vi.useRealTimers();
});

interface Seen {
  dialog: { title: NoticeText; message: NoticeText } | null;
  toast: NoticeText | null;
  sessionCleared: boolean;
  navigatedTo: string | null;
  tokenIpDifferent?: boolean;
}

const nothing: Seen = { dialog: null, toast: null, sessionCleared: false, navigatedTo: null };
const notice = (message: NoticeText): Seen => ({ ...nothing, dialog: { title: { key: 'notice' }, message } });
const toast = (message: NoticeText): Seen => ({ ...nothing, toast: message });
const pleaseLogin: Seen = {
  dialog: { title: { key: 'notice' }, message: { key: 'please_login' } },
  toast: null,
  sessionCleared: true,
  navigatedTo: LOGIN_TARGET,
};

const https = { online: true, protocol: 'https:' };
const offlineHttps = { online: false, protocol: 'https:' };
const http = { online: true, protocol: 'http:' };
const offlineHttp = { online: false, protocol: 'http:' };
const file = { online: true, protocol: 'file:' };

const err = (status: number, errorCode: string, serverMessage: string | null = null) =>
  new WpsError(status, errorCode, serverMessage ?? `HTTP ${status}`, { serverMessage });

/** Performs the action the catalogue picks for `error`, then reads what the user sees. */
async function seenFor(error: WpsError, page: { online: boolean; protocol: string }): Promise<Seen> {
  let ipEvents = 0;
  const stop = onTransportEvent('tokenIpDifferent', () => (ipEvents += 1));
  const done = performErrorAction(errorAction(errorFacts(error, page)));
  // The please-login flow loads the sign-out owner on demand before it shows its notice.
  await vi.dynamicImportSettled();
  const current = dialogQueue.get()[0];
  const shownToast = toasts.get()[0];
  const seen: Seen = {
    dialog: current ? { title: current.title, message: current.message } : null,
    toast: shownToast ? shownToast.message : null,
    sessionCleared: getSession() === null,
    navigatedTo: null,
  };
  current?.resolve(true);
  await done;
  seen.navigatedTo = navigations[0]?.href ?? null;
  stop();
  return ipEvents > 0 ? { ...seen, tokenIpDifferent: true } : seen;
}

describe('error catalogue (spec section 8): what the user sees', () => {
  const cases: [string, WpsError, { online: boolean; protocol: string }, Seen][] = [
    ['HTTP 502 is silently rejected', err(502, INVALID_RESPONSE), https, nothing],
    [
      'HTTP 502 with a server message is still silent',
      err(502, 'bad_gateway', 'Upstream down'),
      https,
      nothing,
    ],
    ['HTTP 401 → please login', err(401, 'unauthorized', 'Token expired'), https, pleaseLogin],
    ['HTTP 401 wins over a TOO_MANY_REQUEST code', err(401, 'TOO_MANY_REQUEST'), https, pleaseLogin],
    [
      'CUSTOMER_NOT_LOGIN in the body → please login',
      err(200, ErrorCode.CUSTOMER_NOT_LOGIN),
      https,
      pleaseLogin,
    ],
    [
      'customer.not.login → please login',
      err(200, 'customer.not.login', 'Not logged in'),
      https,
      pleaseLogin,
    ],
    ['user.or.token.invalid → please login', err(400, 'user.or.token.invalid'), https, pleaseLogin],
    ['login.not.session → please login', err(403, 'login.not.session'), http, pleaseLogin],
    ['TOO_MANY_REQUEST is silent', err(429, 'TOO_MANY_REQUEST', 'Slow down'), https, nothing],
    [
      'TOO_MANY_REQUEST_LOGIN (prefix) is silent',
      err(429, 'TOO_MANY_REQUEST_LOGIN', 'Slow down'),
      https,
      nothing,
    ],
    ["the caller's own cancel is silent", err(0, CANCELED_ERROR), https, nothing],
    [
      'time-out → timeout_retry_please toast',
      err(0, TIMEOUT_ERROR),
      https,
      toast({ key: 'timeout_retry_please' }),
    ],
    [
      'ECONNABORTED → timeout_retry_please toast',
      err(0, ABORTED_ERROR),
      http,
      toast({ key: 'timeout_retry_please' }),
    ],
    [
      'network error on http → Network Error / CORS Errors',
      err(0, NETWORK_ERROR),
      http,
      notice({ key: 'network_error' }),
    ],
    [
      'network error on http while offline → the same alert',
      err(0, NETWORK_ERROR),
      offlineHttp,
      notice({ key: 'network_error' }),
    ],
    [
      'offline over https → network_offline toast',
      err(0, NETWORK_ERROR),
      offlineHttps,
      toast({ key: 'network_offline' }),
    ],
    [
      'network error online over https → Network Error / CORS Errors',
      err(0, NETWORK_ERROR),
      https,
      notice({ key: 'network_error' }),
    ],
    [
      'network error on a file: page (native shell) → Internet lost',
      err(0, NETWORK_ERROR),
      file,
      notice({ key: 'internet_lost' }),
    ],
    [
      // The status the server sends (apps/server login.test.ts: an ip-bound token from another address).
      'token_ip_different with HTTP 401 → auto-login disabled, then the please-login flow',
      err(401, ErrorCode.TOKEN_IP_DIFFERENT, 'Signed in from another address'),
      https,
      { ...pleaseLogin, tokenIpDifferent: true },
    ],
    [
      'service_unavailable (503) → a translated toast, not the English server text',
      err(503, ErrorCode.SERVICE_UNAVAILABLE, 'The service is unavailable for a moment.'),
      https,
      toast({ key: 'service_unavailable' }),
    ],
    [
      'token_ip_different with another status → auto-login disabled, then its message',
      err(400, ErrorCode.TOKEN_IP_DIFFERENT, 'Signed in from another address'),
      https,
      { ...notice({ text: 'Signed in from another address' }), tokenIpDifferent: true },
    ],
    [
      'encryption unavailable → its own text',
      err(0, ENCRYPTION_UNAVAILABLE),
      https,
      notice({ key: 'encryption_unavailable' }),
    ],
    [
      'server error with a message → alert titled notice',
      err(500, ErrorCode.INTERNAL_ERROR, 'Server busy'),
      https,
      notice({ text: 'Server busy' }),
    ],
    [
      'registration error → its message',
      err(400, 'username.exists', 'User name taken'),
      https,
      notice({ text: 'User name taken' }),
    ],
    [
      'any other error without a message → unknown_error',
      err(500, INVALID_RESPONSE),
      https,
      notice({ key: 'unknown_error' }),
    ],
    [
      'a failure that is not a server answer → unknown_error',
      err(0, UNKNOWN_ERROR),
      https,
      notice({ key: 'unknown_error' }),
    ],
  ];

  it.each(cases)('%s', async (_name, error, page, expected) => {
    expect(await seenFor(error, page)).toEqual(expected);
  });

  it('has a row that matches anything last', () => {
    expect(ERROR_CATALOGUE.at(-1)?.matches(errorFacts(err(418, 'teapot'), https))).toBe(true);
  });
});

describe('please-login flow', () => {
  it('replaces the login page when the route guard already went there', async () => {
    window.history.pushState({}, '', `${AppPath.login}?go=x`);
    const done = performErrorAction({ kind: 'pleaseLogin' });
    await vi.dynamicImportSettled();
    dialogQueue.get()[0]?.resolve(true);
    await done;
    expect(navigations).toEqual([{ href: AppPath.login, replace: true }]);
  });

  it('runs once for several calls failing together', async () => {
    let lost = 0;
    const stop = onTransportEvent('sessionLost', () => (lost += 1));
    handleError(err(401, 'x'));
    handleError(err(200, ErrorCode.CUSTOMER_NOT_LOGIN));
    await vi.dynamicImportSettled();
    expect(dialogQueue.get()).toHaveLength(1);
    expect(lost).toBe(1);
    dialogQueue.get()[0]?.resolve(true);
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    stop();
  });

  it('goes by a full page load when no router is registered', async () => {
    unregister();
    const location = { assign: vi.fn(), replace: vi.fn() };
    navigateTo('/m/login', {}, { location });
    navigateTo('/m/login', { replace: true }, { location });
    expect(location.assign).toHaveBeenCalledWith('/m/login');
    expect(location.replace).toHaveBeenCalledWith('/m/login');
  });
});

describe('alerts and toasts are not stacked', () => {
  it('queues one alert for the same text', async () => {
    handleError(err(500, 'x', 'Server busy'));
    handleError(err(500, 'x', 'Server busy'));
    handleError(err(500, 'x', 'Other'));
    await Promise.resolve();
    expect(dialogQueue.get().map((dialog) => dialog.message)).toEqual([
      { text: 'Server busy' },
      { text: 'Other' },
    ]);
  });

  it('clears the network-error toast each second, up to 3 times', async () => {
    vi.useFakeTimers();
    const offline = () => performErrorAction({ kind: 'offlineToast' });
    const visible = () => toasts.get().some((item) => item.id === OFFLINE_TOAST_ID);
    const { intervalMs, times } = NETWORK_TOAST_SWEEP;
    await offline();
    expect(visible()).toBe(true);
    vi.advanceTimersByTime(intervalMs);
    expect(visible()).toBe(false); // first clear
    vi.advanceTimersByTime(intervalMs / 2);
    await offline(); // another failing request during the sweep
    expect(visible()).toBe(true);
    vi.advanceTimersByTime(intervalMs / 2);
    expect(visible()).toBe(false); // second clear
    vi.advanceTimersByTime(intervalMs * (times - 2));
    expect(vi.getTimerCount()).toBe(0); // third clear done: the sweep stopped
    await offline();
    vi.advanceTimersByTime(intervalMs - 1);
    expect(visible()).toBe(true); // a new sweep
    vi.advanceTimersByTime(1);
    expect(visible()).toBe(false);
  });

  it('adds no second offline toast while the connectivity watcher shows one', async () => {
    showToast('network-offline', { key: 'network_offline' }, 0);
    await performErrorAction({ kind: 'offlineToast' });
    expect(toasts.get().map((item) => item.id)).toEqual(['network-offline']);
  });
});

describe('through the client', () => {
  const clientAnswering = (response: () => Response) =>
    createClient({
      fetch: fakeFetch(response).fetch,
      onError: handleError,
      context: () => ({
        merchantCode: () => 'aurora',
        language: () => 'EN',
        token: () => 'tok',
        userAgent: () => '',
      }),
    });

  it('runs the please-login flow for a 401 answer', async () => {
    const client = clientAnswering(() => failure(401, 'unauthorized', 'Expired'));
    await expect(client.get(endpoints.memberInfo.path)).rejects.toBeInstanceOf(WpsError);
    expect(getSession()).toBeNull();
    await vi.dynamicImportSettled();
    expect(dialogQueue.get()[0]?.message).toEqual({ key: 'please_login' });
    dialogQueue.get()[0]?.resolve(true);
    await vi.waitFor(() => expect(navigations[0]?.href).toBe(LOGIN_TARGET));
  });

  it('shows nothing when the caller handles errors itself', async () => {
    const client = clientAnswering(() => failure(400, 'login.cred.err', 'Wrong password'));
    await expect(client.post(endpoints.memberInfo.path, {}, { handleErrors: false })).rejects.toMatchObject({
      serverMessage: 'Wrong password',
    });
    expect(dialogQueue.get()).toEqual([]);
    expect(getSession()).not.toBeNull();
  });

  it('the app client shows the catalogue once start-up gives it handleError (main.tsx)', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => failure(500, 'internal_error', 'Server busy')).fetch);
    configureClient({ onError: handleError });
    try {
      await expect(get(endpoints.memberInfo.path, { cache: false })).rejects.toThrow('Server busy');
      expect(dialogQueue.get()[0]?.message).toEqual({ text: 'Server busy' });
    } finally {
      configureClient({});
      vi.unstubAllGlobals();
    }
  });
});
