import { describe, expect, it, vi } from 'vitest';
import {
  hashWithoutTelegramAuth,
  originOfAuthDomain,
  readTelegramWidgetMessage,
  telegramAuthFromHash,
} from './telegram';

const HASH = 'a'.repeat(64);
const auth = { id: 42, first_name: 'Ann', auth_date: 1_700_000_000, hash: HASH };

function encode(value: unknown, urlSafe = false): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const text = btoa(String.fromCharCode(...bytes));
  return urlSafe ? text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : text;
}

describe('telegramAuthFromHash', () => {
  it.each<[string, string, unknown, boolean]>([
    ['a valid result', `#tgAuthResult=${encode(auth)}`, auth, false],
    ['URL-safe base64 without padding', `#tgAuthResult=${encode(auth, true)}`, auth, false],
    [
      'unicode names',
      `#tgAuthResult=${encode({ ...auth, first_name: 'Анна 🙂' })}`,
      { ...auth, first_name: 'Анна 🙂' },
      false,
    ],
    [
      'other signed fields are kept',
      `#tgAuthResult=${encode({ ...auth, photo_url: 'https://t.me/i/u.jpg' })}`,
      { ...auth, photo_url: 'https://t.me/i/u.jpg' },
      false,
    ],
    [
      'a field that is not a string or number',
      `#tgAuthResult=${encode({ ...auth, admin: true })}`,
      null,
      true,
    ],
    ['a field name that is not Telegram’s', `#tgAuthResult=${encode({ ...auth, 'x-y': '1' })}`, null, true],
    ['no hash', '', null, false],
    ['another hash', '#section-2', null, false],
    ['an empty result', '#tgAuthResult=', null, false],
    ['not base64', '#tgAuthResult=%%%%', null, true],
    ['base64 but not JSON', `#tgAuthResult=${btoa('not json')}`, null, true],
    ['JSON but not an object', `#tgAuthResult=${encode([1, 2])}`, null, true],
    ['no hash field', `#tgAuthResult=${encode({ id: 1, auth_date: 1 })}`, null, true],
    ['a hash that is not hex', `#tgAuthResult=${encode({ ...auth, hash: 'zz' })}`, null, true],
    ['an id that is not a number', `#tgAuthResult=${encode({ ...auth, id: '1; drop' })}`, null, true],
    ['a nested field', `#tgAuthResult=${encode({ ...auth, first_name: { x: 1 } })}`, null, true],
    ['too long', `#tgAuthResult=${'A'.repeat(5000)}`, null, true],
  ])('%s', (_name, hash, expected, warned) => {
    const warn = vi.fn();
    expect(telegramAuthFromHash(hash, warn)).toEqual(expected);
    expect(warn).toHaveBeenCalledTimes(warned ? 1 : 0);
  });
});

describe('hashWithoutTelegramAuth', () => {
  it.each([
    ['#tgAuthResult=abc', ''],
    ['#tgAuthResult=abc&tab=2', '#tab=2'],
    ['', ''],
  ])('%s → %s', (hash, expected) => {
    expect(hashWithoutTelegramAuth(hash)).toBe(expected);
  });
});

describe('readTelegramWidgetMessage', () => {
  const ORIGIN = 'https://oauth.example.com';
  const allowed = [ORIGIN];
  it.each<[string, { origin: string; data: unknown }, ReturnType<typeof readTelegramWidgetMessage>]>([
    ['popup blocked', { origin: ORIGIN, data: { event: 'popupBlocked' } }, { kind: 'popupBlocked' }],
    [
      'auth data',
      { origin: ORIGIN, data: { event: 'getTgAuthData', data: auth } },
      { kind: 'auth', data: auth },
    ],
    [
      'auth data as JSON text',
      { origin: ORIGIN, data: JSON.stringify({ event: 'getTgAuthData', data: auth }) },
      { kind: 'auth', data: auth },
    ],
    [
      "Telegram's own auth_user",
      { origin: ORIGIN, data: { event: 'auth_user', auth_data: auth } },
      { kind: 'auth', data: auth },
    ],
    [
      "Telegram's own auth_result",
      { origin: ORIGIN, data: JSON.stringify({ event: 'auth_result', result: auth }) },
      { kind: 'auth', data: auth },
    ],
    ['cancelled', { origin: ORIGIN, data: { type: 'cancelled' } }, { kind: 'cancelled' }],
    [
      'hostile: another origin',
      { origin: 'https://evil.example', data: { event: 'getTgAuthData', data: auth } },
      null,
    ],
    [
      'hostile: a look-alike origin',
      { origin: 'https://oauth.example.com.evil.example', data: { event: 'popupBlocked' } },
      null,
    ],
    ['hostile: the null origin', { origin: 'null', data: { event: 'popupBlocked' } }, null],
    ['bad auth data', { origin: ORIGIN, data: { event: 'getTgAuthData', data: { id: 1 } } }, null],
    ['unknown event', { origin: ORIGIN, data: { event: 'resize', height: 40 } }, null],
    ['not JSON', { origin: ORIGIN, data: '{' }, null],
    ['null', { origin: ORIGIN, data: null }, null],
  ])('%s', (_name, event, expected) => {
    expect(readTelegramWidgetMessage(event, allowed)).toEqual(expected);
  });
});

describe('originOfAuthDomain', () => {
  it.each<[string, string, string | null]>([
    ['oauth.example.com', 'https:', 'https://oauth.example.com'],
    ['https://oauth.example.com/path', 'https:', 'https://oauth.example.com'],
    ['127.0.0.1:8080', 'http:', 'http://127.0.0.1:8080'],
    ['https://user:pw@oauth.example.com', 'https:', null],
    ['', 'https:', null],
  ])('%s', (domain, protocol, expected) => {
    expect(originOfAuthDomain(domain, protocol)).toBe(expected);
  });
});
