import { describe, expect, it } from 'vitest';
import { isIndexable, personaliseHtml } from '../../routes/web/personalise.js';
import { pageMerchantFromSettings, type PageMerchant } from './page-merchant.js';
import { DEFAULT_THEME_COLORS } from './theme.js';

const SETTINGS = {
  merchantCode: 'lotus',
  merchantName: 'Lotus Lotto',
  mainHost: 'lotus.example',
  defaultLanguage: 'VI',
  languages: ['VI', 'EN'],
  mobileTemplate: {
    h5_logo: null,
    favicon: 'https://cdn.example/favicon.png',
    apple_touch_icon: 'https://cdn.example/touch.png',
    colors: { ...DEFAULT_THEME_COLORS, primary: '#aa0000' },
  },
};

describe('pageMerchantFromSettings: the page merchant an upstream’s settings describe', () => {
  it('takes what the page needs', () => {
    expect(pageMerchantFromSettings(SETTINGS)).toEqual<PageMerchant>({
      code: 'lotus',
      name: 'Lotus Lotto',
      defaultLanguage: 'VI',
      languages: ['VI', 'EN'],
      mainHost: 'lotus.example',
      template: {
        favicon: 'https://cdn.example/favicon.png',
        apple_touch_icon: 'https://cdn.example/touch.png',
        colors: { ...DEFAULT_THEME_COLORS, primary: '#aa0000' },
      },
    });
  });

  it.each([
    ['no object', null],
    ['an array', [SETTINGS]],
    ['no merchant code', { ...SETTINGS, merchantCode: undefined }],
    ['a code with a path in it', { ...SETTINGS, merchantCode: '../admin' }],
    ['a code too long', { ...SETTINGS, merchantCode: 'a'.repeat(33) }],
    ['a code that is a number', { ...SETTINGS, merchantCode: 42 }],
    ['an empty name', { ...SETTINGS, merchantName: '  ' }],
    ['a name that is an object', { ...SETTINGS, merchantName: { toString: 'x' } }],
    ['a name of a megabyte', { ...SETTINGS, merchantName: 'x'.repeat(1_000_000) }],
    ['no main host', { ...SETTINGS, mainHost: null }],
    ['an unknown language', { ...SETTINGS, defaultLanguage: 'xx' }],
    ['a language in lower case', { ...SETTINGS, defaultLanguage: 'vi' }],
    ['a language that is an inherited name', { ...SETTINGS, defaultLanguage: 'constructor' }],
  ])('%s: none', (_case, settings) => {
    expect(pageMerchantFromSettings(settings)).toBeNull();
  });

  it.each([
    ['no template', { ...SETTINGS, mobileTemplate: undefined }],
    ['a template that is a string', { ...SETTINGS, mobileTemplate: 'x' }],
    [
      'colours that are not colours',
      {
        ...SETTINGS,
        mobileTemplate: { colors: { primary: 'red;}</style><script>', text: 12, accent: null } },
      },
    ],
    ['icons that are not strings', { ...SETTINGS, mobileTemplate: { favicon: 1, apple_touch_icon: {} } }],
  ])('%s: the defaults', (_case, settings) => {
    const merchant = pageMerchantFromSettings(settings);
    expect(merchant?.template.colors).toEqual(DEFAULT_THEME_COLORS);
    expect(merchant?.template.favicon ?? null).toBeNull();
    expect(merchant?.template.apple_touch_icon ?? null).toBeNull();
  });

  it('a hostile name and icon are made harmless where the page uses them', () => {
    const merchant = pageMerchantFromSettings({
      ...SETTINGS,
      merchantName: '</title><script>alert(1)</script>$&',
      mobileTemplate: {
        favicon: 'javascript:alert(1)',
        apple_touch_icon: 'http://plain.example/x.png',
        colors: {},
      },
    });
    const html = personaliseHtml(
      '<html><head><title>x</title><!--wps:head--></head><body></body></html>',
      merchant,
      false,
    );
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp;</title>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('http://plain.example');
  });

  it('is indexable on its main host only', () => {
    const merchant = pageMerchantFromSettings(SETTINGS);
    expect(isIndexable('/m/home', 'lotus.example', merchant)).toBe(true);
    expect(isIndexable('/m/home', 'mirror.example', merchant)).toBe(false);
  });
});
