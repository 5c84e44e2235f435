import { CAPTCHA_LANGUAGE_PATTERN } from '@wps/contract/captchaLanguages';
import { describe, expect, it } from 'vitest';
import { captchaLanguageFor, captchaRequired, createCaptchaGuard } from './captcha';

describe('captcha rules', () => {
  it.each([
    ['EN', 'en'],
    ['CN', 'zh-cn'],
    ['TW', 'zh-tw'],
    ['JA', 'ja'],
    ['VI', 'vi'],
    ['TA', 'ta'],
    ['RU', 'en'],
    ['AR', 'en'],
    ['zh-hk', 'zh-hk'],
    ['toolong-code', 'en'],
    ['e n', 'en'],
    ['<x>', 'en'],
  ])('language %s → %s, always at most 6 letters, digits and hyphens', (language, expected) => {
    const code = captchaLanguageFor(language);
    expect(code).toBe(expected);
    expect(code).toMatch(CAPTCHA_LANGUAGE_PATTERN);
  });

  it.each([
    ['login', { LOGINCAPTCHA3: true, SMSCAPTCHA3: false, REGCAPTCHA3: false }, true],
    ['login', { LOGINCAPTCHA3: false, SMSCAPTCHA3: true, REGCAPTCHA3: true }, false],
    ['sms', { LOGINCAPTCHA3: false, SMSCAPTCHA3: true, REGCAPTCHA3: false }, true],
    ['sms', { LOGINCAPTCHA3: true, SMSCAPTCHA3: false, REGCAPTCHA3: true }, false],
    ['register', { LOGINCAPTCHA3: false, SMSCAPTCHA3: false, REGCAPTCHA3: true }, true],
    ['register', { LOGINCAPTCHA3: true, SMSCAPTCHA3: true, REGCAPTCHA3: false }, false],
  ] as const)('scene %s with %o shows the captcha: %s', (scene, flags, expected) => {
    expect(captchaRequired(scene, flags)).toBe(expected);
  });

  it('is not re-entered while a verification runs', () => {
    const guard = createCaptchaGuard();
    expect(guard.enter()).toBe(true);
    expect(guard.enter()).toBe(false);
    guard.leave();
    expect(guard.enter()).toBe(true);
  });
});
