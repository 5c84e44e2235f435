import { describe, expect, it } from 'vitest';
import { DOMAIN_NOT_AVAILABLE, SESSION_LOST_CODES } from './errors.js';
import { ErrorCode } from './errorCodes.js';
import { allFlagsOff, isWhitelabelFlag, SPEC_WHITELABEL_FLAGS } from './flags.js';
import { fail, isWpsFailure, ok } from './envelope.js';
import { isRtl, LOCALE_MAP, resolveLanguage, SUPPORTED_LANGUAGES } from './languages.js';
import { CAPTCHA_LANGUAGE_PATTERN, CAPTCHA_LANGUAGES } from './captchaLanguages.js';

describe('envelope', () => {
  it('success and failure shapes', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, value: { a: 1 } });
    expect(fail('x', 'm')).toEqual({ success: false, errorCode: 'x', message: 'm' });
    expect(fail('x', 'm', { domain: 'd' })).toEqual({
      success: false,
      errorCode: 'x',
      message: 'm',
      data: { domain: 'd' },
    });
  });

  it.each([
    [fail('x', 'm'), true],
    [ok(1), false],
    [{ success: false }, false],
    [{ success: false, errorCode: 7 }, false],
    [null, false],
    ['{"success":false}', false],
  ])('isWpsFailure(%j) → %s', (body, expected) => {
    expect(isWpsFailure(body)).toBe(expected);
  });
});

describe('languages (section 9)', () => {
  // The languages and the locales the spec fixes are pinned in constants.test.ts.
  it('every interface language, and AR, has a locale', () => {
    for (const code of [...SUPPORTED_LANGUAGES, 'AR' as const]) expect(LOCALE_MAP[code]).toMatch(/^[a-z]{2}/);
  });

  it.each([
    ['vi', 'VI'],
    [' pt-br ', 'PT-BR'],
    ['ur-la', 'UR-LA'],
    ['xx', 'EN'],
    ['', 'EN'],
    [null, 'EN'],
    [undefined, 'EN'],
    ['<script>', 'EN'],
  ])('resolveLanguage(%j) → %s', (requested, expected) => {
    expect(resolveLanguage(requested)).toBe(expected);
  });

  it.each([
    ['AR', true],
    ['UR', true],
    ['UR-LA', false],
    ['EN', false],
  ] as const)('%s right to left: %s', (code, expected) => {
    expect(isRtl(code)).toBe(expected);
  });

  const captchaCases: [string, boolean][] = [
    ...CAPTCHA_LANGUAGES.map((code): [string, boolean] => [code, true]),
    ['zh-hant-tw', false],
    ['en_US', false],
    ['', false],
  ];
  it.each(captchaCases)('captcha language %j valid: %s', (code, expected) => {
    expect(CAPTCHA_LANGUAGE_PATTERN.test(code)).toBe(expected);
  });
});

describe('whitelabel flags (section 6)', () => {
  it('every spec flag is known and off by default', () => {
    const off = allFlagsOff();
    for (const flag of SPEC_WHITELABEL_FLAGS) {
      expect(isWhitelabelFlag(flag)).toBe(true);
      expect(off[flag]).toBe(false);
    }
    expect(isWhitelabelFlag('NOTAFLAG3')).toBe(false);
  });
});

describe('codes the first load spells out', () => {
  it('SESSION_LOST_CODES are the four session codes of the error table', () => {
    expect([...SESSION_LOST_CODES].sort()).toEqual(
      [
        ErrorCode.CUSTOMER_NOT_LOGIN,
        ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED,
        ErrorCode.USER_OR_TOKEN_INVALID,
        ErrorCode.LOGIN_NOT_SESSION,
      ].sort(),
    );
  });

  it('DOMAIN_NOT_AVAILABLE is the table entry', () => {
    expect(DOMAIN_NOT_AVAILABLE).toBe(ErrorCode.DOMAIN_NOT_AVAILABLE);
  });
});
