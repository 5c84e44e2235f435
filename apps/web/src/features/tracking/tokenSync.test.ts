import { describe, expect, it } from 'vitest';
import { deviceFrameUrl } from './deviceIdFrame';
import { isSameOriginPath, startTokenSync } from './tokenSync';

function harness(path: string | undefined, token: string | null) {
  const state = { path, token };
  const sent: string[] = [];
  let changed: () => void = () => undefined;
  startTokenSync({
    path: () => state.path,
    token: () => state.token,
    onSessionChange: (listener) => {
      changed = listener;
    },
    send: (to, init) => sent.push(`${init.method} ${to} ${init.headers?.Authorization ?? ''}`.trim()),
  });
  return {
    sent,
    set: (next: Partial<typeof state>) => {
      Object.assign(state, next);
      changed();
    },
  };
}

describe('token sync (POST with a Bearer token, DELETE on sign-out)', () => {
  it('signed in at start: one POST; a new token another; sign-out one DELETE', () => {
    const { sent, set } = harness('/sync', 'tok-1');
    set({});
    set({ token: 'tok-2' });
    set({ token: null });
    set({ token: null });
    expect(sent).toEqual(['POST /sync Bearer tok-1', 'POST /sync Bearer tok-2', 'DELETE /sync']);
  });

  it('a visitor sends nothing until signing in; no DELETE without a POST before', () => {
    const { sent, set } = harness('/sync', null);
    expect(sent).toEqual([]);
    set({ token: 'tok' });
    expect(sent).toEqual(['POST /sync Bearer tok']);
  });

  it('the path arriving with the settings later still syncs', () => {
    const { sent, set } = harness(undefined, 'tok');
    expect(sent).toEqual([]);
    set({ path: '/sync' });
    expect(sent).toEqual(['POST /sync Bearer tok']);
  });

  it.each([
    ['/api/token-sync', true],
    ['//evil.example/sync', false],
    ['https://evil.example/sync', false],
    ['/\\evil.example', false],
    ['sync', false],
    ['/with space', false],
    [undefined, false],
  ])('%s is a same-origin path: %s', (path, ok) => {
    expect(isSameOriginPath(path)).toBe(ok);
  });

  it('never sends the token to another origin', () => {
    const { sent } = harness('//evil.example/sync', 'tok');
    expect(sent).toEqual([]);
  });
});

describe('device-id iframe (once, not in the app shell or Safari)', () => {
  const facts = {
    url: 'https://device.example/frame',
    isNativeApp: false,
    isSafari: false,
    alreadyLoaded: false,
  };
  it.each([
    ['a browser, first time', {}, 'https://device.example/frame?deviceId=abc'],
    ['already loaded this session', { alreadyLoaded: true }, null],
    ['inside the app shell', { isNativeApp: true }, null],
    ['Safari', { isSafari: true }, null],
    ['not configured', { url: undefined }, null],
    ['plain http', { url: 'http://device.example/frame' }, null],
    ['javascript:', { url: 'javascript:alert(1)' }, null],
    ['credentials in the URL', { url: 'https://u:p@device.example/' }, null],
  ])('%s', (_name, overrides, expected) => {
    expect(deviceFrameUrl({ ...facts, ...overrides }, 'abc')).toBe(expected);
  });
});
