/**
 * Interface language code (spec section 9) to BCP 47 locale. The spec fixes EN, CN, TW, RU, TH, VI,
 * JA, PT, ES and AR; the other entries are the standard tags for the same languages. In the order of
 * the interface languages' list (the language picker's order), AR last: the lists below are its keys,
 * so the codes are written once (the web app's first load carries this module).
 */
const LOCALES = {
  CN: 'zh-CN',
  EN: 'en-US',
  ES: 'es',
  HI: 'hi-IN',
  ID: 'id-ID',
  JA: 'ja-JP',
  KM: 'km-KH',
  KO: 'ko-KR',
  MY: 'my-MM',
  TA: 'ta-IN',
  TH: 'th-TH',
  TW: 'zh-HK',
  VI: 'vi-VN',
  TY: 'tl-PH',
  UR: 'ur-PK',
  PT: 'pt',
  'PT-BR': 'pt-BR',
  MS: 'ms-MY',
  BN: 'bn-BD',
  TR: 'tr-TR',
  FR: 'fr-FR',
  NE: 'ne-NP',
  'UR-LA': 'ur-Latn',
  TE: 'te-IN',
  RU: 'ru-RU',
  SW: 'sw-KE',
  KK: 'kk-KZ',
  LO: 'lo-LA',
  AR: 'ar',
} as const;

export type LanguageCode = keyof typeof LOCALES;

export const LOCALE_MAP: Record<LanguageCode, string> = LOCALES;

/** Every language code, in the interface languages' order, AR last. */
export const ALL_LANGUAGES = Object.keys(LOCALE_MAP) as readonly LanguageCode[];

/** Interface languages of spec section 9: AR is in the locale map without being one of them. */
export const SUPPORTED_LANGUAGES: readonly Exclude<LanguageCode, 'AR'>[] =
  /* @__PURE__ */ ALL_LANGUAGES.filter((code): code is Exclude<LanguageCode, 'AR'> => code !== 'AR');

export const DEFAULT_LANGUAGE: LanguageCode = 'EN';

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

/** Tags read from an Accept-Language header at most (a longer header is hostile or broken). */
const ACCEPT_LANGUAGE_MAX_TAGS = 20;

/**
 * A browser's language tag (BCP 47: "en-US", "zh-Hant-TW", "pt-BR") as an interface language, or
 * null. Chinese splits by script or region (traditional: TW), Portuguese by Brazil, Urdu by Latin
 * script, Filipino/Tagalog is TY; any other by its primary subtag.
 */
export function languageOfTag(tag: string): LanguageCode | null {
  const lower = tag.trim().toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(lower)) return null;
  const [primary = '', ...rest] = lower.split('-');
  if (primary === 'zh') return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'TW' : 'CN';
  if (primary === 'pt') return rest.includes('br') ? 'PT-BR' : 'PT';
  if (primary === 'ur') return rest.includes('latn') ? 'UR-LA' : 'UR';
  if (primary === 'tl' || primary === 'fil') return 'TY';
  const found = (Object.entries(LOCALE_MAP) as [LanguageCode, string][]).find(
    ([, locale]) => locale.toLowerCase().split('-')[0] === primary,
  );
  return found ? found[0] : null;
}

/** An Accept-Language header's tags, most wanted first (by q-value, then order); q=0 and `*` left out. */
export function acceptedLanguageTags(header: string | undefined): string[] {
  if (header === undefined || header.length > 1000) return [];
  return header
    .split(',')
    .slice(0, ACCEPT_LANGUAGE_MAX_TAGS)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && entry.tag !== '' && entry.tag !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of the person's languages (tags, most wanted first) that the merchant offers, or null. */
export function preferredLanguage(
  tags: readonly string[],
  offered: readonly LanguageCode[],
): LanguageCode | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language !== null && offered.includes(language)) return language;
  }
  return null;
}
