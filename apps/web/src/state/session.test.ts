import { SESSION_STORAGE_LIMIT_BYTES } from '@wps/contract/firstLoadConstants';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@/platform/storage';
import {
  type SessionInfo,
  clearSession,
  getSession,
  getToken,
  isSessionInfo,
  setSession,
  subscribe,
  useSession,
} from './session';

const SESSION: SessionInfo = {
  spanId: 'span-1',
  id: '1001',
  token: 'tok-abc',
  merchantCode: 'demo',
  userName: 'alice',
  type: 0,
  firstTimeLogin: false,
};

describe('isSessionInfo', () => {
  it.each<[string, unknown, boolean]>([
    ['a full session', SESSION, true],
    ['an agent', { ...SESSION, type: 2 }, true],
    ['first-time login', { ...SESSION, firstTimeLogin: true }, true],
    ['type not known yet', { ...SESSION, type: null }, true],
    ['type missing', { ...SESSION, type: undefined }, false],
    ['null', null, false],
    ['an array', [SESSION], false],
    ['a string', 'tok-abc', false],
    ['missing token', { ...SESSION, token: undefined }, false],
    ['empty token', { ...SESSION, token: '' }, false],
    ['numeric id', { ...SESSION, id: 1001 }, false],
    ['type as a string', { ...SESSION, type: '1' }, false],
    ['type NaN', { ...SESSION, type: Number.NaN }, false],
    ['firstTimeLogin as a string', { ...SESSION, firstTimeLogin: 'false' }, false],
    ['missing spanId', { ...SESSION, spanId: undefined }, false],
  ])('%s → %s', (_name, value, valid) => {
    expect(isSessionInfo(value)).toBe(valid);
  });
});

describe('session store', () => {
  it('is empty at first', () => {
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('stores, reads and clears the session in session storage', () => {
    expect(setSession(SESSION)).toBe(true);
    expect(getSession()).toEqual(SESSION);
    expect(getToken()).toBe('tok-abc');
    expect(JSON.parse(window.sessionStorage.getItem(StorageKey.sessionInfo) ?? '')).toEqual(SESSION);
    clearSession();
    expect(getSession()).toBeNull();
    expect(window.sessionStorage.getItem(StorageKey.sessionInfo)).toBeNull();
  });

  it('returns the same object while nothing changes', () => {
    setSession(SESSION);
    expect(getSession()).toBe(getSession());
  });

  it.each([
    ['not JSON', '{"token":'],
    ['the wrong shape', '{"token":"x"}'],
    ['a JSON string', '"tok"'],
  ])('drops a corrupt stored value: %s', (_name, raw) => {
    window.sessionStorage.setItem(StorageKey.sessionInfo, raw);
    expect(getSession()).toBeNull();
    expect(window.sessionStorage.getItem(StorageKey.sessionInfo)).toBeNull();
  });

  it('sees a session written to storage directly', () => {
    setSession(SESSION);
    window.sessionStorage.setItem(StorageKey.sessionInfo, JSON.stringify({ ...SESSION, token: 'other' }));
    expect(getToken()).toBe('other');
  });

  it('refuses a session over the session-storage limit and keeps the previous one', () => {
    setSession(SESSION);
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    expect(setSession({ ...SESSION, userName: 'x'.repeat(SESSION_STORAGE_LIMIT_BYTES) })).toBe(false);
    expect(getSession()).toEqual(SESSION);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('notifies subscribers on set and on clear, not on a clear of nothing', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setSession(SESSION);
    clearSession();
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setSession(SESSION);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('useSession', () => {
  it('re-renders when the session appears and goes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => {
      setSession(SESSION);
    });
    expect(result.current).toEqual(SESSION);
    act(() => {
      clearSession();
    });
    expect(result.current).toBeNull();
  });
});
