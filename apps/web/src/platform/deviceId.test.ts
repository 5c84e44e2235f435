import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { DEVICE_ID_COOKIE_DAYS, DEVICE_ID_LENGTH } from '@wps/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEVICE_ID_COOKIE,
  deviceIdCookie,
  getDeviceId,
  isValidDeviceId,
  newDeviceId,
  parseCookies,
  readCookie,
} from './deviceId';

const VALID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function setCookie(value: string) {
  document.cookie = `${DEVICE_ID_COOKIE}=${value}; Path=/`;
}

afterEach(() => {
  document.cookie = `${DEVICE_ID_COOKIE}=; Max-Age=0; Path=/`;
});

describe('isValidDeviceId', () => {
  it.each([
    [VALID, true],
    [VALID.toUpperCase(), true],
    ['00000000-0000-0000-0000-000000000000', true],
    [VALID.slice(1), false], // 35 characters
    [`${VALID}0`, false], // 37 characters
    [VALID.replace(/-/g, 'x'), false], // 36 characters, not UUID-shaped
    [VALID.replace('f', 'g'), false], // not hex
    [` ${VALID.slice(1)}`, false],
    ['', false],
    [null, false],
    [undefined, false],
    [123, false],
  ])('%j → %s', (value, valid) => {
    expect(isValidDeviceId(value)).toBe(valid);
  });
});

describe('parseCookies / readCookie', () => {
  it.each([
    ['', 'a', null],
    ['a=1', 'a', '1'],
    ['a=1; b=2', 'b', '2'],
    ['  a = 1 ;b=2', 'a', '1'],
    ['a=1; a=2', 'a', '1'],
    ['a=x%20y', 'a', 'x y'],
    ['a=%E0%A4%A', 'a', '%E0%A4%A'], // malformed escape kept as is
    ['a=b=c', 'a', 'b=c'],
    ['novalue; a=1', 'a', '1'],
    ['ab=1', 'a', null],
    [`${DEVICE_ID_COOKIE}=${VALID}`, DEVICE_ID_COOKIE, VALID],
  ])('%j, %s → %j', (text, name, expected) => {
    expect(readCookie(text, name)).toBe(expected);
  });

  it('lists every cookie', () => {
    expect([...parseCookies('a=1; b=2')]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });
});

describe('deviceIdCookie', () => {
  it.each([
    [false, `${DEVICE_ID_COOKIE}=${VALID}; Max-Age=${DEVICE_ID_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`],
    [
      true,
      `${DEVICE_ID_COOKIE}=${VALID}; Max-Age=${DEVICE_ID_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax; Secure`,
    ],
  ])('secure %s', (secure, expected) => {
    expect(deviceIdCookie(VALID, secure)).toBe(expected);
  });
});

describe('newDeviceId', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(newDeviceId({ randomUUID: () => VALID, getRandomValues: (array) => array })).toBe(VALID);
  });

  it('builds a version 4 UUID from getRandomValues outside secure contexts', () => {
    const allOnes = <T extends ArrayBufferView>(array: T): T => {
      new Uint8Array(array.buffer).fill(0xff);
      return array;
    };
    const id = newDeviceId({ getRandomValues: allOnes });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(isValidDeviceId(id)).toBe(true);
  });

  it('makes different valid ids by default', () => {
    const first = newDeviceId();
    expect(first).toHaveLength(DEVICE_ID_LENGTH);
    expect(isValidDeviceId(first)).toBe(true);
    expect(newDeviceId()).not.toBe(first);
  });
});

describe('getDeviceId', () => {
  it.each([
    ['nothing stored', null, null, 'new'],
    ['valid in local storage only', VALID, null, VALID],
    ['valid in the cookie only', null, VALID, VALID],
    ['both valid and equal', VALID, VALID, VALID],
    ['both valid but different: local storage wins', VALID, OTHER, VALID],
    ['35 characters stored, valid cookie', VALID.slice(1), OTHER, OTHER],
    ['37 characters stored, no cookie', `${VALID}0`, null, 'new'],
    ['garbage in both', 'garbage', 'x'.repeat(36), 'new'],
    ['valid stored, 35-character cookie', VALID, VALID.slice(1), VALID],
  ])('%s', (_name, stored, cookie, expected) => {
    if (stored !== null) window.localStorage.setItem(LazyStorageKey.deviceId, stored);
    if (cookie !== null) setCookie(cookie);

    const id = getDeviceId();

    expect(isValidDeviceId(id)).toBe(true);
    if (expected === 'new') expect([stored, cookie]).not.toContain(id);
    else expect(id).toBe(expected);
    expect(window.localStorage.getItem(LazyStorageKey.deviceId)).toBe(id);
    expect(readCookie(document.cookie, DEVICE_ID_COOKIE)).toBe(id);
  });

  it('returns the same id on every call', () => {
    const id = getDeviceId();
    expect(getDeviceId()).toBe(id);
  });

  it('restores local storage from the cookie after local storage was cleared', () => {
    const id = getDeviceId();
    window.localStorage.clear();
    expect(getDeviceId()).toBe(id);
    expect(window.localStorage.getItem(LazyStorageKey.deviceId)).toBe(id);
  });
});
