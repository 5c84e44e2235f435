import { endpoints } from '@wps/contract/endpoints';
import { MAYA_STAND_IN } from '@wps/contract/socialProviders';
import type { BindCustomerRequired } from '@wps/contract/social';
import type { LoginResult } from '@wps/contract/accounts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { signInitData } from '../../stand-ins/telegram/sign.js';
import {
  AURORA,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import {
  expectPathRefused,
  staffBreaks,
  type BreakKind,
  type Language,
  type Prepared,
} from '../../test/breaks.js';
import { newLotusMember } from '../../test/cashier.js';
import { TestClock } from '../../test/clock.js';
import { DEVICE, LOTUS_BOT, lineSession, widgetAuth } from '../../test/provider-logins.js';
import { firebaseLogin, standInToken } from '../../test/social.js';
import { backends, useTestApp } from '../../test/test-app.js';

type Path =
  | 'Google'
  | 'Facebook'
  | 'X'
  | 'phone (Firebase)'
  | 'LINE'
  | 'Telegram widget'
  | 'Telegram mini app'
  | 'Maya';

// The stand-ins' test people: one per kind where a provider has two, so each case has its own member.
const GOOGLE: Record<BreakKind, string> = {
  time_out: 'StandInGoogleAliceTan00000001',
  self_exclusion: 'StandInGoogleBudiSantoso00002',
};
const LINE_USER: Record<BreakKind, string> = { time_out: 'lan', self_exclusion: 'somchai' };
const MAYA_USER: Record<BreakKind, string> = { time_out: 'ana', self_exclusion: 'ben' };

// Issue 29 item 6, the providers' sign-ins (Firebase's Google, Facebook, X and phone; LINE;
// Telegram's widget and mini app; Maya): a member a sign-in of theirs reached before the break is
// refused with the reason, translated, and where to get help; no session opens.
describe.each(backends)('a member on a break cannot sign in with a provider (%s)', (backend) => {
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
  };

  // [path, kind, the request's language]. Facebook, X and the phone have one stand-in person each.
  it.each<[Path, BreakKind, Language]>([
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
  ])('%s refuses a member on a %s (%s)', async (path, kind, language) => {
    await expectPathRefused(t, putOnBreak, await prepare[path](kind), kind, language);
  });
});
