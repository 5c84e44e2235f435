import { endpoints } from '@wps/contract/endpoints';
import {
  LINE_STAND_IN,
  MAYA_STAND_IN,
  TELEGRAM_STAND_IN,
  type MayaTokens,
} from '@wps/contract/socialProviders';
import type { CommonSettings } from '@wps/contract/system';
import type { LoginResult } from '@wps/contract/accounts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AURORA, failure, get, LOTUS, plainPost, value } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { DEVICE } from '../../test/provider-logins.js';

describe.each(backends)('Maya wallet sign-in (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  async function launch(user = 'ana', host = AURORA): Promise<{ sessionId: string; env: string }> {
    const response = await get(t.app, `${MAYA_STAND_IN.launchPath}?user=${user}`, { host });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://localhost');
    expect(location.pathname).toBe('/m/home');
    return {
      sessionId: location.searchParams.get(MAYA_STAND_IN.sessionParam) ?? '',
      env: location.searchParams.get(MAYA_STAND_IN.envParam) ?? '',
    };
  }

  const mayaLogin = (app: FastifyInstance, sessionId: string, env: string, host = AURORA) =>
    plainPost(app, endpoints.loginMaya.path, { sessionId, env, ...DEVICE }, { host });

  it('signs in with the wallet session (auto-registered), then refreshes the wallet tokens', async () => {
    const { sessionId, env } = await launch();
    expect(env).toBe('sandbox');
    const result = value<LoginResult>(await mayaLogin(t.app, sessionId, env));
    const tokens = value<MayaTokens>(
      await plainPost(t.app, endpoints.refreshMayaTokens.path, { env: 'sandbox' }, { token: result.token }),
    );
    expect(tokens).toEqual({ accessToken: expect.stringMatching(/^maya-at-/), expiresIn: 3600 });
  });

  it.each([
    {
      name: 'a used session',
      setup: async () => {
        const { sessionId } = await launch('ben');
        value<LoginResult>(await mayaLogin(t.app, sessionId, 'sandbox'));
        return {
          sessionId,
          env: 'sandbox',
          host: AURORA,
          expected: { status: 400, code: 'social_token_invalid' },
        };
      },
    },
    {
      name: 'a made-up session',
      setup: async () => ({
        sessionId: 'made-up-session',
        env: 'sandbox',
        host: AURORA,
        expected: { status: 400, code: 'social_token_invalid' },
      }),
    },
    {
      name: 'the wrong environment',
      setup: async () => ({
        ...(await launch()),
        env: 'production',
        host: AURORA,
        expected: { status: 400, code: 'invalid_request' },
      }),
    },
    {
      name: 'another merchant (no wallet there)',
      setup: async () => ({
        ...(await launch()),
        env: 'sandbox',
        host: LOTUS,
        expected: { status: 403, code: 'module_disabled' },
      }),
    },
  ])('refuses $name', async ({ setup }) => {
    const { sessionId, env, host, expected } = await setup();
    expect(failure(await mayaLogin(t.app, sessionId, env, host))).toEqual(expected);
  });

  it('refreshing needs a session', async () => {
    expect(failure(await plainPost(t.app, endpoints.refreshMayaTokens.path, { env: 'sandbox' })).status).toBe(
      401,
    );
  });
});

describe.each(backends)('without stand-ins (NODE_ENV=production) (%s)', (backend) => {
  const t = useTestApp(backend, { config: { identityStandIns: false } });

  it.each([
    `${LINE_STAND_IN.authorizePath}?client_id=1650000001`,
    LINE_STAND_IN.liffTokenPath,
    `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001`,
    MAYA_STAND_IN.launchPath,
  ])('%s does not exist', async (path) => {
    expect((await get(t.app, path, { host: path.includes('telegram') ? LOTUS : AURORA })).statusCode).toBe(
      404,
    );
  });

  it('stand-in merchants offer no LINE, Telegram or Maya sign-in', async () => {
    expect(failure(await get(t.app, endpoints.telegramLoginSetting.path, { host: LOTUS })).code).toBe(
      'module_disabled',
    );
    expect(
      failure(
        await plainPost(t.app, endpoints.loginMaya.path, {
          sessionId: 'some-session',
          env: 'sandbox',
          ...DEVICE,
        }),
      ).code,
    ).toBe('module_disabled');
    const settings = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: AURORA }));
    expect(settings.gw.LINE_AUTHORIZE_URL).not.toBe(LINE_STAND_IN.authorizePath);
  });
});
