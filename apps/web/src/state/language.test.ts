import { describe, expect, it } from 'vitest';
import { initialLanguage, languageForMerchant, languageFromLocale } from './language';
import { setStoredLanguage } from './preferences';

describe('languageFromLocale (the locale the server wrote into <html lang>)', () => {
  it.each([
    ['en-US', 'EN'],
    ['vi-VN', 'VI'],
    ['VI-vn', 'VI'],
    ['zh-HK', 'TW'],
    ['ar', 'AR'],
    ['pt-BR', 'PT-BR'],
    ['en', null],
    ['', null],
    ['xx-YY', null],
  ])('%j → %j', (locale, expected) => {
    expect(languageFromLocale(locale)).toBe(expected);
  });
});

describe('initialLanguage', () => {
  it('prefers the stored language, then the merchant default in the page, then EN', () => {
    expect(initialLanguage('vi-VN')).toBe('VI');
    expect(initialLanguage('garbage')).toBe('EN');
    setStoredLanguage('JA');
    expect(initialLanguage('vi-VN')).toBe('JA');
  });
});

describe('languageForMerchant (unsupported language falls back)', () => {
  it.each([
    ['EN', ['EN', 'CN'], 'CN', 'EN'],
    ['JA', ['VI', 'EN'], 'VI', 'VI'],
    ['AR', ['AR', 'EN'], 'EN', 'AR'],
    ['TH', [], 'EN', 'EN'],
  ] as const)('%s among %j (default %s) → %s', (current, offered, fallback, expected) => {
    expect(languageForMerchant(current, offered, fallback)).toBe(expected);
  });
});
