import { contrastRatio } from '@wps/contract/contrast';
import type { ThemeColors } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { demoMerchants } from '../../seed/merchants.js';
import { DEFAULT_THEME_COLORS, themeColors } from './theme.js';

const WCAG_AA = 4.5;

describe('themeColors: the text on the accent and on the primary', () => {
  it.each<[string, Partial<Record<keyof ThemeColors, unknown>>, string, string]>([
    ['nothing stored: the defaults', {}, DEFAULT_THEME_COLORS.primaryContrast, '#000000'],
    ['a stored pair is kept', { accent: '#c2185b', accentContrast: '#fefefe' }, '#ffffff', '#fefefe'],
    ['a dark accent without its text: white', { accent: '#c2185b' }, '#ffffff', '#ffffff'],
    ['a light accent without its text: black', { accent: '#2ed3c6' }, '#ffffff', '#000000'],
    ['a 3-digit accent: black on yellow', { accent: '#ff0' }, '#ffffff', '#000000'],
    ['a light primary without its text: black', { primary: '#f5f5f5' }, '#000000', '#000000'],
    ['an invalid text colour is computed', { accent: '#123', accentContrast: 'white' }, '#ffffff', '#ffffff'],
    [
      'injection in the text colour is computed over',
      { accent: '#c2185b', accentContrast: '#fff;}</style><script>' },
      '#ffffff',
      '#ffffff',
    ],
    ['an invalid accent: the default accent and its text', { accent: 'pink' }, '#ffffff', '#000000'],
    ['a non-string text colour', { primary: '#eee', primaryContrast: 0xffffff }, '#000000', '#000000'],
  ])('%s', (_name, stored, primaryText, accentText) => {
    const colors = themeColors({ colors: stored as Partial<ThemeColors> });
    expect(colors.primaryContrast).toBe(primaryText);
    expect(colors.accentContrast).toBe(accentText);
  });
});

/** Every colour pair a demo merchant draws text with, as its pages use them. */
const TEXT_PAIRS: [text: keyof ThemeColors, on: keyof ThemeColors][] = [
  ['primaryContrast', 'primary'],
  ['accentContrast', 'accent'],
  ['text', 'background'],
  ['text', 'surface'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  // Links, the active tab and prices are accent-coloured text.
  ['accent', 'background'],
  ['accent', 'surface'],
];

const seeded = demoMerchants(new Date()).map(
  ({ merchant }) => [merchant.code, themeColors(merchant.template as { colors: ThemeColors })] as const,
);

describe('the demo merchants reach WCAG AA (4.5:1) with every text colour', () => {
  it.each(
    seeded.flatMap(([code, colors]) => TEXT_PAIRS.map(([text, on]) => [code, text, on, colors] as const)),
  )('%s: %s on %s', (_code, text, on, colors) => {
    expect(contrastRatio(colors[text], colors[on])).toBeGreaterThanOrEqual(WCAG_AA);
  });

  it('every demo merchant is checked', () => {
    expect(seeded.map(([code]) => code)).toEqual(['aurora', 'lotus', 'orbit']);
  });
});
