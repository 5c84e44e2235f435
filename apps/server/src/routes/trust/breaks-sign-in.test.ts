import { endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import { MAYA_STAND_IN } from '@wps/contract/socialProviders';
import type { BindCustomerRequired } from '@wps/contract/social';
import type { LoginResult, LoginVerifyRequired, RegistrationResult } from '@wps/contract/accounts';
import type { TotpSetup } from '@wps/contract/memberArea';
import { TransportHeader } from '@wps/contract/transport';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { base32Decode, totp } from '../../services/identity/index.js';
import { signInitData } from '../../stand-ins/telegram/sign.js';
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
  languageHeader,
  sessionCount,
  staffBreaks,
  type BreakKind,
  type Language,
} from '../../test/breaks.js';
import { newLotusMember } from '../../test/cashier.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { device } from '../../test/passkeys.js';
import { DEVICE, LOTUS_BOT, lineSession, widgetAuth } from '../../test/provider-logins.js';
import { firebaseLogin, standInToken } from '../../test/social.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { SoftAuthenticator } from '../../test/webauthn.js';

/** A member ready on one sign-in path: who, where, and the sign-in to try once the break runs. */
interface Prepared {
  customerId: number;
  host: string;
  /** Staff put the member on the break (false: the member took it, in `prepare`). */
  byStaff: boolean;
  attempt: (headers: Record<string, string>) => Promise<LightMyRequestResponse>;
}

type Path =
  | 'password'
  | 'SMS code'
  | 'Google'
  | 'Facebook'
  | 'X'
  | 'phone (Firebase)'
  | 'LINE'
  | 'Telegram widget'
  | 'Telegram mini app'
  | 'Maya'
  | 'passkey'
  | 'second-factor completion'
  | 'auto-login with a token the break ended'
  | 'the native shell’s token';

const SHELL_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile WPSApp/3.2.0';
// The stand-ins' test people: one per kind where a provider has two, so each case has its own member.
const GOOGLE: Record<BreakKind, string> = {
  time_out: 'StandInGoogleAliceTan00000001',
  self_exclusion: 'StandInGoogleBudiSantoso00002',
};
const LINE_USER: Record<BreakKind, string> = { time_out: 'lan', self_exclusion: 'somchai' };
const MAYA_USER: Record<BreakKind, string> = { time_out: 'ana', self_exclusion: 'ben' };

// Issue 29 item 6: while a time-out or a self-exclusion runs, every way in refuses with the reason
// (translated) and where to get help, and opens no session.
describe.each(backends)('a member on a break cannot sign in (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const putOnBreak = staffBreaks(clock);
  let serial = 0;
  const next = () => {
    serial += 1;
    return serial;
  };

  /** A sign-in that matched no member (lotus asks): linked to a new lotus member by its password. */
  async function bindToNewMember(refused: LightMyRequestResponse): Promise<number> {
    const bind = failure(refused);
    expect(bind.code).toBe('bind_customer_required');
    const member = await newLotusMember(t.app, 'Bind');
    const { bindToken } = bind.data as BindCustomerRequired;
    value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.login.path,
        loginPayload(member.username, DEMO_PASSWORD, { bindToken }),
        {
          host: LOTUS,
        },
      ),
    );
    return member.customerId;
  }

  const firebase = async (provider: string, user: string, host = AURORA): Promise<Prepared> => {
    const first = await firebaseLogin(t.app, host, provider, await standInToken(t.app, host, provider, user));
    const customerId =
      first.statusCode === 200 ? Number(value<LoginResult>(first).id) : await bindToNewMember(first);
    return {
      customerId,
      host,
      byStaff: true,
      attempt: async (headers) => {
        clock.advance(1_000);
        const token = await standInToken(t.app, host, provider, user);
        return firebaseLogin(t.app, host, provider, token, {}, headers);
      },
    };
  };

  const telegram = async (miniApp: boolean): Promise<Prepared> => {
    const id = 700_000 + next();
    const customerId = await bindToNewMember(
      await plainPost(
        t.app,
        endpoints.loginTelegram.path,
        { telegramAuth: widgetAuth(clock, id), ...DEVICE },
        { host: LOTUS },
      ),
    );
    return {
      customerId,
      host: LOTUS,
      byStaff: true,
      attempt: (headers) => {
        clock.advance(1_000);
        const auth = miniApp
          ? signInitData(
              {
                user: JSON.stringify({ id, first_name: 'Mini' }),
                auth_date: String(Math.floor(clock.now() / 1000)),
              },
              LOTUS_BOT,
            )
          : widgetAuth(clock, id);
        return plainPost(
          t.app,
          endpoints.loginTelegram.path,
          { telegramAuth: auth, ...DEVICE },
          { host: LOTUS, headers },
        );
      },
    };
  };

  async function mayaLogin(user: string, headers: Record<string, string> = {}) {
    const launched = await get(t.app, `${MAYA_STAND_IN.launchPath}?user=${user}`, { host: AURORA });
    const location = new URL(String(launched.headers.location), 'http://localhost');
    const body = {
      sessionId: location.searchParams.get(MAYA_STAND_IN.sessionParam) ?? '',
      env: location.searchParams.get(MAYA_STAND_IN.envParam) ?? '',
      ...DEVICE,
    };
    return plainPost(t.app, endpoints.loginMaya.path, body, { host: AURORA, headers });
  }

  async function lineLogin(user: string, headers: Record<string, string> = {}) {
    const { lineSessionToken } = await lineSession(t.app, user);
    return plainPost(
      t.app,
      endpoints.loginLine.path,
      { lineSessionToken, ...DEVICE },
      { host: AURORA, headers },
    );
  }

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
    Google: (kind) => firebase('google.com', GOOGLE[kind]),
    Facebook: () => firebase('facebook.com', 'StandInFacebookChenWei0000003'),
    X: () => firebase('twitter.com', 'StandInTwitterDaraLim00000004'),
    'phone (Firebase)': () => firebase('phone', 'StandInPhone639170000001Ph005', LOTUS),
    LINE: async (kind) => ({
      customerId: Number(value<LoginResult>(await lineLogin(LINE_USER[kind])).id),
      host: AURORA,
      byStaff: true,
      attempt: (headers) => lineLogin(LINE_USER[kind], headers),
    }),
    'Telegram widget': () => telegram(false),
    'Telegram mini app': () => telegram(true),
    Maya: async (kind) => ({
      customerId: Number(value<LoginResult>(await mayaLogin(MAYA_USER[kind])).id),
      host: AURORA,
      byStaff: true,
      attempt: (headers) => mayaLogin(MAYA_USER[kind], headers),
    }),
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

  // [path, kind, the request's language]. Facebook, X and the phone have one stand-in person each.
  it.each<[Path, BreakKind, Language]>([
    ['password', 'time_out', 'VI'],
    ['password', 'self_exclusion', 'EN'],
    ['SMS code', 'time_out', 'EN'],
    ['SMS code', 'self_exclusion', 'VI'],
    ['Google', 'time_out', 'EN'],
    ['Google', 'self_exclusion', 'VI'],
    ['Facebook', 'time_out', 'VI'],
    ['X', 'self_exclusion', 'EN'],
    ['phone (Firebase)', 'self_exclusion', 'VI'],
    ['LINE', 'time_out', 'VI'],
    ['LINE', 'self_exclusion', 'EN'],
    ['Telegram widget', 'time_out', 'EN'],
    ['Telegram widget', 'self_exclusion', 'VI'],
    ['Telegram mini app', 'time_out', 'VI'],
    ['Telegram mini app', 'self_exclusion', 'EN'],
    ['Maya', 'time_out', 'EN'],
    ['Maya', 'self_exclusion', 'VI'],
    ['passkey', 'time_out', 'VI'],
    ['passkey', 'self_exclusion', 'EN'],
    ['second-factor completion', 'time_out', 'EN'],
    ['second-factor completion', 'self_exclusion', 'VI'],
    ['auto-login with a token the break ended', 'time_out', 'VI'],
    ['auto-login with a token the break ended', 'self_exclusion', 'EN'],
    ['the native shell’s token', 'time_out', 'EN'],
    ['the native shell’s token', 'self_exclusion', 'VI'],
  ])('%s refuses a member on a %s (%s)', async (path, kind, language) => {
    const prepared = await prepare[path](kind);
    if (prepared.byStaff) await putOnBreak(t.app, prepared.host, prepared.customerId, kind);
    const sessions = await sessionCount(t.db, prepared.customerId);
    expectBreakRefusal(await prepared.attempt(languageHeader(language)), kind, language);
    expect(await sessionCount(t.db, prepared.customerId)).toBe(sessions);
  });
});
