import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createStandInAdapter,
  popupFeatures,
  readStandInFragment,
  readStandInMessage,
  standInUrl,
} from './standInAdapter';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const ORIGIN = 'http://aurora.localhost:8080';
const popup = { closed: false };
const expected = { origin: ORIGIN, popup, channel: 'google.com' as const };
const type = 'wps-standin-idtoken';

describe('readStandInMessage', () => {
  it.each<
    [string, { origin: string; source: unknown; data: unknown }, ReturnType<typeof readStandInMessage>]
  >([
    [
      'the token',
      { origin: ORIGIN, source: popup, data: { type, idToken: JWT, provider: 'google.com' } },
      { kind: 'token', idToken: JWT, channel: 'google.com' },
    ],
    [
      'Cancel',
      { origin: ORIGIN, source: popup, data: { type, error: 'auth/popup-closed-by-user' } },
      { kind: 'error', code: 'auth/popup-closed-by-user' },
    ],
    [
      'an error that is not a provider code',
      { origin: ORIGIN, source: popup, data: { type, error: '<b>' } },
      { kind: 'error', code: 'auth/unknown' },
    ],
    [
      'hostile: another origin',
      { origin: 'https://evil.example', source: popup, data: { type, idToken: JWT, provider: 'google.com' } },
      null,
    ],
    [
      'hostile: another window of this origin',
      { origin: ORIGIN, source: {}, data: { type, idToken: JWT, provider: 'google.com' } },
      null,
    ],
    [
      'hostile: no source',
      { origin: ORIGIN, source: null, data: { type, idToken: JWT, provider: 'google.com' } },
      null,
    ],
    [
      'another provider than asked',
      { origin: ORIGIN, source: popup, data: { type, idToken: JWT, provider: 'facebook.com' } },
      null,
    ],
    [
      'another message type',
      { origin: ORIGIN, source: popup, data: { type: 'webpackHot', idToken: JWT, provider: 'google.com' } },
      null,
    ],
    [
      'not a JWT',
      { origin: ORIGIN, source: popup, data: { type, idToken: 'abc', provider: 'google.com' } },
      null,
    ],
    [
      'a huge token',
      {
        origin: ORIGIN,
        source: popup,
        data: { type, idToken: `${'a'.repeat(5000)}.b.c`, provider: 'google.com' },
      },
      null,
    ],
    ['a string', { origin: ORIGIN, source: popup, data: 'wps-standin-idtoken' }, null],
  ])('%s', (_name, event, result) => {
    expect(readStandInMessage(event, expected)).toEqual(result);
  });
});

describe('readStandInFragment', () => {
  it.each<[string, string, ReturnType<typeof readStandInFragment>]>([
    [
      'the token',
      `#wpsStandinIdToken=${JWT}&provider=google.com`,
      { kind: 'token', idToken: JWT, channel: 'google.com' },
    ],
    [
      'Cancel',
      '#wpsStandinError=auth/popup-closed-by-user',
      { kind: 'error', code: 'auth/popup-closed-by-user' },
    ],
    ['nothing', '', null],
    ['another fragment', '#top', null],
    ['an unknown provider', `#wpsStandinIdToken=${JWT}&provider=evil.com`, null],
    ['not a JWT', '#wpsStandinIdToken=abc&provider=google.com', null],
  ])('%s', (_name, hash, result) => {
    expect(readStandInFragment(hash)).toEqual(result);
  });
});

describe('standInUrl and popupFeatures', () => {
  it('popup', () => {
    expect(standInUrl('twitter.com', 'popup', '/m/login')).toBe(
      '/wps/dev/firebase/signin?provider=twitter.com&mode=popup',
    );
  });
  it('redirect with its return path', () => {
    expect(standInUrl('google.com', 'redirect', '/m/login?go=/m/game')).toBe(
      '/wps/dev/firebase/signin?provider=google.com&mode=redirect&return=%2Fm%2Flogin%3Fgo%3D%2Fm%2Fgame',
    );
  });
  it('a centred 500 × 600 window', () => {
    expect(popupFeatures({ width: 1500, height: 1000 })).toBe(
      'width=500,height=600,left=500,top=200,resizable,scrollbars',
    );
    expect(popupFeatures({ width: 400, height: 500 })).toBe(
      'width=500,height=600,left=0,top=0,resizable,scrollbars',
    );
  });
});

function fakeHost(opened: { closed: boolean } | null) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const host = {
    open: vi.fn(() => opened),
    addEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    ),
    removeEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    ),
    location: { origin: ORIGIN, hash: '', pathname: '/m/login', search: '', assign: vi.fn() },
    history: { state: null, replaceState: vi.fn() },
    screen: { width: 1000, height: 800 },
  };
  const post = (data: unknown, source: unknown = opened, origin = ORIGIN) => {
    for (const listener of [...listeners]) listener({ data, source, origin } as MessageEvent);
  };
  return { host, post, listeners };
}

describe('createStandInAdapter (popup)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the posted token and stops listening', async () => {
    const win = { closed: false };
    const { host, post, listeners } = fakeHost(win);
    const adapter = createStandInAdapter(host as never);
    const result = adapter.signIn('google.com', 'popup', '/m/login');
    expect(host.open).toHaveBeenCalledWith(
      '/wps/dev/firebase/signin?provider=google.com&mode=popup',
      'wps-standin',
      'width=500,height=600,left=250,top=100,resizable,scrollbars',
    );
    post({ type, idToken: JWT, provider: 'google.com' }, {}, ORIGIN); // another window: ignored
    post({ type, idToken: JWT, provider: 'google.com' }, win, 'https://evil.example'); // another origin
    post({ type, idToken: JWT, provider: 'google.com' });
    await expect(result).resolves.toEqual({ idToken: JWT, channel: 'google.com' });
    expect(listeners.size).toBe(0);
  });

  it('a blocked popup is auth/popup-blocked', async () => {
    const { host } = fakeHost(null);
    await expect(createStandInAdapter(host as never).signIn('google.com', 'popup', '')).rejects.toMatchObject(
      {
        code: 'auth/popup-blocked',
      },
    );
  });

  it('a closed window still delivers for 8 s, then is auth/popup-closed-by-user', async () => {
    const win = { closed: false };
    const { host, post } = fakeHost(win);
    const first = createStandInAdapter(host as never).signIn('google.com', 'popup', '');
    win.closed = true;
    await vi.advanceTimersByTimeAsync(7_000);
    post({ type, idToken: JWT, provider: 'google.com' });
    await expect(first).resolves.toEqual({ idToken: JWT, channel: 'google.com' });

    const win2 = { closed: false };
    const second = fakeHost(win2);
    const attempt = createStandInAdapter(second.host as never).signIn('google.com', 'popup', '');
    const outcome = expect(attempt).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
    win2.closed = true;
    await vi.advanceTimersByTimeAsync(8_000);
    expect(second.listeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    await outcome;
    expect(second.listeners.size).toBe(0);
  });

  it('a second request cancels the first silently (auth/cancelled-popup-request)', async () => {
    const { host, post } = fakeHost({ closed: false });
    const adapter = createStandInAdapter(host as never);
    const first = adapter.signIn('google.com', 'popup', '');
    const second = adapter.signIn('facebook.com', 'popup', '');
    await expect(first).rejects.toMatchObject({ code: 'auth/cancelled-popup-request' });
    post({ type, idToken: JWT, provider: 'facebook.com' });
    await expect(second).resolves.toEqual({ idToken: JWT, channel: 'facebook.com' });
  });

  it('Cancel in the popup', async () => {
    const { host, post } = fakeHost({ closed: false });
    const attempt = createStandInAdapter(host as never).signIn('google.com', 'popup', '');
    post({ type, error: 'auth/popup-closed-by-user' });
    await expect(attempt).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
  });
});

describe('createStandInAdapter (redirect)', () => {
  it('leaves for the stand-in with the return path', () => {
    const { host } = fakeHost(null);
    void createStandInAdapter(host as never).signIn('google.com', 'redirect', '/m/login');
    expect(host.location.assign).toHaveBeenCalledWith(
      '/wps/dev/firebase/signin?provider=google.com&mode=redirect&return=%2Fm%2Flogin',
    );
  });
  it('reads and removes the fragment on return', async () => {
    const { host } = fakeHost(null);
    host.location.hash = `#wpsStandinIdToken=${JWT}&provider=google.com`;
    host.location.search = '?go=%2Fm%2Fgame';
    await expect(createStandInAdapter(host as never).completeRedirect()).resolves.toEqual({
      idToken: JWT,
      channel: 'google.com',
    });
    expect(host.history.replaceState).toHaveBeenCalledWith(null, '', '/m/login?go=%2Fm%2Fgame');
  });
  it('no fragment: nothing', async () => {
    const { host } = fakeHost(null);
    await expect(createStandInAdapter(host as never).completeRedirect()).resolves.toBeNull();
  });
});
