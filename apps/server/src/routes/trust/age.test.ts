import type { RegistrationResult } from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { TrustErrorCode } from '@wps/contract/trust';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, socialIdentities } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  ADULT,
  AURORA,
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
import { firebaseLogin, standInToken } from '../../test/social.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';

/**
 * Issue 29 item 3: under age (or no age stated) is refused on every registration path — the form,
 * mobile, social auto-registration, agent-created sub-accounts — under both kinds of profile (aurora
 * PAGCOR-like: date of birth, 21; lotus MGA-like: a confirmation, 18), on the server's clock, and
 * nothing is written.
 */

/** The server's clock: 15 June 2026, moving on from there. */
const TODAY = Date.UTC(2026, 5, 15, 10, 0, 0);
const started = Date.now();
const now = () => TODAY + (Date.now() - started);

type Claim = { ageConfirmed?: boolean; dateOfBirth?: string };
type Expect = 'ok' | 'under_age' | 'invalid';

/** The cases of a profile: what the member states, and what the server answers. */
const AURORA_CASES: Array<[string, Claim, Expect]> = [
  ['on the 21st birthday', { dateOfBirth: '2005-06-15' }, 'ok'],
  ['the day before the 21st birthday', { dateOfBirth: '2005-06-16' }, 'under_age'],
  ['a confirmation without a date of birth', { ageConfirmed: true }, 'under_age'],
  ['nothing', {}, 'under_age'],
  ['a date in the future', { dateOfBirth: '2027-01-01' }, 'under_age'],
  ['a date that does not exist', { dateOfBirth: '2001-02-30' }, 'under_age'],
  ['a malformed date', { dateOfBirth: '15/06/2001' }, 'invalid'],
  ['the placeholder 1900-01-01', { dateOfBirth: '1900-01-01' }, 'under_age'],
];
const LOTUS_CASES: Array<[string, Claim, Expect]> = [
  ['the confirmation', { ageConfirmed: true }, 'ok'],
  ['nothing', {}, 'under_age'],
  ['the confirmation declined', { ageConfirmed: false }, 'under_age'],
  ['a date of birth on the 18th birthday', { dateOfBirth: '2008-06-15' }, 'ok'],
  [
    'the confirmation and the day before the 18th birthday',
    { ageConfirmed: true, dateOfBirth: '2008-06-16' },
    'under_age',
  ],
  ['the confirmation and a future date', { ageConfirmed: true, dateOfBirth: '2030-06-15' }, 'under_age'],
  ['the confirmation and a malformed date', { ageConfirmed: true, dateOfBirth: '2008-6-15' }, 'invalid'],
  ['the confirmation and 1900-01-01', { ageConfirmed: true, dateOfBirth: '1900-01-01' }, 'under_age'],
];

const PATHS = ['form', 'mobile', 'social', 'agent'] as const;
type Path = (typeof PATHS)[number];

const MERCHANTS = [
  { host: AURORA, code: 'aurora', minAge: 21, dialing: '63', mobile: '917', cases: AURORA_CASES },
  { host: LOTUS, code: 'lotus', minAge: 18, dialing: '84', mobile: '91', cases: LOTUS_CASES },
] as const;

/** Every path offered (and below, no captcha to solve): what is under test is the age. */
const FLAGS = { MOBILENUMREG3: true, SSOAUTOREG3: true, FIREBASECREATEACC3: true, REFERRAL3: true };

describe.each(backends)('age on every registration path (%s)', (backend) => {
  const t = useTestApp(backend, { now });
  let serial = 0;
  const agentTokens = new Map<string, string>();

  beforeAll(async () => {
    for (const merchant of MERCHANTS) {
      const { flags } = await merchantRow(t.db, merchant.code);
      const noCaptcha = { LOGINCAPTCHA3: false, REGCAPTCHA3: false, SMSCAPTCHA3: false };
      await updateMerchant(t.db, merchant.code, { flags: { ...flags, ...FLAGS, ...noCaptcha } });
      const login = value<{ token: string }>(
        await sealedPost(t.app, endpoints.login.path, loginPayload('agent', DEMO_PASSWORD), {
          host: merchant.host,
        }),
      );
      agentTokens.set(merchant.host, login.token);
    }
  });

  /** Registers on `path` with `claim`; the raw response. */
  async function register(merchant: (typeof MERCHANTS)[number], path: Path, claim: Claim) {
    serial += 1;
    const username = `Age${serial}${backend.slice(0, 2)}`;
    const host = merchant.host;
    switch (path) {
      case 'form':
        return sealedPost(
          t.app,
          endpoints.register.path,
          {
            ...registration({ username, password: DEMO_PASSWORD }),
            ageConfirmed: undefined,
            dateOfBirth: undefined,
            ...claim,
          },
          { host, headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } },
        );
      case 'mobile': {
        const mobileNum = `${merchant.mobile}${String(serial).padStart(7, '0')}`;
        value(
          await plainPost(
            t.app,
            endpoints.smsCode.path,
            { countryDialingCode: merchant.dialing, mobileNum },
            { host },
          ),
        );
        const smsCode = await lastCode(t.db, `${merchant.dialing} ${mobileNum}`);
        return sealedPost(
          t.app,
          endpoints.registerMobile.path,
          {
            ...registration({
              countryDialingCode: merchant.dialing,
              mobileNum,
              smsCode,
              password: DEMO_PASSWORD,
            }),
            ageConfirmed: undefined,
            dateOfBirth: undefined,
            ...claim,
          },
          { host, headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER } },
        );
      }
      case 'social': {
        const token = await standInToken(t.app, host, 'google.com', 'new');
        return firebaseLogin(t.app, host, 'google.com', token, {
          ageConfirmed: undefined,
          dateOfBirth: undefined,
          ...claim,
        });
      }
      case 'agent':
        return sealedPost(
          t.app,
          endpoints.agentCreateSubAccount.path,
          // The agent accepts the seeded terms for the member; the age is the case's.
          { username, password: DEMO_PASSWORD, termsVersion: ADULT.termsVersion, ...claim },
          { host, token: agentTokens.get(host) ?? '' },
        );
    }
  }

  const identities = async () => (await t.db.select({ n: count() }).from(socialIdentities))[0]?.n ?? 0;

  describe.each(MERCHANTS)('$code (minimum age $minAge)', (merchant) => {
    const table = PATHS.flatMap((path) =>
      merchant.cases.map(([name, claim, outcome]) => [path, name, claim, outcome] as const),
    );
    it.each(table)('%s with %s', async (path, _name, claim, outcome) => {
      const [members, linked] = [await customerCount(t.db), await identities()];
      const response = await register(merchant, path, claim);
      if (outcome === 'ok') {
        expect(response.statusCode, response.body).toBe(200);
        expect(await customerCount(t.db)).toBe(members + 1);
        if (claim.dateOfBirth !== undefined) {
          const [row] = await t.db
            .select({ dateOfBirth: customers.dateOfBirth })
            .from(customers)
            .orderBy(customers.id)
            .limit(1)
            .offset(members);
          expect(row?.dateOfBirth).toBe(claim.dateOfBirth);
        }
        return;
      }
      const refused = failure(response);
      if (outcome === 'invalid') {
        expect(refused).toMatchObject({ status: 400, code: ErrorCode.INVALID_REQUEST });
      } else {
        expect(refused).toMatchObject({
          status: 403,
          code: TrustErrorCode.UNDER_AGE,
          data: { minAge: merchant.minAge },
        });
      }
      // Nothing written: no member, no linked sign-in (and no session without a member).
      expect(await customerCount(t.db)).toBe(members);
      expect(await identities()).toBe(linked);
    });
  });

  it('a social sign-in that states no age goes to the form with a bind token; the form then links it', async () => {
    const token = await standInToken(t.app, AURORA, 'google.com', 'new');
    const refused = failure(
      await firebaseLogin(t.app, AURORA, 'google.com', token, { ageConfirmed: true, dateOfBirth: undefined }),
    );
    expect(refused).toMatchObject({ status: 403, code: TrustErrorCode.UNDER_AGE, data: { minAge: 21 } });
    const bindToken = (refused.data as { bindToken: string }).bindToken;
    // Under age on the form: refused, and the bind token is not used up.
    const body = (dateOfBirth: string, username: string) => ({
      ...registration({ username, password: DEMO_PASSWORD, bindToken }),
      ageConfirmed: undefined,
      dateOfBirth,
    });
    const headers = { [TransportHeader.moduleId]: ModuleId.REGISTER };
    expect(
      failure(await sealedPost(t.app, endpoints.register.path, body('2010-01-01', 'AgeBindKid'), { headers }))
        .code,
    ).toBe(TrustErrorCode.UNDER_AGE);
    const created = value<RegistrationResult>(
      await sealedPost(t.app, endpoints.register.path, body('1990-03-04', 'AgeBindOk'), { headers }),
    );
    const links = await t.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.customerId, Number(created.customerId)));
    expect(links).toHaveLength(1);
  });
});
