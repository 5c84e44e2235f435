import { readableTextOn } from '@wps/contract/contrast';
import type { MobileTemplate, ThemeColors } from '@wps/contract/system';
import { isHexColor, isHttpsUrl } from '../../lib/html.js';

/** Used for any stored colour that is not a valid hex colour. */
export const DEFAULT_THEME_COLORS: ThemeColors = {
  primary: '#1d3a8a',
  primaryContrast: '#ffffff',
  background: '#0f1a3a',
  surface: '#17254d',
  text: '#f5f7ff',
  textMuted: '#aab4d4',
  accent: '#f5b531',
  accentContrast: '#000000',
};

/**
 * The text colour of each colour something is drawn on: a merchant that stores no valid one gets
 * black or white, whichever contrasts more with its own colour (not the default's text colour,
 * which could vanish on a merchant's accent).
 */
const TEXT_ON = [
  ['primaryContrast', 'primary'],
  ['accentContrast', 'accent'],
] as const satisfies readonly (readonly [keyof ThemeColors, keyof ThemeColors])[];

/** Every colour of the theme: the stored ones that are valid hex colours, the defaults for the rest. */
export function themeColors(template: { colors: Partial<ThemeColors> }): ThemeColors {
  const stored: Partial<ThemeColors> = template.colors;
  const keys = Object.keys(DEFAULT_THEME_COLORS) as (keyof ThemeColors)[];
  const colors = Object.fromEntries(
    keys.map((key) => {
      const value = stored[key];
      return [key, isHexColor(value) ? value : DEFAULT_THEME_COLORS[key]] as const;
    }),
  ) as unknown as ThemeColors;
  for (const [text, under] of TEXT_ON) {
    if (!isHexColor(stored[text])) colors[text] = readableTextOn(colors[under]) ?? DEFAULT_THEME_COLORS[text];
  }
  return colors;
}

function httpsOrNull(value: string | null): string | null {
  return isHttpsUrl(value) ? value : null;
}

/** The template as sent to browsers: icon addresses https or null, colours valid. */
export function publicTemplate(template: MobileTemplate): MobileTemplate {
  return {
    ...template,
    favicon: httpsOrNull(template.favicon),
    splash: httpsOrNull(template.splash),
    apple_touch_icon: httpsOrNull(template.apple_touch_icon),
    colors: themeColors(template),
  };
}
