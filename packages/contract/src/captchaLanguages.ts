/**
 * The captcha widget's languages (spec section 9). A module of its own, not in languages.ts: the web
 * app's first load carries languages.ts whole, with every name a lazy chunk takes from it, and only
 * the captcha (registration and login) needs these.
 */

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
