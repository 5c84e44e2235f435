import { ErrorCode } from '@wps/contract/errorCodes';
import type { LoginResult, SmsRequestResult } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import type { SecurityStatus } from '@wps/contract/memberArea';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  AURORA,
  captchaPass,
  failure,
  lastCode,
  loginPayload,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { MINUTE } from '../../test/clock.js';
import { useMemberArea } from '../../test/member-area.js';
import { backends } from '../../test/test-app.js';

/** A number of the test's own (serial: no two tests share a destination's resend interval). */
let numbers = 0;
const nextNumber = () => `91${String((numbers += 1)).padStart(7, '0')}`;

describe.each(backends)('the member area: the own email address and mobile number (%s)', (backend) => {
  const { t, clock, fresh, as, status, otherThan } = useMemberArea(backend);

  /** A fresh member with no address and no number on the account. */
  const bare = async () => {
    const member = await fresh();
    await t.db
      .update(customers)
      .set({ email: null, countryDialingCode: null, mobileNum: null })
      .where(eq(customers.username, member.username));
    return member;
  };
  const post = (path: string, body: unknown, token: string, host?: string) =>
    sealedPost(t.app, path, body, as(token, host));
  const sendSms = (token: string, mobileNum: string, host?: string) =>
    post(endpoints.contactCode.path, { method: 'sms', countryDialingCode: '+84', mobileNum }, token, host);
  const verifySms = (token: string, mobileNum: string, code: string, host?: string) =>
    post(
      endpoints.contactVerify.path,
      { method: 'sms', countryDialingCode: '84', mobileNum, code },
      token,
      host,
    );
  const row = async (username: string) =>
    (await t.db.select().from(customers).where(eq(customers.username, username)))[0];

  it('valid: a code to the new number, the code back puts it on the account; then the SMS factor can go on', async () => {
    const member = await bare();
    const number = nextNumber();
    expect((await status(member.token)).sms).toEqual({ enabled: false, destination: null });
    // Without a number the SMS factor cannot be switched on at all.
    const early = await post(
      endpoints.codeFactor.path,
      { method: 'sms', enable: true, code: '' },
      member.token,
    );
    expect(failure(early).code).toBe(ErrorCode.INVALID_REQUEST);

    expect(value<SmsRequestResult>(await sendSms(member.token, number))).toEqual({
      resendAfter: 60,
      expiresIn: 300,
    });
    // Nothing unverified is stored on the account.
    expect((await row(member.username))?.mobileNum).toBeNull();
    const code = await lastCode(t.db, `84 ${number}`);
    const after = value<SecurityStatus>(await verifySms(member.token, number, code));
    expect(after.sms).toEqual({ enabled: false, destination: `+84 ••• ${number.slice(-4)}` });
    expect(await row(member.username)).toMatchObject({ countryDialingCode: '84', mobileNum: number });

    clock.advance(MINUTE);
    await post(endpoints.codeFactor.path, { method: 'sms', enable: true, code: '' }, member.token);
    const factorCode = await lastCode(t.db, `84 ${number}`);
    expect(
      value(
        await post(
          endpoints.codeFactor.path,
          { method: 'sms', enable: true, code: factorCode },
          member.token,
        ),
      ),
    ).toBeNull();
    expect((await status(member.token)).sms.enabled).toBe(true);
  });

  it('valid: an email address, its code, any case', async () => {
    const member = await bare();
    const email = `New.${member.username}@Lotus.Example`;
    value(await post(endpoints.contactCode.path, { method: 'email', email: ` ${email} ` }, member.token));
    const code = await lastCode(t.db, email.toLowerCase());
    const after = value<SecurityStatus>(
      await post(endpoints.contactVerify.path, { method: 'email', email, code }, member.token),
    );
    expect(after.email.destination).toBe('N***@Lotus.Example');
    expect((await row(member.username))?.email).toBe(email);
  });

  it.each([
    ['wrong code', (code: string) => ({ code: otherThan(code), advance: 0 })],
    ['expired code (past 5 minutes)', (code: string) => ({ code, advance: 5 * MINUTE + 1000 })],
  ])('refused: %s, and nothing changes', async (_name, attempt) => {
    const member = await bare();
    const number = nextNumber();
    value(await sendSms(member.token, number));
    const { code, advance } = attempt(await lastCode(t.db, `84 ${number}`));
    clock.advance(advance);
    expect(failure(await verifySms(member.token, number, code))).toEqual({
      status: 400,
      code: ErrorCode.VERIFY_CODE_INVALID,
    });
    expect((await row(member.username))?.mobileNum).toBeNull();
  });

  it('refused: a used code does not verify again, and a code of one number does not verify another', async () => {
    const member = await bare();
    const [first, second] = [nextNumber(), nextNumber()];
    value(await sendSms(member.token, first));
    const code = await lastCode(t.db, `84 ${first}`);
    expect(failure(await verifySms(member.token, second, code)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
    value(await verifySms(member.token, first, code));
    expect(failure(await verifySms(member.token, first, code)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
  });

  it('rate limit: one code a minute per number, and at most 5 an hour per member over any numbers', async () => {
    const member = await bare();
    const number = nextNumber();
    value(await sendSms(member.token, number));
    expect(failure(await sendSms(member.token, number))).toEqual({
      status: 429,
      code: ErrorCode.VERIFY_CODE_TOO_SOON,
    });
    for (let sent = 1; sent < 5; sent += 1) value(await sendSms(member.token, nextNumber()));
    expect(failure(await sendSms(member.token, nextNumber())).status).toBe(429);
    clock.advance(61 * MINUTE);
    value(await sendSms(member.token, nextNumber()));
  });

  it('isolation: another member’s code proves nothing; a number of this merchant’s member is refused, another merchant’s is not', async () => {
    const [owner, other] = [await bare(), await bare()];
    const number = nextNumber();
    value(await sendSms(owner.token, number));
    const code = await lastCode(t.db, `84 ${number}`);
    // The other member (same merchant) and a member of another merchant try the owner's code.
    expect(failure(await verifySms(other.token, number, code)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
    const aurora = value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.login.path,
        loginPayload('demo', DEMO_PASSWORD, await captchaPass(t.app, t.db)),
        { host: AURORA },
      ),
    ).token;
    expect(failure(await verifySms(aurora, number, code, AURORA)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
    value(await verifySms(owner.token, number, code));

    clock.advance(MINUTE);
    // Lotus's number is taken on lotus (no SMS to its owner's phone) …
    expect(failure(await sendSms(other.token, number))).toEqual({
      status: 409,
      code: ErrorCode.MOBILE_TAKEN,
    });
    // … but free on aurora, a merchant of its own.
    value(await sendSms(aurora, number, AURORA));
    const auroraCode = await lastCode(t.db, `84 ${number}`);
    expect(value<SecurityStatus>(await verifySms(aurora, number, auroraCode, AURORA)).sms.destination).toBe(
      `+84 ••• ${number.slice(-4)}`,
    );
  });

  it('in use: the contact of a switched-on factor is neither changed nor removed; removed once it is off', async () => {
    const { token, username } = await fresh();
    await post(endpoints.codeFactor.path, { method: 'sms', enable: true, code: '' }, token);
    const { countryDialingCode, mobileNum } = (await row(username)) ?? {};
    const factorCode = await lastCode(t.db, `${countryDialingCode} ${mobileNum}`);
    value(await post(endpoints.codeFactor.path, { method: 'sms', enable: true, code: factorCode }, token));
    for (const [path, body] of [
      [endpoints.contactCode.path, { method: 'sms', countryDialingCode: '84', mobileNum: nextNumber() }],
      [endpoints.contactRemove.path, { method: 'sms' }],
    ] as const) {
      expect(failure(await post(path, body, token))).toEqual({ status: 409, code: ErrorCode.CONTACT_IN_USE });
    }
    const member = await fresh();
    const removed = value<SecurityStatus>(
      await post(endpoints.contactRemove.path, { method: 'email' }, member.token),
    );
    expect(removed.email).toEqual({ enabled: false, destination: null });
    expect((await row(member.username))?.email).toBeNull();
  });

  it.each([
    ['letters and an emoji', { method: 'sms', countryDialingCode: '84', mobileNum: 'abc😀12' }],
    ['too short', { method: 'sms', countryDialingCode: '84', mobileNum: '1234' }],
    ['too long', { method: 'sms', countryDialingCode: '84', mobileNum: '1'.repeat(16) }],
    ['a plus in the number', { method: 'sms', countryDialingCode: '84', mobileNum: '+84912345678' }],
    ['spaces in the number', { method: 'sms', countryDialingCode: '84', mobileNum: '912 345 678' }],
    ['a dialing code of letters', { method: 'sms', countryDialingCode: 'VN', mobileNum: '912345678' }],
    ['no number', { method: 'sms', countryDialingCode: '84' }],
    ['not an email', { method: 'email', email: 'not-an-email' }],
    ['an email of 300 characters', { method: 'email', email: `${'a'.repeat(290)}@lotus.example` }],
    ['markup for an email', { method: 'email', email: '<script>@x.y' }],
    ['an unknown method', { method: 'push', email: 'a@b.cd' }],
    ['an extra field', { method: 'email', email: 'a@b.cd', customerId: 1 }],
    ['an array', [{ method: 'email', email: 'a@b.cd' }]],
  ])('hostile input: %s → 400 invalid_request, nothing sent', async (_name, body) => {
    const member = await bare();
    expect(failure(await post(endpoints.contactCode.path, body, member.token))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it.each([
    ['a code of 5 digits', '12345'],
    ['a code with a letter', '12345a'],
    ['no code', undefined],
  ])('hostile input on verify: %s → 400 invalid_request', async (_name, code) => {
    const member = await bare();
    const body = { method: 'sms', countryDialingCode: '84', mobileNum: nextNumber(), code };
    expect(failure(await post(endpoints.contactVerify.path, body, member.token)).code).toBe(
      ErrorCode.INVALID_REQUEST,
    );
  });

  it('without a session nothing is sent', async () => {
    const answer = await sealedPost(t.app, endpoints.contactCode.path, {
      method: 'sms',
      countryDialingCode: '84',
      mobileNum: nextNumber(),
    });
    expect(failure(answer).status).toBe(401);
  });
});
