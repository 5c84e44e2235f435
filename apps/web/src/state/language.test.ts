import { describe, expect, it } from 'vitest';
import { initialLanguage, languageForMerchant, languageFromLocale } from './language';
import { getChosenLanguage, setStoredLanguage } from './preferences';

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
    // aurora offers Hindi and Arabic (seed/merchants.ts): neither falls back to English.
    ['HI', ['EN', 'CN', 'TW', 'TH', 'JA', 'KO', 'ID', 'HI', 'AR'], 'EN', 'HI'],
    ['AR', ['EN', 'CN', 'TW', 'TH', 'JA', 'KO', 'ID', 'HI', 'AR'], 'EN', 'AR'],
  ] as const)('%s among %j (default %s) → %s', (current, offered, fallback, expected) => {
    expect(languageForMerchant(current, offered, fallback)).toBe(expected);
  });

  it.each([
    ['RU', ['VI', 'EN'], 'VI', 'RU', 'RU'],
    ['HI', ['EN'], 'EN', 'HI', 'HI'],
    ['RU', ['VI', 'EN'], 'VI', 'JA', 'VI'],
    ['RU', ['VI', 'EN'], 'VI', null, 'VI'],
  ] as const)(
    'a picked language is kept: %s among %j (default %s, picked %s) → %s',
    (current, offered, fallback, chosen, expected) => {
      expect(languageForMerchant(current, offered, fallback, chosen)).toBe(expected);
    },
  );
});

describe('getChosenLanguage', () => {
  it('is null until the picker stores a known code', () => {
    expect(getChosenLanguage()).toBeNull();
    setStoredLanguage('PT-BR');
    expect(getChosenLanguage()).toBe('PT-BR');
  });
});
