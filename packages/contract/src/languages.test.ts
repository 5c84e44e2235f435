import { describe, expect, it } from 'vitest';
import { acceptedLanguageTags, languageOfTag, preferredLanguage, type LanguageCode } from './languages.js';

describe('languageOfTag', () => {
  it.each([
    ['en-US', 'EN'],
    ['en', 'EN'],
    ['EN-gb', 'EN'],
    ['ar-AE', 'AR'],
    ['zh-CN', 'CN'],
    ['zh', 'CN'],
    ['zh-Hans-CN', 'CN'],
    ['zh-TW', 'TW'],
    ['zh-Hant', 'TW'],
    ['zh-HK', 'TW'],
    ['pt-BR', 'PT-BR'],
    ['pt-PT', 'PT'],
    ['ur-Latn-PK', 'UR-LA'],
    ['ur', 'UR'],
    ['fil-PH', 'TY'],
    ['tl', 'TY'],
    ['vi', 'VI'],
    // Not a language of the app, or not a tag at all.
    ['de-DE', null],
    ['*', null],
    ['', null],
    ['e', null],
    ['en_US', null],
    ['<script>', null],
    ['en-abcdefghijk', null],
    ['en-US-x-private', 'EN'],
  ] as const)('%s → %s', (tag, expected) => {
    expect(languageOfTag(tag)).toBe(expected);
  });
});

describe('acceptedLanguageTags', () => {
  it.each([
    ['en-US,en;q=0.9,ar;q=0.8', ['en-US', 'en', 'ar']],
    ['ar;q=0.5, en-GB', ['en-GB', 'ar']],
    ['fr;q=0.9, en;q=0.9', ['fr', 'en']],
    ['en;q=0, ar', ['ar']],
    ['*;q=0.1, vi', ['vi']],
    ['en;q=abc', ['en']],
    ['', []],
    [undefined, []],
    [`${'en,'.repeat(600)}ar`, []],
    [Array.from({ length: 30 }, (_, index) => (index === 25 ? 'ar' : 'de')).join(','), Array(20).fill('de')],
  ] as const)('%j', (header, expected) => {
    expect(acceptedLanguageTags(header)).toEqual(expected);
  });
});

describe('preferredLanguage', () => {
  const ORBIT: LanguageCode[] = ['AR', 'EN'];
  it.each([
    [['en-US', 'en'], ORBIT, 'EN'],
    [['ar'], ORBIT, 'AR'],
    [['fr-FR', 'en'], ORBIT, 'EN'],
    [['fr-FR', 'de'], ORBIT, null],
    [[], ORBIT, null],
    [['zh-TW'], ['CN', 'EN'] as LanguageCode[], null],
  ] as const)('%j of %j → %s', (tags, offered, expected) => {
    expect(preferredLanguage(tags, offered)).toBe(expected);
  });
});
