/** Interface languages of spec section 9. */
export const SUPPORTED_LANGUAGES = [
  'CN',
  'EN',
  'ES',
  'HI',
  'ID',
  'JA',
  'KM',
  'KO',
  'MY',
  'TA',
  'TH',
  'TW',
  'VI',
  'TY',
  'UR',
  'PT',
  'PT-BR',
  'MS',
  'BN',
  'TR',
  'FR',
  'NE',
  'UR-LA',
  'TE',
  'RU',
  'SW',
  'KK',
  'LO',
] as const;

/** AR is in the locale map without being an interface language of its own list. */
export const ALL_LANGUAGES = [...SUPPORTED_LANGUAGES, 'AR'] as const;

export type LanguageCode = (typeof ALL_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

/**
 * Code to BCP 47 locale. The spec fixes EN, CN, TW, RU, TH, VI, JA, PT, ES and AR;
 * the other entries are the standard tags for the same languages.
 */
export const LOCALE_MAP: Record<LanguageCode, string> = {
  EN: 'en-US',
  CN: 'zh-CN',
  TW: 'zh-HK',
  RU: 'ru-RU',
  TH: 'th-TH',
  VI: 'vi-VN',
  JA: 'ja-JP',
  PT: 'pt',
  ES: 'es',
  AR: 'ar',
  HI: 'hi-IN',
  ID: 'id-ID',
  KM: 'km-KH',
  KO: 'ko-KR',
  MY: 'my-MM',
  TA: 'ta-IN',
  TY: 'tl-PH',
  UR: 'ur-PK',
  'PT-BR': 'pt-BR',
  MS: 'ms-MY',
  BN: 'bn-BD',
  TR: 'tr-TR',
  FR: 'fr-FR',
  NE: 'ne-NP',
  'UR-LA': 'ur-Latn',
  TE: 'te-IN',
  SW: 'sw-KE',
  KK: 'kk-KZ',
  LO: 'lo-LA',
};

/** Languages written right to left. Urdu in Latin script (UR-LA) is left to right. */
export const RTL_LANGUAGES: readonly LanguageCode[] = ['AR', 'UR'];

export function isLanguageCode(value: string): value is LanguageCode {
  return (ALL_LANGUAGES as readonly string[]).includes(value);
}

/** The language to use for a requested code: itself when known (any case), else the fallback. */
export function resolveLanguage(
  requested: string | null | undefined,
  fallback: LanguageCode = DEFAULT_LANGUAGE,
): LanguageCode {
  const upper = (requested ?? '').trim().toUpperCase();
  return isLanguageCode(upper) ? upper : fallback;
}

export function isRtl(language: LanguageCode): boolean {
  return RTL_LANGUAGES.includes(language);
}

/** Captcha widget languages of section 9. */
export const CAPTCHA_LANGUAGES = [
  'zh-cn',
  'zh-tw',
  'zh-hk',
  'en',
  'ja',
  'ko',
  'id',
  'es',
  'th',
  'vi',
  'ta',
] as const;

/** A captcha language code is at most 6 characters of letters, digits and hyphens. */
export const CAPTCHA_LANGUAGE_PATTERN = /^[A-Za-z0-9-]{1,6}$/;
