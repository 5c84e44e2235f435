import { isLanguageCode, type LanguageCode } from '@wps/contract/languages';
import { MERCHANT_CODE_PATTERN } from '@wps/contract/transport';
import type { MobileTemplate, ThemeColors } from '@wps/contract/system';
import { themeColors } from './theme.js';

/**
 * What a page needs of its merchant (routes/web: personalise, isIndexable, the renderer's input):
 * a stored `Merchant` is one, and so is the merchant an upstream's settings describe (proxy mode).
 */
export interface PageMerchant {
  code: string;
  name: string;
  defaultLanguage: LanguageCode;
  /** The languages it offers (a visitor's browser language among them is the page's language). */
  languages: readonly LanguageCode[];
  /** The host where search engines may index. */
  mainHost: string;
  template: Pick<MobileTemplate, 'favicon' | 'apple_touch_icon' | 'colors'>;
}

/** Long enough for any real merchant name or host; more is a broken or hostile answer. */
const MAX_TEXT_LENGTH = 256;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT_LENGTH ? value : null;
}

function urlOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 2048 ? value : null;
}

/**
 * The page merchant of a `GET /wps/system/settings` answer's value (CommonSettings) from another
 * server, checked field by field since that server is not this one: null when a field the page
 * needs is missing or malformed. Icons and colours are checked again where they are used (https
 * only, hex colours), so here a wrong one only falls back.
 */
export function pageMerchantFromSettings(value: unknown): PageMerchant | null {
  if (!isObject(value)) return null;
  const code = text(value.merchantCode);
  const name = text(value.merchantName);
  const mainHost = text(value.mainHost);
  const language = value.defaultLanguage;
  if (code === null || !MERCHANT_CODE_PATTERN.test(code) || name === null || mainHost === null) return null;
  if (typeof language !== 'string' || !isLanguageCode(language)) return null;
  const listed = Array.isArray(value.languages) ? value.languages.slice(0, 64) : [];
  const languages = listed.filter(
    (entry): entry is LanguageCode => typeof entry === 'string' && isLanguageCode(entry),
  );
  const template = isObject(value.mobileTemplate) ? value.mobileTemplate : {};
  const stored = isObject(template.colors) ? template.colors : {};
  // Only strings reach themeColors, which keeps valid hex colours and defaults the rest.
  const colors: Partial<ThemeColors> = Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return {
    code: code.toLowerCase(),
    name,
    defaultLanguage: language,
    languages: languages.includes(language) ? languages : [language, ...languages],
    mainHost,
    template: {
      favicon: urlOrNull(template.favicon),
      apple_touch_icon: urlOrNull(template.apple_touch_icon),
      colors: themeColors({ colors }),
    },
  };
}
