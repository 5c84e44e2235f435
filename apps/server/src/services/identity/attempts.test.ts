import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingLogins, verificationCodes } from '../../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/members.js';
import { useIdentityServices } from '../../test/identity-services.js';
import { lastCode } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { DomainError } from '../errors.js';
import { CODE_RULES } from './codes.js';
import { PENDING_LOGIN_MAX_ATTEMPTS } from './second-factor.js';
import { CodeHasher } from '../../lib/tokens.js';
import { base32Decode, totp } from './totp.js';

/**
 * The attempt counters of codes and second factors, called in parallel right at the services: every
 * request starts before any has written its count (the worst order), and each is counted before its
 * code is compared. "Checked" is how many codes were compared (CodeHasher.matches, or the tries a
 * pending login counted).
 */

const CALLER = { ip: '127.0.0.1' };

function byUsername(username: string, password: string): EndpointParsed<'login'> {
  return { type: 'username', username, password, loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );
}

describe.each(backends)('attempt counters under parallel tries (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  // [case, wrong codes before, whether the right code then works]
  it.each([
    ['limit-1 wrong codes: the right one still works', PENDING_LOGIN_MAX_ATTEMPTS - 1, true],
    ['limit wrong codes: the right one is refused', PENDING_LOGIN_MAX_ATTEMPTS, false],
    ['limit+1 wrong codes: the right one is refused', PENDING_LOGIN_MAX_ATTEMPTS + 1, false],
  ] as const)('second factor, one at a time: %s', async (_case, wrongFirst, works) => {
    const lotus = await t.merchant('lotus');
    const required = await t.identity.login
      .logIn(lotus, byUsername('secure', DEMO_PASSWORD), CALLER)
      .catch((error: unknown) => error as DomainError);
    const { verifyToken } = (required as DomainError).data as LoginVerifyRequired;
    const right = totp(base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0), clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < wrongFirst; attempt += 1) {
      expect(
        await codeOf(t.identity.login.verify(lotus, { verifyToken, method: 'ga', code: wrong }, CALLER)),
      ).toBe(ErrorCode.VERIFY_CODE_INVALID);
    }
    const last = await codeOf(
      t.identity.login.verify(lotus, { verifyToken, method: 'ga', code: right }, CALLER),
    );
    expect(last).toBe(works ? 'ok' : ErrorCode.VERIFY_CODE_INVALID);
  });

  it('20 wrong authenticator codes at once on one pending login: 5 counted and checked', async () => {
    const lotus = await t.merchant('lotus');
    await t.db.delete(pendingLogins);
    const required = (await t.identity.login
      .logIn(lotus, byUsername('secure', DEMO_PASSWORD), CALLER)
      .catch((error: unknown) => error)) as DomainError;
    const { verifyToken } = required.data as LoginVerifyRequired;
    const right = totp(base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0), clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(t.identity.login.verify(lotus, { verifyToken, method: 'ga', code: wrong }, CALLER)),
      ),
    );
    expect(answers).toEqual(Array<string>(20).fill(ErrorCode.VERIFY_CODE_INVALID));
    const rows = await t.db.select({ attempts: pendingLogins.attempts }).from(pendingLogins);
    expect(rows.map((row) => row.attempts)).toEqual([PENDING_LOGIN_MAX_ATTEMPTS]);
  });

  it('20 wrong email codes at once on one pending login: 5 compared, then the right code is refused', async () => {
    const aurora = await t.merchant('aurora');
    // Aurora asks every login for a captcha; this test is about the second step.
    const merchant = { ...aurora, flags: { ...aurora.flags, LOGINCAPTCHA3: false } };
    const required = (await t.identity.login
      .logIn(merchant, byUsername('mailcode', DEMO_PASSWORD), CALLER)
      .catch((error: unknown) => error)) as DomainError;
    const { verifyToken } = required.data as LoginVerifyRequired;
    expect(
      await t.identity.login.verify(merchant, { verifyToken, method: 'email', code: '' }, CALLER),
    ).toBeNull();
    const code = await lastCode(t.db, 'mailcode@aurora.example');
    const wrong = code === '123456' ? '654321' : '123456';
    const compared = vi.spyOn(CodeHasher.prototype, 'matches');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(t.identity.login.verify(merchant, { verifyToken, method: 'email', code: wrong }, CALLER)),
      ),
    );
    expect(answers).toEqual(Array<string>(20).fill(ErrorCode.VERIFY_CODE_INVALID));
    expect(compared).toHaveBeenCalledTimes(PENDING_LOGIN_MAX_ATTEMPTS);
    expect(
      await codeOf(t.identity.login.verify(merchant, { verifyToken, method: 'email', code }, CALLER)),
    ).toBe(ErrorCode.VERIFY_CODE_INVALID);
  });

  it('20 wrong reset codes at once on one code: 5 compared and counted, then the right code is refused', async () => {
    const lotus = await t.merchant('lotus');
    const mobile = { countryDialingCode: '84', mobileNum: '912000001' };
    clock.advance(CODE_RULES.resendIntervalMs);
    await t.identity.passwords.resetBySms(lotus, mobile);
    const code = await lastCode(t.db, '84 912000001');
    const wrong = code === '123456' ? '654321' : '123456';
    const compared = vi.spyOn(CodeHasher.prototype, 'matches');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        codeOf(t.identity.passwords.resetBySms(lotus, { ...mobile, code: wrong, newPassword: 'Reset1234' })),
      ),
    );
    expect(answers).toEqual(Array<string>(20).fill(ErrorCode.VERIFY_CODE_INVALID));
    expect(compared).toHaveBeenCalledTimes(CODE_RULES.maxAttempts);
    const [row] = await t.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, '84 912000001'));
    expect(row?.attempts).toBe(CODE_RULES.maxAttempts);
    expect(
      await codeOf(t.identity.passwords.resetBySms(lotus, { ...mobile, code, newPassword: 'Reset1234' })),
    ).toBe(ErrorCode.VERIFY_CODE_INVALID);
  });
});
