import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@wps/contract/endpoints';
import { DEFAULT_MOBILE_REGISTRATION_PASSWORD, type LoginResult } from '@wps/contract/accounts';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { TrustErrorCode } from '@wps/contract/trust';
import { customers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  captchaPass,
  customerCount,
  failure,
  lastCode,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { newLotusMember } from '../../test/cashier.js';
import { backends, useTestApp } from '../../test/test-app.js';

// Lotus serves Vietnam only (merchant_countries): a member's country is the one of its mobile number.
describe.each(backends)('the countries a merchant serves, at sign-in (%s)', (backend) => {
  const t = useTestApp(backend);
  let serial = 0;

  const memberWith = async (dialingCode: string | null) => {
    serial += 1;
    const member = await newLotusMember(t.app, 'Land');
    await t.db
      .update(customers)
      .set(
        dialingCode === null
          ? { countryDialingCode: null, mobileNum: null }
          : { countryDialingCode: dialingCode, mobileNum: `91${String(serial).padStart(7, '0')}` },
      )
      .where(eq(customers.id, member.customerId));
    const [row] = await t.db
      .select({ username: customers.username })
      .from(customers)
      .where(eq(customers.id, member.customerId));
    return row?.username ?? '';
  };
  const login = (username: string) =>
    sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host: LOTUS });

  it.each([
    ['a Vietnamese number', '84'],
    ['no mobile number (nothing says the country)', null],
  ])('signs in a member with %s', async (_case, dialingCode) => {
    const result = value<LoginResult>(await login(await memberWith(dialingCode)));
    expect(result.token).toBeTruthy();
  });

  it.each([
    ['a Philippine number', '63'],
    ['a US number', '1'],
    ['a code of no country', '999'],
  ])('refuses a member with %s: 451, the country is not served', async (_case, dialingCode) => {
    expect(failure(await login(await memberWith(dialingCode)))).toMatchObject({
      status: 451,
      code: TrustErrorCode.COUNTRY_NOT_SERVED,
    });
  });

  // Aurora serves the Philippines and its neighbours, not Vietnam: a Vietnamese number gets its code
  // (the code says nothing yet) but cannot open an account.
  it.each([
    ['a number of a country not served: 451, no account', '84', '912345001', 451],
    ['a number of a country served: the account', '63', '9175550001', 200],
  ])('mobile registration with %s', async (_case, dialingCode, mobileNum, status) => {
    const pass = await captchaPass(t.app, t.db);
    value(
      await plainPost(t.app, endpoints.smsCode.path, {
        countryDialingCode: `+${dialingCode}`,
        mobileNum,
        ...pass,
      }),
    );
    const smsCode = await lastCode(t.db, `${dialingCode} ${mobileNum}`);
    const before = await customerCount(t.db);
    const body = registration({
      countryDialingCode: dialingCode,
      mobileNum,
      smsCode,
      password: DEFAULT_MOBILE_REGISTRATION_PASSWORD,
    });
    const answer = await sealedPost(t.app, endpoints.registerMobile.path, body, {
      headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER },
    });
    expect(answer.statusCode).toBe(status);
    if (status === 451) {
      expect(failure(answer).code).toBe(TrustErrorCode.COUNTRY_NOT_SERVED);
      expect(await customerCount(t.db)).toBe(before);
    } else {
      expect(await customerCount(t.db)).toBe(before + 1);
    }
  });
});
