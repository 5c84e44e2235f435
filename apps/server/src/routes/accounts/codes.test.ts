import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import type { LoginResult, RegistrationResult, SmsRequestResult } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  captchaPass,
  failure,
  get,
  lastCode,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import type { Db } from '../../db/client.js';

async function outboxCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(outboxMessages);
  return row?.value ?? 0;
}

describe.each(backends)('SMS codes (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const request = async (mobileNum: string, extra: Record<string, unknown> = {}) =>
    plainPost(t.app, endpoints.smsCode.path, {
      countryDialingCode: '63',
      mobileNum,
      ...(await captchaPass(t.app, t.db)),
      ...extra,
    });

  it('needs the captcha where SMSCAPTCHA3 is on', async () => {
    const response = await plainPost(t.app, endpoints.smsCode.path, {
      countryDialingCode: '63',
      mobileNum: '9170001111',
    });
    expect(failure(response).code).toBe(ErrorCode.CAPTCHA_REQUIRED);
  });

  it('keeps the resend interval and an hourly cap', async () => {
    expect(value<SmsRequestResult>(await request('9170002222'))).toEqual({ resendAfter: 60, expiresIn: 300 });
    const early = failure(await request('9170002222'));
    expect(early.status).toBe(429);
    expect(early.code.startsWith('TOO_MANY_REQUEST')).toBe(true);
    for (let sent = 1; sent < 5; sent += 1) {
      clock.advance(MINUTE);
      expect((await request('9170002222')).statusCode).toBe(200);
    }
    clock.advance(MINUTE);
    expect(failure(await request('9170002222')).status).toBe(429);
    clock.advance(60 * MINUTE);
    expect((await request('9170002222')).statusCode).toBe(200);
  });

  it('codes expire after 5 minutes and work once', async () => {
    const mobile = { headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER } };
    value(await request('9170003333'));
    const late = await lastCode(t.db, '63 9170003333');
    clock.advance(5 * MINUTE + 1);
    const body = registration({ countryDialingCode: '63', mobileNum: '9170003333', password: 'Chosen123' });
    expect(
      failure(await sealedPost(t.app, endpoints.registerMobile.path, { ...body, smsCode: late }, mobile))
        .code,
    ).toBe(ErrorCode.VERIFY_CODE_INVALID);
    clock.advance(MINUTE);
    value(await request('9170003333'));
    const code = await lastCode(t.db, '63 9170003333');
    expect(
      value<RegistrationResult>(
        await sealedPost(t.app, endpoints.registerMobile.path, { ...body, smsCode: code }, mobile),
      ).token,
    ).not.toBeNull();
  });

  it('logs in by SMS code, and a login code for an unknown number sends nothing', async () => {
    const before = await outboxCount(t.db);
    expect(value<SmsRequestResult>(await request('9179999999', { purpose: 'login' }))).toEqual({
      resendAfter: 60,
      expiresIn: 300,
    });
    expect(await outboxCount(t.db)).toBe(before);
    value(await request('9170000001', { purpose: 'login' }));
    const code = await lastCode(t.db, '63 9170000001');
    const login = await sealedPost(t.app, endpoints.login.path, {
      type: 'sms',
      countryDialingCode: '63',
      mobileNum: '9170000001',
      password: code,
      loginDeviceId: 'd'.repeat(36),
      isOfficialAppLogin: false,
      ...(await captchaPass(t.app, t.db)),
    });
    expect(value<LoginResult>(login).userName).toBe('demo');
  });
});

describe.each(backends)('password change and reset (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const login = async (username: string, password: string) =>
    sealedPost(t.app, endpoints.login.path, loginPayload(username, password), { host: LOTUS });

  it('a first-time member changes the password: flags cleared, other sessions ended', async () => {
    const first = value<LoginResult>(await login('newbie', DEMO_PASSWORD));
    const second = value<LoginResult>(await login('newbie', DEMO_PASSWORD));
    expect(first.firstTimeLogin).toBe(true);
    const change = (body: unknown) =>
      sealedPost(t.app, endpoints.changePassword.path, body, { host: LOTUS, token: first.token });
    expect(failure(await change({ oldPassword: 'Wrong1234', newPassword: 'Better123' })).code).toBe(
      ErrorCode.OLD_PASSWORD_INCORRECT,
    );
    expect(failure(await change({ oldPassword: DEMO_PASSWORD, newPassword: 'weak' })).code).toBe(
      ErrorCode.PASSWORD_NOT_ALLOWED,
    );
    expect(failure(await change({ oldPassword: DEMO_PASSWORD }))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(value(await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Better123' }))).toBeNull();
    expect(
      (await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token: first.token })).statusCode,
    ).toBe(200);
    expect(
      failure(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token: second.token })).code,
    ).toBe(ErrorCode.LOGIN_NOT_SESSION);
    expect(failure(await login('newbie', DEMO_PASSWORD)).code).toBe(ErrorCode.LOGIN_CRED_ERR);
    expect(value<LoginResult>(await login('newbie', 'Better123'))).toMatchObject({
      firstTimeLogin: false,
      mustChangePassword: false,
    });
  });

  it('needs a token to change a password', async () => {
    const response = await sealedPost(
      t.app,
      endpoints.changePassword.path,
      { oldPassword: 'a', newPassword: 'Better123' },
      { host: LOTUS },
    );
    expect(failure(response)).toEqual({ status: 401, code: ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED });
  });

  it('resets by email: same answer for unknown accounts, code once, new password works', async () => {
    const reset = (body: unknown) => sealedPost(t.app, endpoints.passwordResetEmail.path, body);
    const before = await outboxCount(t.db);
    expect(value(await reset({ username: 'demo', email: 'someone@else.example' }))).toBeNull();
    expect(value(await reset({ username: 'ghost', email: 'demo@aurora.example' }))).toBeNull();
    expect(await outboxCount(t.db)).toBe(before);
    // The resend interval is the address's, whoever asked: the same 429 as for a member's second ask.
    expect(failure(await reset({ username: 'demo', email: 'Demo@Aurora.example' }))).toEqual({
      status: 429,
      code: ErrorCode.VERIFY_CODE_TOO_SOON,
    });
    clock.advance(MINUTE);
    expect(value(await reset({ username: 'demo', email: 'Demo@Aurora.example' }))).toBeNull();
    const code = await lastCode(t.db, 'demo@aurora.example');
    const wrong = code === '123456' ? '654321' : '123456';
    expect(
      failure(
        await reset({
          username: 'demo',
          email: 'demo@aurora.example',
          code: wrong,
          newPassword: 'Reset1234',
        }),
      ).code,
    ).toBe(ErrorCode.VERIFY_CODE_INVALID);
    expect(
      value(await reset({ username: 'demo', email: 'demo@aurora.example', code, newPassword: 'Reset1234' })),
    ).toBeNull();
    expect(
      failure(await reset({ username: 'demo', email: 'demo@aurora.example', code, newPassword: 'Reset5678' }))
        .code,
    ).toBe(ErrorCode.VERIFY_CODE_INVALID);
    const pass = await captchaPass(t.app, t.db);
    expect(
      (await sealedPost(t.app, endpoints.login.path, loginPayload('demo', 'Reset1234', pass))).statusCode,
    ).toBe(200);
  });

  it('resets by SMS', async () => {
    const reset = (body: unknown) =>
      sealedPost(t.app, endpoints.passwordResetSms.path, body, { host: LOTUS });
    expect(value(await reset({ countryDialingCode: '84', mobileNum: '912000001' }))).toBeNull();
    const code = await lastCode(t.db, '84 912000001');
    expect(
      value(
        await reset({ countryDialingCode: '84', mobileNum: '912000001', code, newPassword: 'SmsReset1' }),
      ),
    ).toBeNull();
    expect((await login('demo', 'SmsReset1')).statusCode).toBe(200);
  });

  it('sets the member language', async () => {
    const { token } = value<LoginResult>(await login('agent', DEMO_PASSWORD));
    expect(
      value(
        await sealedPost(t.app, endpoints.memberLanguage.path, { language: 'en' }, { host: LOTUS, token }),
      ),
    ).toBeNull();
    expect(
      value<{ language: string }>(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token }))
        .language,
    ).toBe('EN');
    // A regional code (spec section 9) is a language like the others.
    expect(
      value(
        await sealedPost(t.app, endpoints.memberLanguage.path, { language: 'pt-br' }, { host: LOTUS, token }),
      ),
    ).toBeNull();
    expect(
      value<{ language: string }>(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token }))
        .language,
    ).toBe('PT-BR');
    for (const language of ['xx', 'pt-', 'en-US-x', 'e n']) {
      expect(
        failure(await sealedPost(t.app, endpoints.memberLanguage.path, { language }, { host: LOTUS, token }))
          .code,
      ).toBe(ErrorCode.INVALID_REQUEST);
    }
  });
});

describe.each(backends)('secrets in answers and logs (%s)', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'trace' },
    logStream: { write: (line) => void lines.push(line) },
  });

  it('never shows a password, code, token or hash', async () => {
    const answers: string[] = [];
    const password = 'Unique-Secret-77';
    const registered = await sealedPost(
      t.app,
      endpoints.register.path,
      registration({ username: 'logcheck', password, login: true }),
      { host: LOTUS, headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } },
    );
    answers.push(registered.body);
    const { token } = value<RegistrationResult>(registered);
    answers.push((await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token: token ?? '' })).body);
    const wrong = await sealedPost(t.app, endpoints.login.path, loginPayload('logcheck', 'Wrong-Secret-88'), {
      host: LOTUS,
    });
    answers.push(wrong.body);
    answers.push(
      (
        await sealedPost(
          t.app,
          endpoints.passwordResetSms.path,
          { countryDialingCode: '84', mobileNum: '912000001' },
          { host: LOTUS },
        )
      ).body,
    );
    const code = await lastCode(t.db, '84 912000001');
    const log = lines.join('\n');
    for (const secret of [password, 'Wrong-Secret-88', token ?? 'missing', code, '$argon2id$']) {
      expect(log).not.toContain(secret);
    }
    for (const secret of [password, 'Wrong-Secret-88', code, '$argon2id$']) {
      expect(answers.join('\n')).not.toContain(secret);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});
