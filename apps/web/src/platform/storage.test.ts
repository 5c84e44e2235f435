import { SESSION_STORAGE_LIMIT_BYTES } from '@wps/contract/firstLoadConstants';
import { describe, expect, it } from 'vitest';
import { StorageKey, createSafeStore, localStore, sessionStore, utf8ByteLength } from './storage';

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\ud800', 3], // lone surrogate is encoded as U+FFFD
    ['a😀é€', 10],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('session storage size limit', () => {
  const key = 'big';
  const room = SESSION_STORAGE_LIMIT_BYTES - key.length;

  it.each([
    ['just under the limit', 'a'.repeat(room - 1), true],
    ['exactly at the limit', 'a'.repeat(room), true],
    ['one byte over the limit', 'a'.repeat(room + 1), false],
    ['over the limit through multi-byte characters', 'é'.repeat(room / 2 + 1), false],
    ['multi-byte, exactly at the limit', 'é'.repeat(room / 2), true],
  ])('%s', (_name, value, accepted) => {
    expect(sessionStore.setString(key, 'previous')).toBe(true);
    expect(sessionStore.setString(key, value)).toBe(accepted);
    expect(sessionStore.getString(key)).toBe(accepted ? value : 'previous');
  });

  it('counts the key too', () => {
    const longKey = 'k'.repeat(10);
    expect(sessionStore.setString(longKey, 'a'.repeat(SESSION_STORAGE_LIMIT_BYTES - 9))).toBe(false);
    expect(sessionStore.getString(longKey)).toBeNull();
  });

  it('refuses an oversized JSON value and keeps the previous one', () => {
    sessionStore.setJSON(key, [1]);
    expect(sessionStore.setJSON(key, 'x'.repeat(SESSION_STORAGE_LIMIT_BYTES))).toBe(false);
    expect(sessionStore.getJSON(key, isNumberList)).toEqual([1]);
  });

  it('does not limit local storage the same way', () => {
    expect(localStore.setString(key, 'a'.repeat(room + 1))).toBe(true);
  });
});

describe('JSON values', () => {
  it.each([
    ['valid and passing the guard', '[1,2]', [1, 2]],
    ['valid but failing the guard', '{"a":1}', null],
    ['corrupt JSON', '[1,', null],
    ['empty string', '', null],
    ['the literal null', 'null', null],
  ])('%s', (_name, raw, expected) => {
    window.localStorage.setItem('list', raw);
    expect(localStore.getJSON('list', isNumberList)).toEqual(expected);
  });

  it('returns null for a missing key', () => {
    expect(localStore.getJSON('missing', isNumberList)).toBeNull();
  });

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a BigInt', 1n],
    [
      'a cycle',
      (() => {
        const cycle: Record<string, unknown> = {};
        cycle.self = cycle;
        return cycle;
      })(),
    ],
  ])('refuses to store %s', (_name, value) => {
    expect(localStore.setJSON('value', value)).toBe(false);
    expect(localStore.getString('value')).toBeNull();
  });

  it('round-trips a value and removes it', () => {
    expect(localStore.setJSON('list', [3])).toBe(true);
    expect(localStore.getJSON('list', isNumberList)).toEqual([3]);
    localStore.remove('list');
    expect(localStore.getString('list')).toBeNull();
  });
});

/** A storage whose every call throws, like old Safari private mode. */
function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('quota', 'QuotaExceededError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

describe('storage the browser refuses', () => {
  it.each([
    [
      'reading window.sessionStorage throws (storage disabled)',
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ],
    ['every write throws (Safari private mode)', throwingStorage],
  ])('%s: falls back to memory without throwing', (_name, getStorage) => {
    const store = createSafeStore(getStorage);
    expect(store.getString('a')).toBeNull();
    expect(store.setString('a', '1')).toBe(true);
    expect(store.getString('a')).toBe('1');
    expect(store.setJSON('b', [1])).toBe(true);
    expect(store.getJSON('b', isNumberList)).toEqual([1]);
    store.remove('a');
    expect(store.getString('a')).toBeNull();
  });

  it('reports a write the storage rejects later (quota full) and keeps the previous value', () => {
    let full = false;
    const real = window.localStorage;
    const storage: Storage = {
      get length() {
        return real.length;
      },
      clear: () => real.clear(),
      key: (index) => real.key(index),
      getItem: (key) => real.getItem(key),
      removeItem: (key) => real.removeItem(key),
      setItem: (key, value) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        real.setItem(key, value);
      },
    };
    const store = createSafeStore(() => storage);
    expect(store.setString('a', 'first')).toBe(true);
    full = true;
    expect(store.setString('a', 'second')).toBe(false);
    expect(store.getString('a')).toBe('first');
  });

  it('applies the size limit in the memory fallback too', () => {
    const store = createSafeStore(throwingStorage, { maxPayloadBytes: 4 });
    expect(store.setString('ab', 'cd')).toBe(true);
    expect(store.setString('ab', 'cde')).toBe(false);
    expect(store.getString('ab')).toBe('cd');
  });
});

describe('StorageKey', () => {
  it('names every key once', () => {
    const values = Object.values(StorageKey);
    expect(new Set(values).size).toBe(values.length);
  });
});
