import { endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import type { LoginResult, LoginVerifyRequired, RegistrationResult } from '@wps/contract/accounts';
import type { TotpSetup } from '@wps/contract/memberArea';
import { TransportHeader } from '@wps/contract/transport';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { base32Decode, totp } from '../../services/identity/index.js';
import {
  AURORA,
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
import {
  DURATION,
  expectBreakRefusal,
  expectPathRefused,
  languageHeader,
  sessionCount,
  staffBreaks,
  type BreakKind,
  type Language,
  type Prepared,
} from '../../test/breaks.js';
import { newLotusMember } from '../../test/cashier.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { device } from '../../test/passkeys.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { SoftAuthenticator } from '../../test/webauthn.js';

type Path =
  | 'password'
  | 'SMS code'
  | 'passkey'
  | 'second-factor completion'
  | 'auto-login with a token the break ended'
  | 'the native shell’s token';

const SHELL_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile WPSApp/3.2.0';
// Issue 29 item 6: while a time-out or a self-exclusion runs, every way in refuses with the reason
// (translated) and where to get help, and opens no session. The providers' sign-ins are in
// breaks-social.test.ts.
describe.each(backends)('a member on a break cannot sign in (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const putOnBreak = staffBreaks(clock);
  const outboxCount = async (destination: string) =>
    (
      await rowsOf<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM outbox_messages WHERE destination = ${destination}`,
      )
    )[0]?.n;
  let serial = 0;
  const next = () => {
    serial += 1;
    return serial;
  };

  const prepare: Record<Path, (kind: BreakKind) => Promise<Prepared>> = {
    password: async () => {
      const member = await newLotusMember(t.app, 'Pwd');
      return {
        customerId: member.customerId,
        host: LOTUS,
        byStaff: true,
        attempt: (headers) =>
          sealedPost(t.app, endpoints.login.path, loginPayload(member.username, DEMO_PASSWORD), {
            host: LOTUS,
            headers,
          }),
      };
    },
    'SMS code': async () => {
      // Aurora sends SMS codes itself (lotus signs in by phone through Firebase).
      const mobileNum = `9175${String(next()).padStart(6, '0')}`;
      const askCode = async (purpose: 'register' | 'login') =>
        value(
          await plainPost(t.app, endpoints.smsCode.path, {
            countryDialingCode: '63',
            mobileNum,
            purpose,
            ...(await captchaPass(t.app, t.db)),
          }),
        );
      await askCode('register');
      const smsCode = await lastCode(t.db, `63 ${mobileNum}`);
      const registered = value<RegistrationResult>(
        await sealedPost(
          t.app,
          endpoints.registerMobile.path,
          { ...registration({ countryDialingCode: '63', mobileNum, password: 'Chosen123' }), smsCode },
          { headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER } },
        ),
      );
      return {
        customerId: Number(registered.customerId),
        host: AURORA,
        byStaff: true,
        attempt: async (headers) => {
          clock.advance(MINUTE);
          await askCode('login');
          const payload = {
            type: 'sms',
            countryDialingCode: '63',
            mobileNum,
            password: await lastCode(t.db, `63 ${mobileNum}`),
            ...device,
            ...(await captchaPass(t.app, t.db)),
          };
          return sealedPost(t.app, endpoints.login.path, payload, { headers });
        },
      };
    },
    passkey: async () => {
      const member = await newLotusMember(t.app, 'Key');
      const authenticator = new SoftAuthenticator();
      const options = value<Parameters<SoftAuthenticator['register']>[0]>(
        await plainPost(t.app, endpoints.passkeyRegistrationOptions.path, {}, member),
      );
      value(
        await plainPost(
          t.app,
          endpoints.passkeyRegistration.path,
          { credential: authenticator.register(options) },
          member,
        ),
      );
      return {
        customerId: member.customerId,
        host: LOTUS,
        byStaff: true,
        attempt: async (headers) => {
          const request = value<Parameters<SoftAuthenticator['assert']>[0]>(
            await plainPost(t.app, endpoints.passkeyLoginOptions.path, {}, { host: LOTUS }),
          );
          const credential = authenticator.assert(request);
          return plainPost(
            t.app,
            endpoints.passkeyLogin.path,
            { credential, ...device },
            { host: LOTUS, headers },
          );
        },
      };
    },
    'second-factor completion': async () => {
      const member = await newLotusMember(t.app, 'Totp');
      const setup = value<TotpSetup>(await plainPost(t.app, endpoints.totpSetup.path, {}, member));
      const key = base32Decode(setup.secret) ?? Buffer.alloc(0);
      value(await sealedPost(t.app, endpoints.totpConfirm.path, { code: totp(key, clock.now()) }, member));
      clock.advance(MINUTE);
      // The login starts before the break: the password is right, the second step is pending.
      const started = failure(
        await sealedPost(t.app, endpoints.login.path, loginPayload(member.username, DEMO_PASSWORD), {
          host: LOTUS,
        }),
      );
      expect(started.code).toBe('login_verify_required');
      const { verifyToken } = started.data as LoginVerifyRequired;
      return {
        customerId: member.customerId,
        host: LOTUS,
        byStaff: true,
        attempt: (headers) => {
          clock.advance(MINUTE);
          const body = { verifyToken, method: 'ga', code: totp(key, clock.now()) };
          return sealedPost(t.app, endpoints.loginVerification.path, body, { host: LOTUS, headers });
        },
      };
    },
    'auto-login with a token the break ended': async (kind) => {
      // The device kept its token (Remember me); the member takes the break on their phone.
      const kept = await newLotusMember(t.app, 'Auto');
      const phone = value<LoginResult>(
        await sealedPost(t.app, endpoints.login.path, loginPayload(kept.username, DEMO_PASSWORD), {
          host: LOTUS,
        }),
      );
      const taken = { kind, duration: DURATION[kind], password: DEMO_PASSWORD };
      value(await sealedPost(t.app, endpoints.rgBreak.path, taken, { host: LOTUS, token: phone.token }));
      // The session that took the break stays to read why and to withdraw.
      expect(
        value<{ activeBreak: { kind: string } }>(
          await get(t.app, '/wps/rg', { host: LOTUS, token: phone.token }),
        ),
      ).toMatchObject({ activeBreak: { kind } });
      return {
        customerId: kept.customerId,
        host: LOTUS,
        byStaff: false,
        attempt: (headers) =>
          get(t.app, endpoints.memberInfo.path, { host: LOTUS, token: kept.token, headers }),
      };
    },
    'the native shell’s token': async () => {
      const shell = { 'user-agent': SHELL_AGENT };
      const username = `Shell${next()}${process.pid % 1000}`;
      const registered = value<RegistrationResult>(
        await sealedPost(
          t.app,
          endpoints.register.path,
          registration({ username, password: DEMO_PASSWORD, domain: LOTUS, isOfficialAppLogin: true }),
          { host: LOTUS, headers: { ...shell, [TransportHeader.moduleId]: ModuleId.REGISTER } },
        ),
      );
      // The shell keeps the token the registration handed over and opens the app with it.
      const token = registered.token ?? '';
      value(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token, headers: shell }));
      return {
        customerId: Number(registered.customerId),
        host: LOTUS,
        byStaff: true,
        attempt: (headers) =>
          get(t.app, endpoints.memberInfo.path, { host: LOTUS, token, headers: { ...shell, ...headers } }),
      };
    },
  };

  // [path, kind, the request's language]
  it.each<[Path, BreakKind, Language]>([
    ['password', 'time_out', 'VI'],
    ['password', 'self_exclusion', 'EN'],
    ['SMS code', 'time_out', 'EN'],
    ['SMS code', 'self_exclusion', 'VI'],
    ['passkey', 'time_out', 'VI'],
    ['passkey', 'self_exclusion', 'EN'],
    ['second-factor completion', 'time_out', 'EN'],
    ['second-factor completion', 'self_exclusion', 'VI'],
    ['auto-login with a token the break ended', 'time_out', 'VI'],
    ['auto-login with a token the break ended', 'self_exclusion', 'EN'],
    ['the native shell’s token', 'time_out', 'EN'],
    ['the native shell’s token', 'self_exclusion', 'VI'],
  ])('%s refuses a member on a %s (%s)', async (path, kind, language) => {
    await expectPathRefused(t, putOnBreak, await prepare[path](kind), kind, language);
  });

  // [the seeded aurora member, the second step's method, where its codes go, kind, language]
  it.each<[string, 'sms' | 'email', string, BreakKind, Language]>([
    ['smscode', 'sms', '63 9170000002', 'self_exclusion', 'VI'],
    ['mailcode', 'email', 'mailcode@aurora.example', 'time_out', 'EN'],
  ])(
    'a second step pending when the break began (%s, by %s code) sends no code and opens no session',
    async (username, method, destination, kind, language) => {
      const started = failure(
        await sealedPost(
          t.app,
          endpoints.login.path,
          loginPayload(username, DEMO_PASSWORD, await captchaPass(t.app, t.db)),
        ),
      );
      expect(started.code).toBe('login_verify_required');
      const { verifyToken } = started.data as LoginVerifyRequired;
      const [row] = await rowsOf<{ id: number }>(
        t.db,
        sql`SELECT c.id FROM customers c JOIN merchants m ON m.id = c.merchant_id
             WHERE m.code = 'aurora' AND c.username = ${username}`,
      );
      const customerId = row?.id ?? 0;
      await putOnBreak(t.app, AURORA, customerId, kind);
      const sent = await outboxCount(destination);
      const sessions = await sessionCount(t.db, customerId);
      const asked = await sealedPost(
        t.app,
        endpoints.loginVerification.path,
        { verifyToken, method, code: '' },
        { headers: languageHeader(language) },
      );
      expectBreakRefusal(asked, kind, language);
      expect(await outboxCount(destination)).toBe(sent);
      expect(await sessionCount(t.db, customerId)).toBe(sessions);
    },
  );
});
