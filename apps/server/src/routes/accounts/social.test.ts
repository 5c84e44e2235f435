import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import {
  FIREBASE_STAND_IN,
  type BindCustomerRequired,
  type LinkedSignIns,
  SocialErrorCode,
} from '@wps/contract/social';
import type { CommonSettings } from '@wps/contract/system';
import type { LoginResult, RegistrationResult } from '@wps/contract/accounts';
import type { MemberSession } from '@wps/contract/memberArea';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantIdentityProviders } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  AURORA,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { firebaseLogin, ORBIT, standInToken } from '../../test/social.js';

describe.each(backends)('social sign-in over HTTP (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('answers the merchant’s Firebase, LINE and Telegram public settings, never a secret', async () => {
    const [row] = await t.db.select().from(merchantIdentityProviders).limit(1);
    await t.db
      .update(merchantIdentityProviders)
      .set({ secretConfig: { jwksUrl: 'https://keys.example/secret-jwks', issuerBase: 'secret-base-x' } })
      .where(eq(merchantIdentityProviders.id, row?.id ?? 0));
    const response = await get(t.app, endpoints.settings.path, { host: AURORA });
    const settings = value<CommonSettings>(response);
    expect(settings.smsProvider).toMatchObject({
      firebase: false,
      apiKey: 'demo-aurora-firebase-api-key',
      authDomain: 'aurora-play-demo.firebaseapp.com',
      projectId: 'aurora-play-demo',
      appId: '1:100000000001:web:a0a0a0a0a0a0a0a0',
      standIn: true,
    });
    expect(settings.whitelabelVal).toMatchObject({
      GOOGLELOGIN3: true,
      FACEBOOKLOGIN3: true,
      TWITTERLOGIN3: true,
    });
    expect(response.body).not.toContain('secret-jwks');
    expect(response.body).not.toContain('secret-base-x');
    await t.db
      .update(merchantIdentityProviders)
      .set({ secretConfig: row?.secretConfig ?? {} })
      .where(eq(merchantIdentityProviders.id, row?.id ?? 0));
    const orbit = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: ORBIT }));
    expect(orbit.smsProvider.projectId).toBeNull();
    expect(orbit.smsProvider.standIn).toBeUndefined();
  });

  it.each([
    ['a new member (auto-registered)', 'new'],
    ['a linked member', 'StandInGoogleBudiSantoso00002'],
  ])(
    'a session opened by a social sign-in of %s names its browser in the member’s sessions',
    async (_name, user) => {
      if (user !== 'new') {
        await firebaseLogin(
          t.app,
          AURORA,
          'google.com',
          await standInToken(t.app, AURORA, 'google.com', user),
        );
        clock.advance(1_000);
      }
      const browser = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile';
      const login = value<LoginResult>(
        await firebaseLogin(
          t.app,
          AURORA,
          'google.com',
          await standInToken(t.app, AURORA, 'google.com', user),
          {},
          { 'user-agent': browser },
        ),
      );
      const sessions = value<MemberSession[]>(
        await get(t.app, endpoints.memberSessions.path, { host: AURORA, token: login.token }),
      );
      expect(sessions.find((session) => session.current)?.userAgent).toBe(browser);
    },
  );

  it('signs a stand-in Google user in on aurora: a new member, then the same member; a replay is refused', async () => {
    const token = await standInToken(t.app, AURORA, 'google.com', 'StandInGoogleAliceTan00000001');
    const first = value<LoginResult>(await firebaseLogin(t.app, AURORA, 'google.com', token));
    expect(first.userName).toMatch(/^g[0-9]+$/);
    expect(failure(await firebaseLogin(t.app, AURORA, 'google.com', token))).toEqual({
      status: 400,
      code: SocialErrorCode.SOCIAL_TOKEN_INVALID,
    });
    clock.advance(1_000);
    const again = value<LoginResult>(
      await firebaseLogin(
        t.app,
        AURORA,
        'google.com',
        await standInToken(t.app, AURORA, 'google.com', 'StandInGoogleAliceTan00000001'),
      ),
    );
    expect(again.id).toBe(first.id);
    const linked = value<LinkedSignIns>(
      await get(t.app, endpoints.linkedSignIns.path, { host: AURORA, token: again.token }),
    );
    expect(linked).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'google.com', displayName: 'Alice Tan' }],
    });
    // The only way in: refused (409).
    const id = linked.identities[0]?.id ?? '';
    expect(
      failure(
        await plainPost(t.app, endpoints.unlinkSignIn.path, { id }, { host: AURORA, token: again.token }),
      ),
    ).toEqual({
      status: 409,
      code: SocialErrorCode.SOCIAL_LAST_SIGN_IN,
    });
  });

  it('a member registered by a social sign-in alone sets a first password (no old one), then may unlink', async () => {
    const login = value<LoginResult>(
      await firebaseLogin(
        t.app,
        AURORA,
        'google.com',
        await standInToken(t.app, AURORA, 'google.com', 'new'),
      ),
    );
    const asMember = { host: AURORA, token: login.token };
    expect(
      failure(await sealedPost(t.app, endpoints.changePassword.path, { newPassword: 'short' }, asMember))
        .status,
    ).toBe(400);
    expect(
      value(
        await sealedPost(t.app, endpoints.changePassword.path, { newPassword: 'FirstPass123' }, asMember),
      ),
    ).toBeNull();
    const linked = value<LinkedSignIns>(await get(t.app, endpoints.linkedSignIns.path, asMember));
    expect(linked.hasPassword).toBe(true);
    // From now on the password proves the member, and the sign-in is no longer the only way in.
    expect(
      failure(
        await sealedPost(t.app, endpoints.changePassword.path, { newPassword: 'SecondPass123' }, asMember),
      ),
    ).toMatchObject({ status: 400, code: ErrorCode.INVALID_REQUEST });
    expect(
      failure(
        await sealedPost(
          t.app,
          endpoints.changePassword.path,
          { oldPassword: 'not-it-123', newPassword: 'SecondPass123' },
          asMember,
        ),
      ).code,
    ).toBe(ErrorCode.OLD_PASSWORD_INCORRECT);
    const id = linked.identities[0]?.id ?? '';
    expect(value(await plainPost(t.app, endpoints.unlinkSignIn.path, { id }, asMember))).toBeNull();
  });

  it('refuses aurora’s stand-in token on lotus’s host, and a channel that does not match', async () => {
    const token = await standInToken(t.app, AURORA, 'google.com', 'new');
    expect(failure(await firebaseLogin(t.app, LOTUS, 'google.com', token)).code).toBe(
      SocialErrorCode.SOCIAL_TOKEN_INVALID,
    );
    const other = await standInToken(t.app, AURORA, 'twitter.com', 'new');
    expect(failure(await firebaseLogin(t.app, AURORA, 'google.com', other)).code).toBe(
      SocialErrorCode.SOCIAL_TOKEN_INVALID,
    );
  });

  it('on lotus: the confirm dialog, then log in and link, or register a linked account', async () => {
    const bind = failure(
      await firebaseLogin(t.app, LOTUS, 'google.com', await standInToken(t.app, LOTUS, 'google.com', 'new')),
    );
    expect(bind).toMatchObject({ status: 400, code: ErrorCode.BIND_CUSTOMER_REQUIRED });
    const { bindToken } = bind.data as BindCustomerRequired;
    const linked = value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, { bindToken }), {
        host: LOTUS,
      }),
    );
    const list = value<LinkedSignIns>(
      await get(t.app, endpoints.linkedSignIns.path, { host: LOTUS, token: linked.token }),
    );
    expect(list.hasPassword).toBe(true);
    expect(list.identities).toHaveLength(1);

    const second = failure(
      await firebaseLogin(t.app, LOTUS, 'google.com', await standInToken(t.app, LOTUS, 'google.com', 'new')),
    );
    const registered = value<RegistrationResult>(
      await sealedPost(
        t.app,
        endpoints.register.path,
        registration({
          username: 'googler1',
          password: 'Secret123',
          bindToken: (second.data as BindCustomerRequired).bindToken,
        }),
        { host: LOTUS, headers: { ModuleId: 'REG3' } },
      ),
    );
    expect(registered.token).toBeTruthy();
    const theirs = value<LinkedSignIns>(
      await get(t.app, endpoints.linkedSignIns.path, { host: LOTUS, token: registered.token ?? '' }),
    );
    expect(theirs.identities).toHaveLength(1);
    // demo cannot unlink googler1's sign-in, nor see it; it unlinks its own (it has a password).
    const foreign = theirs.identities[0]?.id ?? '';
    expect(
      failure(
        await plainPost(
          t.app,
          endpoints.unlinkSignIn.path,
          { id: foreign },
          { host: LOTUS, token: linked.token },
        ),
      ),
    ).toEqual({
      status: 404,
      code: ErrorCode.NOT_FOUND,
    });
    const own = list.identities[0]?.id ?? '';
    expect(
      value<null>(
        await plainPost(
          t.app,
          endpoints.unlinkSignIn.path,
          { id: own },
          { host: LOTUS, token: linked.token },
        ),
      ),
    ).toBeNull();
    // A session of lotus on aurora's host is no session there.
    expect(
      failure(await get(t.app, endpoints.linkedSignIns.path, { host: AURORA, token: linked.token })).status,
    ).toBe(401);
  });

  it.each([
    [{ id: '0' }],
    [{ id: 'abc' }],
    [{ id: '12345678901' }],
    [{ id: '9999999999' }],
    [{ id: '2147483648' }],
    [{}],
  ])('refuses an unlink of %j as a bad request', async (body) => {
    const login = value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload('agent', DEMO_PASSWORD), { host: LOTUS }),
    );
    expect(
      failure(await plainPost(t.app, endpoints.unlinkSignIn.path, body, { host: LOTUS, token: login.token }))
        .code,
    ).toBe(ErrorCode.INVALID_REQUEST);
  });

  it('needs a session for the member calls', async () => {
    expect(failure(await get(t.app, endpoints.linkedSignIns.path, { host: LOTUS })).status).toBe(401);
    expect(
      failure(await plainPost(t.app, endpoints.unlinkSignIn.path, { id: '1' }, { host: LOTUS })).status,
    ).toBe(401);
  });
});

describe.each(backends)('a refused Firebase token in the log (%s)', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });

  it('names the failed check, never the token', async () => {
    const token = await standInToken(t.app, AURORA, 'google.com', 'new');
    expect(failure(await firebaseLogin(t.app, AURORA, 'facebook.com', token)).code).toBe(
      SocialErrorCode.SOCIAL_TOKEN_INVALID,
    );
    const log = lines.join('\n');
    expect(log).toContain('"refusal":"provider"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[1] ?? token);
  });
});

describe.each(backends)('without stand-ins (NODE_ENV=production) (%s)', (backend) => {
  const t = useTestApp(backend, { config: { identityStandIns: false } });

  it('serves no stand-in, says no stand-in, and refuses stand-in merchants’ Firebase logins', async () => {
    const page = await get(t.app, `${FIREBASE_STAND_IN.signInPath}?provider=google.com`, { host: AURORA });
    expect(page.statusCode).toBe(404);
    const settings = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: AURORA }));
    expect(settings.smsProvider.standIn).toBeUndefined();
    expect(failure(await firebaseLogin(t.app, AURORA, 'google.com', 'a.b.c')).code).toBe(
      ErrorCode.MODULE_DISABLED,
    );
  });
});
