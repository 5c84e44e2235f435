import {
  type AutoUsernameResult,
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  type LoginResult,
  type MemberInfo,
  type RegistrationResult,
} from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { endpoints } from '@wps/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.js';
import {
  captchaPass,
  customerCount,
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
import { fetchKey, seal } from '../../test/sealed.js';
import { backends, updateMerchant, useTestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/databases.js';

function appAt<T>(apps: T[], index: number): T {
  const app = apps[index % apps.length];
  if (app === undefined) throw new Error('no app');
  return app;
}

const REG = { headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } };
const MOBILE = { headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER } };

describe.each(backends)('registration (%s)', (backend) => {
  const t = useTestApp(backend);

  it('registers, stores the tracking fields and logs in when asked', async () => {
    const pass = await captchaPass(t.app, t.db);
    const response = await sealedPost(
      t.app,
      endpoints.register.path,
      registration({
        username: 'NewPlayer',
        password: 'Secret123',
        affiliateCode: 'aff1',
        referralCode: 'ref1',
        linkId: 'tid-9',
        pixelTrack: { fbc: 'fb.1', utm_source: 'mail' },
        ...pass,
      }),
      REG,
    );
    const result = value<RegistrationResult>(response);
    expect(result).toMatchObject({
      userName: 'NewPlayer',
      customerName: 'NewPlayer',
      firstTimeLogin: false,
      customerType: 0,
    });
    const info = value<MemberInfo>(
      await get(t.app, endpoints.memberInfo.path, { token: result.token ?? '' }),
    );
    expect(info.account).toBe('NewPlayer');
    const [row] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, Number(result.customerId)));
    expect(row).toMatchObject({
      affiliateCode: 'aff1',
      referralCode: 'ref1',
      linkId: 'tid-9',
      pixelTrack: { fbc: 'fb.1', utm_source: 'mail' },
      registerMethod: 'H5',
    });
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    // Case-insensitive: the name is taken in any case.
    const again = await sealedPost(
      t.app,
      endpoints.register.path,
      registration({ username: 'newplayer', password: 'Secret123', ...(await captchaPass(t.app, t.db)) }),
      REG,
    );
    expect(failure(again)).toEqual({ status: 409, code: ErrorCode.USERNAME_TAKEN });
    // The same name on another merchant is another account.
    const lotus = await sealedPost(
      t.app,
      endpoints.register.path,
      registration({ username: 'NewPlayer', password: 'Secret123', login: false }),
      { ...REG, host: LOTUS },
    );
    expect(value<RegistrationResult>(lotus).token).toBeNull();
  });

  it('needs the captcha, the module id and a valid password; nothing is written on refusal', async () => {
    const before = await customerCount(t.db);
    const body = registration({ username: 'someone1', password: 'Secret123' });
    expect(failure(await sealedPost(t.app, endpoints.register.path, body, REG)).code).toBe(
      ErrorCode.CAPTCHA_REQUIRED,
    );
    expect(
      failure(await sealedPost(t.app, endpoints.register.path, { ...body, geetestValidateV4: 'forged' }, REG))
        .code,
    ).toBe(ErrorCode.CAPTCHA_INVALID);
    expect(failure(await sealedPost(t.app, endpoints.register.path, body, {})).code).toBe(
      ErrorCode.INVALID_REQUEST,
    );
    for (const password of ['short1', 'lettersonly', DEFAULT_MOBILE_REGISTRATION_PASSWORD]) {
      const weak = await sealedPost(
        t.app,
        endpoints.register.path,
        { ...body, password: password === 'short1' ? 'a1' : password },
        { ...REG, host: LOTUS },
      );
      expect(failure(weak).code).toBe(ErrorCode.PASSWORD_NOT_ALLOWED);
    }
    const badName = await sealedPost(
      t.app,
      endpoints.register.path,
      { ...body, username: 'no spaces!' },
      { ...REG, host: LOTUS },
    );
    expect(failure(badName).code).toBe(ErrorCode.INVALID_REQUEST);
    expect(await customerCount(t.db)).toBe(before);
  });

  it('malformed and tampered sealed payloads answer 400 and write nothing', async () => {
    const before = await customerCount(t.db);
    const key = await fetchKey(t.app);
    const sealed = await seal(
      key,
      endpoints.register.path,
      registration({ username: 'tamper1', password: 'Secret123' }),
    );
    const payload = sealed.body.payload;
    const flipped = `${payload.slice(0, 20)}${payload[20] === 'A' ? 'B' : 'A'}${payload.slice(21)}`;
    const cases: { headers: Record<string, string>; body: string }[] = [
      { headers: sealed.headers, body: JSON.stringify({ payload: flipped }) },
      { headers: sealed.headers, body: JSON.stringify({ payload: 'not base64 at all' }) },
      { headers: sealed.headers, body: '{"payload":' },
      { headers: { ...sealed.headers, 'X-RSA': 'unknown-key' }, body: JSON.stringify(sealed.body) },
      { headers: {}, body: JSON.stringify({ username: 'tamper1', password: 'Secret123' }) },
    ];
    for (const each of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: endpoints.register.path,
        headers: {
          'content-type': 'application/json',
          host: LOTUS,
          ...each.headers,
          [TransportHeader.moduleId]: ModuleId.REGISTER,
        },
        payload: each.body,
      });
      expect(response.statusCode).toBe(400);
    }
    // Sealed for another path: refused too.
    const elsewhere = await seal(
      key,
      endpoints.login.path,
      registration({ username: 'tamper1', password: 'Secret123' }),
    );
    const moved = await t.app.inject({
      method: 'POST',
      url: endpoints.register.path,
      headers: {
        'content-type': 'application/json',
        host: LOTUS,
        ...elsewhere.headers,
        [TransportHeader.moduleId]: ModuleId.REGISTER,
      },
      payload: JSON.stringify(elsewhere.body),
    });
    expect(moved.statusCode).toBe(400);
    expect(await customerCount(t.db)).toBe(before);
  });

  it('suggests a free username', async () => {
    const { username } = value<AutoUsernameResult>(
      await plainPost(t.app, endpoints.registerAutoUsername.path, {}),
    );
    expect(username).toMatch(/^user[0-9]{6,7}$/);
  });
});

describe.each(backends)('mobile registration (%s)', (backend) => {
  const t = useTestApp(backend);

  async function smsCode(mobileNum: string): Promise<string> {
    const pass = await captchaPass(t.app, t.db);
    value(await plainPost(t.app, endpoints.smsCode.path, { countryDialingCode: '+63', mobileNum, ...pass }));
    return lastCode(t.db, `63 ${mobileNum}`);
  }

  it('with the default password: flagged, login reports a forced change', async () => {
    const code = await smsCode('9171112222');
    const body = registration({
      countryDialingCode: '63',
      mobileNum: '9171112222',
      smsCode: code,
      password: DEFAULT_MOBILE_REGISTRATION_PASSWORD,
    });
    const result = value<RegistrationResult>(
      await sealedPost(t.app, endpoints.registerMobile.path, body, MOBILE),
    );
    expect(result.firstTimeLogin).toBe(true);
    const [row] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, Number(result.customerId)));
    expect(row).toMatchObject({ defaultPassword: true, countryDialingCode: '63', mobileNum: '9171112222' });
    const pass = await captchaPass(t.app, t.db);
    const login = value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.login.path,
        loginPayload(result.userName, DEFAULT_MOBILE_REGISTRATION_PASSWORD, pass),
      ),
    );
    expect(login.mustChangePassword).toBe(true);
    // The number is taken now, and the code was single-use.
    const twice = await sealedPost(t.app, endpoints.registerMobile.path, body, MOBILE);
    expect(failure(twice)).toEqual({ status: 409, code: ErrorCode.MOBILE_TAKEN });
  });

  it('refuses a wrong code, and the default password where MOBILENUMPWD3 is on', async () => {
    const before = await customerCount(t.db);
    const code = await smsCode('9173334444');
    const wrong = code === '111111' ? '222222' : '111111';
    const body = registration({ countryDialingCode: '63', mobileNum: '9173334444', smsCode: wrong });
    expect(failure(await sealedPost(t.app, endpoints.registerMobile.path, body, MOBILE)).code).toBe(
      ErrorCode.VERIFY_CODE_INVALID,
    );
    await updateMerchant(t.db, 'aurora', {
      flags: {
        MOBILENUMREG3: true,
        MOBILENUMPWD3: true,
        SMSCAPTCHA3: true,
        LOGINCAPTCHA3: true,
        REGCAPTCHA3: true,
      },
    });
    const right = await sealedPost(t.app, endpoints.registerMobile.path, { ...body, smsCode: code }, MOBILE);
    expect(failure(right).code).toBe(ErrorCode.PASSWORD_NOT_ALLOWED);
    expect(await customerCount(t.db)).toBe(before);
    const chosen = await sealedPost(
      t.app,
      endpoints.registerMobile.path,
      { ...body, smsCode: code, password: 'Chosen123', username: 'mobile_user' },
      MOBILE,
    );
    expect(value<RegistrationResult>(chosen)).toMatchObject({
      userName: 'mobile_user',
      firstTimeLogin: false,
    });
  });

  it('is refused where MOBILENUMREG3 is off', async () => {
    const body = registration({ countryDialingCode: '84', mobileNum: '912345678', smsCode: '123456' });
    expect(
      failure(await sealedPost(t.app, endpoints.registerMobile.path, body, { ...MOBILE, host: LOTUS })),
    ).toEqual({
      status: 403,
      code: ErrorCode.MODULE_DISABLED,
    });
  });
});

describe.each(backends.filter((backend) => backend === 'postgres'))(
  'concurrent registration (%s)',
  (backend) => {
    it('of one username on two instances: exactly one of 10 wins', async () => {
      const { buildApp } = await import('../../app.js');
      const { prepareTestDatabase, testConfig } = await import('../../test/test-app.js');
      const testDatabase = await createTestDatabase(backend);
      try {
        await prepareTestDatabase(testDatabase.database, testConfig());
        const other = await testDatabase.openAnother();
        const apps = await Promise.all(
          [testDatabase.database, other].map((database) =>
            buildApp({ config: testConfig(), database, cacheTtlMs: 0 }),
          ),
        );
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            sealedPost(
              appAt(apps, index),
              endpoints.register.path,
              registration({ username: 'SameName', password: `Secret${index}a` }),
              {
                ...REG,
                host: LOTUS,
              },
            ),
          ),
        );
        const statuses = responses.map((response) => response.statusCode).sort();
        expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
        const rows = await testDatabase.database.db
          .select({ id: customers.id })
          .from(customers)
          .where(sql`lower(${customers.username}) = 'samename'`);
        expect(rows).toHaveLength(1);
        await Promise.all(apps.map((app) => app.close()));
      } finally {
        await testDatabase.dispose();
      }
    });
  },
);

describe.each(backends)('concurrent registration on one instance (%s)', (backend) => {
  const t = useTestApp(backend);

  it('of one username: exactly one of 10 wins', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        sealedPost(
          t.app,
          endpoints.register.path,
          registration({ username: 'Racer', password: `Secret${index}a` }),
          {
            ...REG,
            host: LOTUS,
          },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((r) => failure(r).code === ErrorCode.USERNAME_TAKEN),
    ).toBe(true);
  });
});
