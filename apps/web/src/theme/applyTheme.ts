import {
  HEX_COLOR_PATTERN,
  THEME_CSS_VARIABLES,
  type MobileTemplate,
  type ThemeColors,
} from '@wps/contract/system';

/**
 * White-label as data: a merchant's look is its template settings turned into CSS custom properties
 * and a few document links. Values from the server are checked before they touch the page, so a bad
 * template can fall back to the stylesheet defaults but never inject CSS or load a plain-http asset.
 */

const COLOR_VARIABLES = THEME_CSS_VARIABLES;
const HEX_COLOR = HEX_COLOR_PATTERN;
const MAX_URL_LENGTH = 2048;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * The custom properties of the valid colors; invalid ones are left out, so the page's own theme
 * style applies: the server writes it with every colour, a missing text-on-accent or text-on-primary
 * computed there as black or white, whichever reads (services/merchants/theme.ts), and keeps the
 * contrast code out of the first load.
 */
export function themeVariables(colors: ThemeColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [field, variable] of Object.entries(COLOR_VARIABLES) as [keyof ThemeColors, string][]) {
    const value: unknown = colors[field];
    if (isHexColor(value)) variables[variable] = value;
  }
  return variables;
}

/** Sets the merchant's colors on `root`; a color that is missing or invalid is removed. */
export function applyTheme(root: HTMLElement, template: MobileTemplate): void {
  const variables = themeVariables(template.colors);
  for (const variable of Object.values(COLOR_VARIABLES)) {
    const value = variables[variable];
    if (value === undefined) root.style.removeProperty(variable);
    else root.style.setProperty(variable, value);
  }
}

/** The value when it is an absolute https URL without credentials, normalised; else null. */
export function httpsUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || /[\s\p{Cc}]/u.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}

/** Points the page's icon links at the merchant's favicon, when it is an https address. */
export function applyFavicon(doc: Document, template: MobileTemplate): void {
  const href = httpsUrlOrNull(template.favicon);
  if (href === null) return;
  const links = Array.from(doc.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'));
  if (links.length === 0) {
    const link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
    links.push(link);
  }
  for (const link of links) {
    link.href = href;
    link.removeAttribute('type'); // the merchant's file may be another format than the default icon
  }
}

/** The merchant's splash image, when it is an https address. */
export function splashUrl(template: MobileTemplate): string | null {
  return httpsUrlOrNull(template.splash);
}
