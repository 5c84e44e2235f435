import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/members.js';
import { useIdentityServices } from '../../test/identity-services.js';
import { answerOf, lastCode } from '../../test/accounts.js';
import { touchDrag } from '../../test/captcha-drags.js';
import { TestClock } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { DomainError } from '../errors.js';
import { base32Decode, totp } from './totp.js';

const CALLER = { ip: '127.0.0.1' };
const LIMITS = { perAccountIp: 2, perIp: 10, perAccount: 2, windowMinutes: 15 };

function byUsername(username: string, password: string): EndpointParsed<'login'> {
  return { type: 'username', username, password, loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };
}

/** The refusal `promise` ends in: a DomainError (services know no HTTP status). */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe.each(backends)('the login service (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now, config: { loginThrottle: LIMITS } });

  it('refuses what the schema cannot see before counting a failure', async () => {
    const lotus = await t.merchant('lotus');
    const line = { ...byUsername('demo', DEMO_PASSWORD), type: 'line' as const };
    expect((await refusal(t.identity.login.logIn(lotus, line, CALLER))).message).toContain('line');
    const noPassword = { ...byUsername('demo', DEMO_PASSWORD), password: undefined };
    for (let attempt = 0; attempt <= LIMITS.perAccountIp; attempt += 1) {
      expect(await refusal(t.identity.login.logIn(lotus, noPassword, CALLER))).toMatchObject({
        code: ErrorCode.INVALID_REQUEST,
      });
    }
    const noNumber = { ...byUsername('demo', DEMO_PASSWORD), type: 'sms' as const };
    expect(await refusal(t.identity.login.logIn(lotus, noNumber, CALLER))).toMatchObject({
      code: ErrorCode.INVALID_REQUEST,
    });
    // None of those counted: the right password still logs in after more refusals than the limit allows.
    await expect(
      t.identity.login.logIn(lotus, byUsername('demo', DEMO_PASSWORD), CALLER),
    ).resolves.toMatchObject({
      userName: 'demo',
    });
  });

  it('parks a second-factor login, and two right codes at once open exactly one session', async () => {
    const lotus = await t.merchant('lotus');
    const required = await refusal(
      t.identity.login.logIn(lotus, byUsername('secure', DEMO_PASSWORD), CALLER),
    );
    expect(required.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
    const { verifyToken, methods } = required.data as LoginVerifyRequired;
    expect(methods).toEqual(['ga']);

    const code = totp(base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0), clock.now());
    const outcomes = await Promise.allSettled([
      t.identity.login.verify(lotus, { verifyToken, method: 'ga', code }, CALLER),
      t.identity.login.verify(lotus, { verifyToken, method: 'ga', code }, CALLER),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: ErrorCode.VERIFY_CODE_INVALID });
  });

  it('sends an email code for an empty code, and takes it once', async () => {
    const aurora = await t.merchant('aurora');
    // Aurora asks for the captcha (LOGINCAPTCHA3): solved as a person would, the answer read for the eyes.
    const puzzle = await t.identity.captcha.challenge(aurora);
    const x = await answerOf(t.db, puzzle.challenge);
    const pass = await t.identity.captcha.verify(aurora, { challenge: puzzle.challenge, ...touchDrag(x) });
    const login = { ...byUsername('mailcode', DEMO_PASSWORD), ...pass };
    const required = await refusal(t.identity.login.logIn(aurora, login, CALLER));
    const { verifyToken, maskedEmail } = required.data as LoginVerifyRequired;
    expect(maskedEmail).toBe('m***@aurora.example');
    const verify = (code: string) =>
      t.identity.login.verify(aurora, { verifyToken, method: 'email', code }, CALLER);

    expect(await verify('')).toBeNull();
    const code = await lastCode(t.db, 'mailcode@aurora.example');
    await expect(verify(code)).resolves.toMatchObject({ userName: 'mailcode' });
    expect(await refusal(verify(code))).toMatchObject({ code: ErrorCode.VERIFY_CODE_INVALID });
  });
});
