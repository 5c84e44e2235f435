import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { PasswordHasher } from '../../services/identity/index.js';
import { failure, loginPayload, LOTUS, plainPost, sealedPost } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, merchantRow, testConfig, useTestApp } from '../../test/test-app.js';

/**
 * What an answer tells about an account that may not exist: nothing. A login of an unknown account
 * answers as a wrong password does; a code request (email reset, SMS reset, SMS login code) answers
 * the same status and body for a member and for nobody, its resend interval and hourly cap included.
 */

/** Status and body, the envelope's every field: what a caller can compare. */
function answer(response: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: response.statusCode, body: response.json() };
}

let serial = 0;

/** A new lotus member with an email address and a mobile number of its own. */
async function newMember(db: Db): Promise<{ username: string; email: string; mobileNum: string }> {
  serial += 1;
  const username = `enum${serial}x${Date.now() % 100_000}`;
  const mobileNum = `9130${String(serial).padStart(4, '0')}${String(Date.now() % 1000).padStart(3, '0')}`;
  const email = `${username}@lotus.example`;
  const lotus = await merchantRow(db, 'lotus');
  const passwordHash = await new PasswordHasher(testConfig().passwordHashing).hash(DEMO_PASSWORD);
  await db.insert(customers).values({
    merchantId: lotus.id,
    username,
    passwordHash,
    email,
    countryDialingCode: '84',
    mobileNum,
  });
  return { username, email, mobileNum };
}

describe.each(backends)('account enumeration (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('a login of an unknown account answers exactly as a wrong password does', async () => {
    const wrong = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', 'Wrong-pass-1'), {
      host: LOTUS,
      ip: '203.0.113.70',
    });
    const unknown = await sealedPost(t.app, endpoints.login.path, loginPayload('ghost77', 'Wrong-pass-1'), {
      host: LOTUS,
      ip: '203.0.113.71',
    });
    expect(answer(unknown)).toEqual(answer(wrong));
    expect(failure(unknown)).toEqual({ status: 400, code: ErrorCode.LOGIN_CRED_ERR });
  });

  it('an SMS login of an unknown number answers exactly as a wrong code does', async () => {
    const sms = (mobileNum: string, ip: string) =>
      sealedPost(
        t.app,
        endpoints.login.path,
        {
          type: 'sms',
          countryDialingCode: '84',
          mobileNum,
          password: '123456',
          loginDeviceId: 'd'.repeat(36),
          isOfficialAppLogin: false,
        },
        { host: LOTUS, ip },
      );
    expect(answer(await sms('912999997', '203.0.113.72'))).toEqual(
      answer(await sms('912000001', '203.0.113.73')),
    );
  });

  type Ask = (who: { username: string; email: string; mobileNum: string }) => Promise<LightMyRequestResponse>;
  const asks: [string, Ask][] = [
    [
      'email reset',
      (who) =>
        sealedPost(
          t.app,
          endpoints.passwordResetEmail.path,
          { username: who.username, email: who.email },
          { host: LOTUS },
        ),
    ],
    [
      'SMS reset',
      (who) =>
        sealedPost(
          t.app,
          endpoints.passwordResetSms.path,
          { countryDialingCode: '84', mobileNum: who.mobileNum },
          { host: LOTUS },
        ),
    ],
    [
      'SMS login code',
      (who) =>
        plainPost(
          t.app,
          endpoints.smsCode.path,
          { countryDialingCode: '84', mobileNum: who.mobileNum, purpose: 'login' },
          { host: LOTUS },
        ),
    ],
  ];

  // [seconds after the first ask, status of both]: the resend interval (60 s) at 59, 60 and 61 s,
  // then the hourly cap (5): the fifth is allowed, the sixth refused.
  const timeline: [number, number][] = [
    [0, 200],
    [59, 429],
    [60, 200],
    [61, 429],
    [120, 200],
    [180, 200],
    [240, 200],
    [300, 429],
  ];

  it.each(asks)(
    '%s: the same answers for a member and for nobody, second ask and hourly cap included',
    async (_name, ask) => {
      const member = await newMember(t.db);
      serial += 1;
      const nobody = {
        username: `nobody${serial}x`,
        email: `nobody${serial}x@lotus.example`,
        mobileNum: `9140${String(serial).padStart(6, '0')}`,
      };
      const start = clock.now();
      for (const [seconds, status] of timeline) {
        clock.set(start + seconds * 1000);
        const [forMember, forNobody] = [answer(await ask(member)), answer(await ask(nobody))];
        expect({ seconds, ...forNobody }).toEqual({ seconds, ...forMember });
        expect({ seconds, status: forMember.status }).toEqual({ seconds, status });
      }
    },
  );

  it('an email reset for a member’s address under another username answers as for the member', async () => {
    const member = await newMember(t.db);
    const reset = (username: string) =>
      sealedPost(
        t.app,
        endpoints.passwordResetEmail.path,
        { username, email: member.email },
        { host: LOTUS },
      );
    expect((await reset('someone-else')).statusCode).toBe(200);
    // The address was asked for within the minute: the member's own ask waits as anyone's would.
    expect(failure(await reset(member.username))).toEqual({
      status: 429,
      code: ErrorCode.VERIFY_CODE_TOO_SOON,
    });
  });
});
