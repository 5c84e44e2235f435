import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import {
  confirmationMessage,
  emailMessage,
  loginPasswordMessage,
  loginUsernameMessage,
  newPasswordMessage,
  passwordRules,
  requiredMessage,
  usernameMessage,
  usernameRules,
} from './formRules';

const REQUIRED = { key: 'auth_required' };
const USERNAME_INVALID = { key: 'auth_username_invalid', params: { min: 4, max: 20 } };
const PASSWORD_INVALID = { key: 'auth_password_invalid', params: { min: 6, max: 64 } };

describe('the rules use the values the server checks', () => {
  it('are the contract values', () => {
    expect([USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([
      4, 20, 6, 64,
    ]);
    expect(USERNAME_PATTERN.source).toBe('^[A-Za-z0-9_]{4,20}$');
  });
});

describe('username (registration)', () => {
  // [what, typed, message, rules met: [length, characters]]
  const cases: [string, string, object | null, [boolean, boolean]][] = [
    ['empty', '', REQUIRED, [false, false]],
    ['spaces only', '    ', REQUIRED, [false, false]],
    ['3 characters', 'abc', USERNAME_INVALID, [false, true]],
    ['4 characters', 'abcd', null, [true, true]],
    ['20 characters', 'a'.repeat(20), null, [true, true]],
    ['21 characters', 'a'.repeat(21), USERNAME_INVALID, [false, true]],
    ['spaces around (trimmed as on submit)', '  alice  ', null, [true, true]],
    ['a space inside', 'ali ce', USERNAME_INVALID, [true, false]],
    ['digits and underscores', 'user_2024', null, [true, true]],
    ['non-ASCII letters', 'josé_01', USERNAME_INVALID, [true, false]],
    ['Cyrillic look-alike', 'аdmin', USERNAME_INVALID, [true, false]],
    ['emoji', 'ab😀cd', USERNAME_INVALID, [true, false]],
    ['emoji counted as one character', '😀😀😀', USERNAME_INVALID, [false, false]],
    ['markup', '<script>', USERNAME_INVALID, [true, false]],
    ['SQL', "a' OR 1=1--", USERNAME_INVALID, [true, false]],
    ['a dash', 'ali-ce', USERNAME_INVALID, [true, false]],
    ['a newline', 'alice\nbob', USERNAME_INVALID, [true, false]],
  ];

  it.each(cases)('%s', (_what, typed, message, met) => {
    expect(usernameMessage(typed)).toEqual(message);
    expect(usernameRules(typed).map((rule) => rule.met)).toEqual(met);
    // Valid exactly when the server's pattern accepts what is sent.
    expect(usernameMessage(typed) === null).toBe(USERNAME_PATTERN.test(typed.trim()));
  });

  it('shows its rules with the contract values', () => {
    expect(usernameRules('')).toEqual([
      { key: 'auth_rule_length', params: { min: 4, max: 20 }, met: false },
      { key: 'auth_rule_username_characters', met: false },
    ]);
  });
});

describe('new password (registration, change, reset)', () => {
  // [what, typed, message, rules met: [length, letter and digit]]
  const cases: [string, string, object | null, [boolean, boolean]][] = [
    ['empty', '', REQUIRED, [false, false]],
    ['spaces only', '      ', PASSWORD_INVALID, [true, false]],
    ['5 characters', 'abc12', PASSWORD_INVALID, [false, true]],
    ['6 characters', 'abc123', null, [true, true]],
    ['letters only', 'abcdefgh', PASSWORD_INVALID, [true, false]],
    ['digits only', '12345678', PASSWORD_INVALID, [true, false]],
    ['64 characters (the maximum)', `a1${'x'.repeat(62)}`, null, [true, true]],
    ['65 characters (maximum + 1)', `a1${'x'.repeat(63)}`, PASSWORD_INVALID, [false, true]],
    ['spaces inside count', 'ab 12 cd', null, [true, true]],
    ['non-ASCII letters are not letters A–Z', 'ééé111', PASSWORD_INVALID, [true, false]],
    ['emoji count as the server counts (two units each)', '😀😀a1', null, [true, true]],
    ['emoji alone', '😀😀😀', PASSWORD_INVALID, [true, false]],
    [
      'the default mobile-registration password',
      DEFAULT_MOBILE_REGISTRATION_PASSWORD,
      { key: 'auth_password_not_allowed' },
      [true, true],
    ],
  ];

  it.each(cases)('%s', (_what, typed, message, met) => {
    expect(newPasswordMessage(typed)).toEqual(message);
    expect(passwordRules(typed).map((rule) => rule.met)).toEqual(met);
  });

  it('must differ from the current one when that is known', () => {
    expect(newPasswordMessage('Same-Pass-1', 'Same-Pass-1')).toEqual({ key: 'auth_password_same' });
    expect(newPasswordMessage('Same-Pass-1', '')).toBeNull();
    expect(newPasswordMessage('Other-Pass-2', 'Same-Pass-1')).toBeNull();
  });
});

describe('confirmation', () => {
  it.each([
    ['empty', 'abc123', '', REQUIRED],
    ['different', 'abc123', 'abc124', { key: 'auth_password_mismatch' }],
    ['different only by a space', 'abc123', 'abc123 ', { key: 'auth_password_mismatch' }],
    ['the same', 'abc123', 'abc123', null],
  ])('%s', (_what, password, confirmation, message) => {
    expect(confirmationMessage(password, confirmation)).toEqual(message);
  });
});

describe('login (returning members)', () => {
  it.each([
    ['empty', '', REQUIRED],
    ['spaces only', '   ', REQUIRED],
    ['20 characters', 'a'.repeat(20), null],
    ['21 characters: longer than any account', 'a'.repeat(21), { key: 'auth_too_long', params: { max: 20 } }],
    ['any characters: the server decides', 'josé', null],
  ])('username: %s', (_what, typed, message) => {
    expect(loginUsernameMessage(typed)).toEqual(message);
  });

  it.each([
    ['empty', '', REQUIRED],
    ['short: an old password is not judged', 'a', null],
    ['64 characters', 'p'.repeat(64), null],
    ['65 characters', 'p'.repeat(65), { key: 'auth_too_long', params: { max: 64 } }],
  ])('password: %s', (_what, typed, message) => {
    expect(loginPasswordMessage(typed)).toEqual(message);
  });
});

describe('other fields', () => {
  it.each([
    ['', REQUIRED],
    ['  ', REQUIRED],
    ['x', null],
  ])('required %j', (typed, message) => {
    expect(requiredMessage(typed)).toEqual(message);
  });

  it.each([
    ['', REQUIRED],
    ['a@example', { key: 'auth_field_invalid' }],
    ['not an email', { key: 'auth_field_invalid' }],
    [' a@example.com ', null],
  ])('email %j', (typed, message) => {
    expect(emailMessage(typed)).toEqual(message);
  });
});
