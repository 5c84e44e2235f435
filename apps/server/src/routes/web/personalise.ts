import { INDEXABLE_PATHS } from '@wps/contract/routes';
import {
  acceptedLanguageTags,
  DEFAULT_LANGUAGE,
  isRtl,
  LOCALE_MAP,
  preferredLanguage,
  type LanguageCode,
} from '@wps/contract/languages';
import { manifestUrl, systemIconUrl, THEME_CSS_VARIABLES, type ThemeColors } from '@wps/contract/system';
import { MERCHANT_META_NAME } from '@wps/contract/transport';
import { escapeHtml, isHexColor, isHttpsUrl } from '../../lib/html.js';
import type { PageMerchant } from '../../services/merchants/page-merchant.js';
import { themeColors } from '../../services/merchants/theme.js';

export const HEAD_MARKER = '<!--wps:head-->';
/** Inside the static shell's header: the merchant name, so the first paint has content before JavaScript. */
export const BRAND_MARKER = '<!--wps:brand-->';

/**
 * The page's language: the first of the visitor's browser languages (Accept-Language) the merchant
 * offers, else the merchant's default. A choice made in the app is the app's to apply (stored in the
 * browser): the server never sees it.
 */
export function pageLanguage(merchant: PageMerchant, acceptLanguage: string | undefined): LanguageCode {
  return (
    preferredLanguage(acceptedLanguageTags(acceptLanguage), merchant.languages) ?? merchant.defaultLanguage
  );
}

/** Spec section 2: listed paths with at most 2 slashes, on the merchant's main host only. */
export function isIndexable(path: string, host: string, merchant: PageMerchant | null): boolean {
  if (merchant === null || host !== merchant.mainHost.toLowerCase()) return false;
  return INDEXABLE_PATHS.includes(path) && (path.match(/\//g)?.length ?? 0) <= 2;
}

function themeStyle(colors: ThemeColors): string {
  const declarations = (Object.keys(THEME_CSS_VARIABLES) as (keyof ThemeColors)[])
    .filter((key) => isHexColor(colors[key]))
    .map((key) => `${THEME_CSS_VARIABLES[key]}:${colors[key]}`);
  // `html:root` outranks the built page's own `:root` defaults wherever they sit in the head, while
  // the app's later inline `style` properties still outrank this.
  return `<style>html:root{${declarations.join(';')}}</style>`;
}

function headTags(merchant: PageMerchant | null, indexable: boolean, preload: string): string {
  const tags: string[] = [];
  if (preload) tags.push(preload);
  if (merchant !== null) {
    const colors = themeColors(merchant.template);
    const favicon = isHttpsUrl(merchant.template.favicon)
      ? merchant.template.favicon
      : systemIconUrl(192, merchant.code);
    const touchIcon = isHttpsUrl(merchant.template.apple_touch_icon)
      ? merchant.template.apple_touch_icon
      : systemIconUrl(180, merchant.code);
    tags.push(
      `<meta name="${MERCHANT_META_NAME}" content="${escapeHtml(merchant.code)}">`,
      `<meta name="theme-color" content="${escapeHtml(colors.primary)}">`,
      `<link rel="manifest" href="${escapeHtml(manifestUrl(merchant.code))}">`,
      `<link rel="icon" href="${escapeHtml(favicon)}">`,
      `<link rel="apple-touch-icon" href="${escapeHtml(touchIcon)}">`,
    );
  }
  if (!indexable) tags.push('<meta name="robots" content="noindex">');
  if (merchant !== null) tags.push(themeStyle(themeColors(merchant.template)));
  return tags.join('\n    ');
}

function setHtmlLanguage(html: string, lang: string, dir: 'ltr' | 'rtl'): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const others = attributes.replace(/\s(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '');
    return `<html lang="${escapeHtml(lang)}" dir="${dir}"${others}>`;
  });
}

/**
 * The built index.html for one merchant: title, language and direction, theme colours and icons,
 * so the shell paints in the merchant's brand before any JavaScript runs. Null merchant (unknown
 * host): the page as built, kept out of search engines.
 */
export function personaliseHtml(
  template: string,
  merchant: PageMerchant | null,
  indexable: boolean,
  preload = '',
  language: LanguageCode = merchant?.defaultLanguage ?? DEFAULT_LANGUAGE,
): string {
  let html = template;
  if (merchant !== null) {
    html = setHtmlLanguage(html, LOCALE_MAP[language], isRtl(language) ? 'rtl' : 'ltr');
    // A function replacement, so `$&` and friends in a merchant name stay literal.
    html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(merchant.name)}</title>`);
    html = html.replace(BRAND_MARKER, () => escapeHtml(merchant.name));
  }
  const tags = headTags(merchant, indexable, preload);
  if (html.includes(HEAD_MARKER)) return html.replace(HEAD_MARKER, () => tags);
  return html.replace(/<\/head>/i, () => `${tags}\n  </head>`);
}
