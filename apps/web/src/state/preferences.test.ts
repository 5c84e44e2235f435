import { describe, expect, it } from 'vitest';
import { StorageKey } from '@/platform/storage';
import {
  getStoredLanguage,
  getStoredMerchantCode,
  setStoredLanguage,
  setStoredMerchantCode,
} from './preferences';

describe('stored merchant code', () => {
  it.each<[string, string | null]>([
    ['demo', 'demo'],
    ['Demo-2', 'Demo-2'],
    ['a'.repeat(32), 'a'.repeat(32)],
    ['a'.repeat(33), null],
    ['-demo', null],
    ['de mo', null],
    ['<script>', null],
    ['', null],
  ])('stored %j reads back as %j', (raw, expected) => {
    window.localStorage.setItem(StorageKey.merchantCode, raw);
    expect(getStoredMerchantCode()).toBe(expected);
  });

  it('is null when nothing is stored', () => {
    expect(getStoredMerchantCode()).toBeNull();
  });

  it.each([
    ['demo', true],
    ['bad code', false],
    ['', false],
  ])('setStoredMerchantCode(%j) → %s', (code, stored) => {
    expect(setStoredMerchantCode(code)).toBe(stored);
    expect(window.localStorage.getItem(StorageKey.merchantCode)).toBe(stored ? code : null);
  });
});

describe('stored language', () => {
  it.each([
    [null, 'EN', 'EN'],
    [null, 'VI', 'VI'],
    ['TH', 'EN', 'TH'],
    ['pt-br', 'EN', 'PT-BR'],
    ['UR-LA', 'EN', 'UR-LA'],
    ['AR', 'EN', 'AR'],
    ['XX', 'EN', 'EN'],
    ['XX', 'CN', 'CN'],
    ['', 'EN', 'EN'],
  ] as const)('stored %j with fallback %s → %s', (raw, fallback, expected) => {
    if (raw !== null) window.localStorage.setItem(StorageKey.language, raw);
    expect(getStoredLanguage(fallback)).toBe(expected);
  });

  it('defaults to EN', () => {
    expect(getStoredLanguage()).toBe('EN');
  });

  it('stores the code', () => {
    setStoredLanguage('KO');
    expect(getStoredLanguage()).toBe('KO');
  });
});
