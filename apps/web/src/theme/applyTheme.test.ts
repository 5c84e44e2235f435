import type { MobileTemplate, ThemeColors } from '@wps/contract/system';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyFavicon, applyTheme, httpsUrlOrNull, splashUrl, themeVariables } from './applyTheme';

const COLORS: ThemeColors = {
  primary: '#0a7',
  primaryContrast: '#ffffff',
  background: '#101820',
  surface: '#1b2631cc',
  text: '#FAFAFA',
  textMuted: '#9aa',
  accent: '#ffcc00',
  accentContrast: '#111111',
};

function template(overrides: Partial<MobileTemplate> = {}): MobileTemplate {
  return {
    h5_logo: null,
    app_background: null,
    app_desc: null,
    app_desc_font_color: null,
    login_prompt_text: null,
    favicon: null,
    splash: null,
    pwa: true,
    desktop_app_feature: false,
    apple_touch_icon: null,
    colors: COLORS,
    ...overrides,
  };
}

describe('themeVariables', () => {
  it('maps every valid color', () => {
    expect(themeVariables(COLORS)).toEqual({
      '--color-primary': '#0a7',
      '--color-primary-contrast': '#ffffff',
      '--color-background': '#101820',
      '--color-surface': '#1b2631cc',
      '--color-text': '#FAFAFA',
      '--color-text-muted': '#9aa',
      '--color-accent': '#ffcc00',
      '--color-accent-contrast': '#111111',
    });
  });

  // The server computes a missing text colour into the page's theme style: here an invalid or
  // missing one is left out, so that style applies (never a text colour of another accent).
  it.each<[string, Partial<Record<keyof ThemeColors, unknown>>, string | undefined, string | undefined]>([
    ['both kept', {}, '#ffffff', '#111111'],
    ['a missing accent text: left to the page', { accentContrast: undefined }, '#ffffff', undefined],
    ['an invalid accent text: left to the page', { accentContrast: 'white' }, '#ffffff', undefined],
    ['a hostile primary text: left to the page', { primaryContrast: '#fff;color:red' }, undefined, '#111111'],
  ])('text on the accent and primary: %s', (_name, overrides, primaryText, accentText) => {
    const variables = themeVariables({ ...COLORS, ...overrides } as ThemeColors);
    expect(variables['--color-primary-contrast']).toBe(primaryText);
    expect(variables['--color-accent-contrast']).toBe(accentText);
  });

  it.each<[string, unknown, boolean]>([
    ['#rgb', '#abc', true],
    ['#rrggbb', '#A1B2C3', true],
    ['#rrggbbaa', '#a1b2c3d4', true],
    ['#rgba is not accepted', '#abcd', false],
    ['5 digits', '#abcde', false],
    ['no hash', 'abcdef', false],
    ['a colour name', 'red', false],
    ['rgb()', 'rgb(1,2,3)', false],
    ['not hex', '#ggg', false],
    ['CSS injection', '#fff; background:url(https://evil.example/x)', false],
    ['a trailing newline', '#ffffff\n', false],
    ['a var()', 'var(--x)', false],
    ['empty', '', false],
    ['null', null, false],
    ['a number', 0xffffff, false],
  ])('%s (%j) passes: %s', (_name, value, passes) => {
    const variables = themeVariables({ ...COLORS, accent: value as string });
    expect('--color-accent' in variables).toBe(passes);
    if (passes) expect(variables['--color-accent']).toBe(value);
  });
});

describe('applyTheme', () => {
  it('sets the colors and removes the ones that became invalid', () => {
    const root = document.createElement('div');
    applyTheme(root, template());
    expect(root.style.getPropertyValue('--color-primary')).toBe('#0a7');
    expect(root.style.getPropertyValue('--color-accent')).toBe('#ffcc00');
    applyTheme(root, template({ colors: { ...COLORS, accent: 'url(javascript:1)' } }));
    expect(root.style.getPropertyValue('--color-accent')).toBe('');
    expect(root.style.getPropertyValue('--color-primary')).toBe('#0a7');
  });
});

describe('httpsUrlOrNull', () => {
  it.each<[unknown, string | null]>([
    ['https://cdn.site.example/icon.png', 'https://cdn.site.example/icon.png'],
    ['HTTPS://CDN.site.example/a b'.replace(' ', '%20'), 'https://cdn.site.example/a%20b'],
    ['https://cdn.site.example:8443/i.png?v=2#x', 'https://cdn.site.example:8443/i.png?v=2#x'],
    ['http://cdn.site.example/icon.png', null],
    ['//cdn.site.example/icon.png', null],
    ['/icon.png', null],
    ['icon.png', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['https://user:pass@cdn.site.example/i.png', null],
    [' https://cdn.site.example/i.png', null],
    ['https://cdn.site.example/i.png\n', null],
    [`https://cdn.site.example/${'a'.repeat(2100)}`, null],
    ['https://', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (value, expected) => {
    expect(httpsUrlOrNull(value)).toBe(expected);
  });
});

describe('applyFavicon', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/m/favicon.svg">';
  });
  const DEFAULT_ICON = new URL('/m/favicon.svg', document.baseURI).href;
  const icons = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'));

  it.each<[string, string | null, string]>([
    [
      'an https favicon replaces the default',
      'https://cdn.site.example/fav.png',
      'https://cdn.site.example/fav.png',
    ],
    ['http leaves the default', 'http://cdn.site.example/fav.png', DEFAULT_ICON],
    ['a relative path leaves the default', '/fav.png', DEFAULT_ICON],
    ['null leaves the default', null, DEFAULT_ICON],
    ['javascript leaves the default', 'javascript:alert(1)', DEFAULT_ICON],
  ])('%s', (_name, favicon, expected) => {
    applyFavicon(document, template({ favicon }));
    expect(icons().map((link) => link.href)).toEqual([expected]);
  });

  it('drops the type of the default icon it replaces', () => {
    applyFavicon(document, template({ favicon: 'https://cdn.site.example/fav.png' }));
    expect(icons()[0]?.getAttribute('type')).toBeNull();
  });

  it('updates every icon link, shortcut icon included', () => {
    document.head.innerHTML = '<link rel="icon" href="/a.png"><link rel="shortcut icon" href="/b.ico">';
    applyFavicon(document, template({ favicon: 'https://cdn.site.example/fav.png' }));
    expect(icons().map((link) => link.href)).toEqual([
      'https://cdn.site.example/fav.png',
      'https://cdn.site.example/fav.png',
    ]);
  });

  it('adds an icon link when the page has none', () => {
    document.head.innerHTML = '';
    applyFavicon(document, template({ favicon: 'https://cdn.site.example/fav.png' }));
    expect(icons().map((link) => link.href)).toEqual(['https://cdn.site.example/fav.png']);
  });
});

describe('splashUrl', () => {
  it.each<[string | null, string | null]>([
    ['https://cdn.site.example/splash.jpg', 'https://cdn.site.example/splash.jpg'],
    ['http://cdn.site.example/splash.jpg', null],
    ['/splash.jpg', null],
    [null, null],
  ])('%j → %j', (splash, expected) => {
    expect(splashUrl(template({ splash }))).toBe(expected);
  });
});
