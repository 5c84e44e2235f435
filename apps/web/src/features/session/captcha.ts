import { CAPTCHA_LANGUAGES, CAPTCHA_LANGUAGE_PATTERN } from '@wps/contract/captchaLanguages';
import type { LanguageCode } from '@wps/contract/languages';

const CAPTCHA_LANGUAGE_FOR: Partial<Record<LanguageCode, string>> = {
  CN: 'zh-cn',
  TW: 'zh-tw',
  EN: 'en',
  JA: 'ja',
  KO: 'ko',
  ID: 'id',
  ES: 'es',
  TH: 'th',
  VI: 'vi',
  TA: 'ta',
};

/** The captcha widget language (spec section 9): a listed code of at most 6 letters, digits, hyphens; else en. */
export function captchaLanguageFor(language: LanguageCode | string): string {
  const mapped = CAPTCHA_LANGUAGE_FOR[language as LanguageCode] ?? language.toLowerCase();
  return CAPTCHA_LANGUAGE_PATTERN.test(mapped) && (CAPTCHA_LANGUAGES as readonly string[]).includes(mapped)
    ? mapped
    : 'en';
}

export type CaptchaScene = 'login' | 'sms' | 'register';

/** Display flags: the captcha is skipped when the scene's flag is off (spec section 5). */
export function captchaRequired(
  scene: CaptchaScene,
  flags: { LOGINCAPTCHA3: boolean; SMSCAPTCHA3: boolean; REGCAPTCHA3: boolean },
): boolean {
  if (scene === 'login') return flags.LOGINCAPTCHA3;
  if (scene === 'sms') return flags.SMSCAPTCHA3;
  return flags.REGCAPTCHA3;
}

/** Guards a verification against re-entry while one runs ('verify geetest too fast'). */
export interface CaptchaGuard {
  enter(): boolean;
  leave(): void;
}

export const TOO_FAST_MESSAGE = 'verify geetest too fast';

export function createCaptchaGuard(): CaptchaGuard {
  let running = false;
  return {
    enter() {
      if (running) return false;
      running = true;
      return true;
    },
    leave() {
      running = false;
    },
  };
}
