import { describe, expect, it } from 'vitest';
import { WpsError } from '@/api/errors';
import en from '@/i18n/catalogs/en.json';
import { captchaAfterFailure, formFailureFor, invalidRequestFields, type FormScene } from './serverErrors';

const refused = (code: string, serverMessage: string | null = null, data?: unknown, status = 400) =>
  new WpsError(status, code, serverMessage ?? code, { serverMessage, data });

const USERNAME_INVALID = { key: 'auth_username_invalid', params: { min: 4, max: 20 } };
const PASSWORD_INVALID = { key: 'auth_password_invalid', params: { min: 6, max: 64 } };
const FIELD_INVALID = { key: 'auth_field_invalid' };

describe('invalid_request messages name their fields', () => {
  it.each([
    ['Invalid request. username: Too big: expected string to have <=64 characters', ['username']],
    ['Invalid request. password: Required; username: Too small', ['password', 'username']],
    ['Invalid request. code: Invalid string: must match pattern /^[0-9]{6}$/', ['code']],
    ['Invalid request. pixelTrack.tid: Too big', []],
    ['Invalid request. The username needs 4 to 20 letters, digits or underscores.', ['username']],
    ['Invalid request. username and password are required.', ['username', 'password']],
    [
      'Invalid request. countryDialingCode, mobileNum and smsCode are required.',
      ['mobileNum', 'countryDialingCode', 'smsCode'],
    ],
    ['Invalid request. geetestValidateV4: Too big', ['geetestValidateV4']],
    ['Invalid request. The account is missing.', []],
    ['Invalid request.', []],
    [null, []],
  ])('%j → %j', (message, fields) => {
    expect(invalidRequestFields(message)).toEqual(fields);
  });
});

describe('a refused request → translated messages under the fields', () => {
  const cases: [string, WpsError, FormScene, object | null][] = [
    [
      'registration: a too long username (schema)',
      refused(
        'invalid_request',
        'Invalid request. username: Too big: expected string to have <=64 characters',
      ),
      'register',
      { fields: { username: USERNAME_INVALID }, form: null, captcha: null },
    ],
    [
      'login: the same schema refusal does not teach the rules of new names',
      refused(
        'invalid_request',
        'Invalid request. username: Too big: expected string to have <=64 characters',
      ),
      'login',
      { fields: { username: FIELD_INVALID }, form: null, captcha: null },
    ],
    [
      'registration: username and password refused by the service',
      refused('invalid_request', 'Invalid request. username and password are required.'),
      'register',
      { fields: { username: USERNAME_INVALID, password: PASSWORD_INVALID }, form: null, captcha: null },
    ],
    [
      'reset: a password is the new password',
      refused('invalid_request', 'Invalid request. newPassword: Required'),
      'reset',
      { fields: { newPassword: PASSWORD_INVALID }, form: null, captcha: null },
    ],
    [
      'mobile registration: the number and the code',
      refused('invalid_request', 'Invalid request. countryDialingCode, mobileNum and smsCode are required.'),
      'register',
      { fields: { mobileNum: FIELD_INVALID, code: FIELD_INVALID }, form: null, captcha: null },
    ],
    [
      'a malformed captcha pass',
      refused('invalid_request', 'Invalid request. geetestSeccode: Too big'),
      'login',
      { fields: {}, form: null, captcha: { key: 'captcha_expired' } },
    ],
    [
      'no field named: the whole form',
      refused('invalid_request', 'Invalid request. pixelTrack.tid: Too big'),
      'register',
      { fields: {}, form: { key: 'auth_request_invalid' }, captcha: null },
    ],
    [
      'in Vietnamese: the translated message names nothing, the English detail names the field',
      new WpsError(400, 'invalid_request', 'Một số mục không được chấp nhận.', {
        serverMessage: 'Một số mục không được chấp nhận.',
        detail: 'Invalid request. username: Too big: expected string to have <=64 characters',
      }),
      'register',
      { fields: { username: USERNAME_INVALID }, form: null, captcha: null },
    ],
    [
      'a taken username',
      refused('username.exists', 'This username is already taken.', undefined, 409),
      'register',
      { fields: { username: { key: 'auth_username_taken' } }, form: null, captcha: null },
    ],
    [
      'a taken mobile number',
      refused('mobile.exists'),
      'register',
      { fields: { mobileNum: { key: 'auth_mobile_taken' } }, form: null, captcha: null },
    ],
    [
      'registration: a password the policy refuses',
      refused('password_not_allowed'),
      'register',
      { fields: { password: { key: 'auth_password_not_allowed' } }, form: null, captcha: null },
    ],
    [
      'change: the same password again',
      refused('password_not_allowed', 'The new password must differ from the old one.'),
      'changePassword',
      { fields: { newPassword: { key: 'auth_password_not_allowed' } }, form: null, captcha: null },
    ],
    [
      'change: a wrong current password',
      refused('old_password_incorrect'),
      'changePassword',
      { fields: { oldPassword: { key: 'auth_old_password_incorrect' } }, form: null, captcha: null },
    ],
    [
      'a wrong or expired code',
      refused('verify_code_invalid'),
      'reset',
      { fields: { code: { key: 'auth_code_invalid' } }, form: null, captcha: null },
    ],
    [
      'an expired captcha pass',
      refused('captcha_invalid'),
      'register',
      { fields: {}, form: null, captcha: { key: 'captcha_expired' } },
    ],
    [
      'a missing captcha pass (or one the server now asks for)',
      refused('captcha_required'),
      'login',
      { fields: {}, form: null, captcha: { key: 'captcha_required' } },
    ],
    [
      'a wrong password',
      refused('login.cred.err', 'The account or password is incorrect.', undefined, 200),
      'login',
      { fields: {}, form: { key: 'auth_login_failed' }, captcha: null },
    ],
    [
      'an unknown account says the same (no account discovery)',
      refused('not.exists.user', 'The account does not exist.', undefined, 200),
      'login',
      { fields: {}, form: { key: 'auth_login_failed' }, captcha: null },
    ],
    ['no answer: the error catalogue', new WpsError(0, 'network_error', 'offline'), 'login', null],
    [
      'a lost session: the error catalogue',
      refused('customer.not.login', null, undefined, 401),
      'changePassword',
      null,
    ],
    [
      'a server error: the error catalogue',
      refused('internal_error', 'boom', undefined, 500),
      'register',
      null,
    ],
    [
      'too many codes: the error catalogue',
      refused('TOO_MANY_REQUEST_verify_code', 'Wait 30 s'),
      'reset',
      null,
    ],
  ];

  it.each(cases)('%s', (_what, error, scene, expected) => {
    expect(formFailureFor(error, scene)).toEqual(expected);
  });

  it('only uses texts every catalog has', () => {
    for (const [, error, scene] of cases) {
      const failure = formFailureFor(error, scene);
      if (!failure) continue;
      const keys = [...Object.values(failure.fields), failure.form, failure.captcha]
        .filter((message) => message !== null && message !== undefined)
        .map((message) => message.key);
      for (const key of keys) expect(Object.keys(en)).toContain(key);
    }
  });
});

describe('what a refused request does to a solved captcha (a pass is single-use on the server)', () => {
  const pass = { geetestChallenge: 'c2', geetestSeccode: 'p2', geetestValidateV4: 'p2' };
  const cases: [string, WpsError, 'login' | 'register', ReturnType<typeof captchaAfterFailure>][] = [
    [
      'login: a schema refusal comes before the pass',
      refused('invalid_request', 'Invalid request. password: Required'),
      'login',
      { kind: 'keep' },
    ],
    [
      'login: the throttle comes before the pass',
      refused('TOO_MANY_REQUEST', 'Too many failed logins.', undefined, 429),
      'login',
      { kind: 'keep' },
    ],
    [
      'login: a wrong password spent the pass',
      refused('login.cred.err', null, undefined, 200),
      'login',
      { kind: 'reload' },
    ],
    [
      'login: an unknown account spent the pass',
      refused('not.exists.user', null, undefined, 200),
      'login',
      { kind: 'reload' },
    ],
    [
      'login: a wrong password with a fresh pass in the answer',
      refused('login.cred.err', null, { captchaPass: pass }, 200),
      'login',
      { kind: 'replace', proof: pass },
    ],
    [
      'login: a malformed fresh pass is not taken',
      refused('login.cred.err', null, { captchaPass: { geetestSeccode: '' } }, 200),
      'login',
      { kind: 'reload' },
    ],
    ['login: an expired pass', refused('captcha_invalid'), 'login', { kind: 'reload' }],
    [
      'login: a malformed pass',
      refused('invalid_request', 'Invalid request. geetestSeccode: Too big'),
      'login',
      { kind: 'reload' },
    ],
    [
      'login: no answer (spent or not: unknown)',
      new WpsError(0, 'network_error', 'offline'),
      'login',
      { kind: 'reload' },
    ],
    [
      'register: a taken username is checked before the pass',
      refused('username.exists'),
      'register',
      { kind: 'keep' },
    ],
    [
      'register: a refused password is checked before the pass',
      refused('password_not_allowed'),
      'register',
      { kind: 'keep' },
    ],
    [
      'register: a refused username is checked before the pass',
      refused(
        'invalid_request',
        'Invalid request. The username needs 4 to 20 letters, digits or underscores.',
      ),
      'register',
      { kind: 'keep' },
    ],
    [
      'register: a taken mobile number (mobile registration spends no pass)',
      refused('mobile.exists'),
      'register',
      { kind: 'keep' },
    ],
    [
      'register: a wrong SMS code (mobile registration spends no pass)',
      refused('verify_code_invalid'),
      'register',
      { kind: 'keep' },
    ],
    ['register: an expired pass', refused('captcha_invalid'), 'register', { kind: 'reload' }],
    [
      'register: a server error after the pass',
      refused('internal_error', null, undefined, 500),
      'register',
      { kind: 'reload' },
    ],
  ];

  it.each(cases)('%s', (_what, error, scene, expected) => {
    expect(captchaAfterFailure(error, scene)).toEqual(expected);
  });
});
