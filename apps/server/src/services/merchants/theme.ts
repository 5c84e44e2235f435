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
};

/** Every colour of the theme: the stored ones that are valid hex colours, the defaults for the rest. */
export function themeColors(template: { colors: Partial<ThemeColors> }): ThemeColors {
  const stored: Partial<ThemeColors> = template.colors;
  const entries = (Object.keys(DEFAULT_THEME_COLORS) as (keyof ThemeColors)[]).map((key) => {
    const value = stored[key];
    return [key, isHexColor(value) ? value : DEFAULT_THEME_COLORS[key]] as const;
  });
  return Object.fromEntries(entries) as unknown as ThemeColors;
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
