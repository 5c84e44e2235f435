import {
  endpoints,
  LINE_STAND_IN,
  MAYA_STAND_IN,
  TELEGRAM_STAND_IN,
  type BindCustomerRequired,
  type CommonSettings,
  type LineSessionExchange,
  type LoginResult,
  type MayaTokens,
  type TelegramLoginSetting,
} from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { merchantIdentityProviders, socialIdentities } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { pkceChallenge } from '../../stand-ins/line/fake.js';
import { encodeWidgetAuth, signInitData, signWidgetAuth } from '../../stand-ins/telegram/sign.js';
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
import { TestClock } from '../../test/clock.js';
import type { Db } from '../../db/client.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';

const LOTUS_BOT = '1000000001:lotus-telegram-bot-token-demo';
const DEVICE = { loginDeviceId: 'd'.repeat(36) };
const VERIFIER = 'verifier-'.repeat(6);
const REDIRECT = 'http://localhost/m/login';

function widgetAuth(clock: TestClock, id: number, bot = LOTUS_BOT, ageS = 5): string {
  return JSON.stringify(
    signWidgetAuth(
      { id, first_name: 'Test', last_name: `User ${id}`, auth_date: Math.floor(clock.now() / 1000) - ageS },
      bot,
    ),
  );
}

function telegramLogin(app: FastifyInstance, telegramAuth: string, host = LOTUS) {
  return plainPost(app, endpoints.loginTelegram.path, { telegramAuth, ...DEVICE }, { host });
}

/** The LINE stand-in's authorize step as a browser goes through it: the redirect's code. */
async function lineCode(
  app: FastifyInstance,
  user = 'lan',
  redirectUri = REDIRECT,
  host = AURORA,
): Promise<string> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: host === AURORA ? '1650000001' : '1650000002',
    redirect_uri: redirectUri,
    state: 'state-123',
    scope: 'openid profile',
    code_challenge: pkceChallenge(VERIFIER),
    code_challenge_method: 'S256',
    user,
  });
  const response = await get(app, `${LINE_STAND_IN.authorizePath}?${query.toString()}`, { host });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  expect(location.searchParams.get('state')).toBe('state-123');
  return location.searchParams.get('code') ?? '';
}

async function lineSession(app: FastifyInstance, user = 'lan', host = AURORA): Promise<LineSessionExchange> {
  const redirectUri = host === AURORA ? REDIRECT : 'http://lotus.localhost/m/login';
  const code = await lineCode(app, user, redirectUri, host);
  return value<LineSessionExchange>(
    await plainPost(
      app,
      endpoints.verifyLineCode.path,
      { code, redirectUri, codeVerifier: VERIFIER },
      { host },
    ),
  );
}

async function linkedCount(db: Db, provider: string): Promise<number> {
  return (await db.select().from(socialIdentities).where(eq(socialIdentities.provider, provider))).length;
}

describe.each(backends)('Telegram sign-in (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('answers the bot id and auth domain, never the bot token', async () => {
    const response = await get(t.app, endpoints.telegramLoginSetting.path, { host: LOTUS });
    expect(value<TelegramLoginSetting>(response)).toEqual({
      botId: '1000000001',
      authDomain: 'lotus.localhost',
      standIn: true,
    });
    expect(response.body).not.toContain('bot-token');
    const settings = await get(t.app, endpoints.settings.path, { host: LOTUS });
    expect(value<CommonSettings>(settings).telegramSetting).toEqual({
      botId: '1000000001',
      authDomain: 'lotus.localhost',
    });
    expect(settings.body).not.toContain('bot-token');
  });

  it('answers module_disabled for a merchant without Telegram (aurora)', async () => {
    expect(failure(await get(t.app, endpoints.telegramLoginSetting.path, { host: AURORA }))).toMatchObject({
      status: 403,
      code: 'module_disabled',
    });
    expect(failure(await telegramLogin(t.app, widgetAuth(clock, 11), AURORA))).toMatchObject({
      code: 'module_disabled',
    });
  });

  it('binds a new Telegram user through the confirm dialog, then signs that member in', async () => {
    // lotus: FIREBASECREATEACC3 without SSOAUTOREG3, so a new sign-in asks.
    const first = failure(await telegramLogin(t.app, widgetAuth(clock, 4242)));
    expect(first).toMatchObject({ status: 400, code: 'bind_customer_required' });
    const bind = first.data as BindCustomerRequired;
    expect(bind).toMatchObject({ provider: 'telegram', displayName: 'Test User 4242' });
    // "Log in to an existing account and link it".
    value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.login.path,
        loginPayload('demo', DEMO_PASSWORD, { bindToken: bind.bindToken }),
        {
          host: LOTUS,
        },
      ),
    );
    // The next Telegram sign-in (a fresh auth result) is that member's.
    clock.advance(1_000);
    const result = value<LoginResult>(await telegramLogin(t.app, widgetAuth(clock, 4242)));
    expect(result).toMatchObject({ userName: 'demo' });
  });

  it('accepts the three forms: widget JSON, its base64 (#tgAuthResult) and mini-app initData', async () => {
    const json = widgetAuth(clock, 5001);
    expect(failure(await telegramLogin(t.app, json)).code).toBe('bind_customer_required');
    const base64 = encodeWidgetAuth(
      JSON.parse(widgetAuth(clock, 5002, LOTUS_BOT, 6)) as Record<string, string>,
    );
    expect(failure(await telegramLogin(t.app, base64)).code).toBe('bind_customer_required');
    const initData = signInitData(
      {
        user: JSON.stringify({ id: 5003, first_name: 'Mini' }),
        auth_date: String(Math.floor(clock.now() / 1000)),
      },
      LOTUS_BOT,
    );
    expect(failure(await telegramLogin(t.app, initData))).toMatchObject({
      code: 'bind_customer_required',
      data: { provider: 'telegram', displayName: 'Mini' },
    });
  });

  it.each([
    {
      name: 'a forged hash',
      auth: (clock: TestClock) =>
        JSON.stringify({ ...JSON.parse(widgetAuth(clock, 7)), hash: 'ab'.repeat(32) }),
    },
    { name: "another bot's token", auth: (clock: TestClock) => widgetAuth(clock, 7, '2:another-bot') },
    { name: 'a stale auth_date', auth: (clock: TestClock) => widgetAuth(clock, 7, LOTUS_BOT, 86_401) },
    {
      name: 'an auth_date in the future',
      auth: (clock: TestClock) => widgetAuth(clock, 7, LOTUS_BOT, -3600),
    },
    { name: 'text that is no auth result', auth: () => 'hello' },
  ])('answers 401 telegram_validate_failed for $name', async ({ auth }) => {
    expect(failure(await telegramLogin(t.app, auth(clock)))).toEqual({
      status: 401,
      code: 'telegram_validate_failed',
    });
  });

  it('the login call with type telegram is the same sign-in', async () => {
    const login = (extra: object) =>
      sealedPost(
        t.app,
        endpoints.login.path,
        { type: 'telegram', ...DEVICE, isOfficialAppLogin: false, ...extra },
        { host: LOTUS },
      );
    expect(failure(await login({ telegramAuth: widgetAuth(clock, 6006) })).code).toBe(
      'bind_customer_required',
    );
    expect(failure(await login({ telegramAuth: 'forged' }))).toEqual({
      status: 401,
      code: 'telegram_validate_failed',
    });
    expect(failure(await login({}))).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('refuses the same auth result twice (replay)', async () => {
    const auth = widgetAuth(clock, 8080);
    expect(failure(await telegramLogin(t.app, auth)).code).toBe('bind_customer_required');
    expect(failure(await telegramLogin(t.app, auth))).toEqual({
      status: 401,
      code: 'telegram_validate_failed',
    });
  });

  it('answers 400 invalid_request for input past the schema, never 500', async () => {
    expect(failure(await telegramLogin(t.app, 'x'.repeat(5000)))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    expect(
      failure(
        await plainPost(t.app, endpoints.loginTelegram.path, { telegramAuth: 5, ...DEVICE }, { host: LOTUS }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('the widget stand-in posts a signed result the login accepts, to this origin only', async () => {
    const page = await get(t.app, `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001&user=minh`, {
      host: LOTUS,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const json = /<script id="wps-standin-message" type="application\/json">(.*?)<\/script>/s.exec(
      page.body,
    )?.[1];
    const data = JSON.parse(json ?? '{}') as {
      targetOrigin: string;
      message: { event: string; data: object };
    };
    expect(data.targetOrigin).toBe('http://lotus.localhost');
    expect(data.message.event).toBe('getTgAuthData');
    expect(page.body).not.toContain('bot-token');
    expect(failure(await telegramLogin(t.app, JSON.stringify(data.message.data)))).toMatchObject({
      code: 'bind_customer_required',
      data: { displayName: 'Minh Tran' },
    });
  });

  it.each([
    { query: 'bot_id=1000000001&user=blocked', event: 'popupBlocked' },
    { query: 'bot_id=1000000001&user=cancel', event: null },
  ])('the widget stand-in: $query', async ({ query, event }) => {
    const page = await get(t.app, `${TELEGRAM_STAND_IN.widgetPath}?${query}`, { host: LOTUS });
    const json = /<script id="wps-standin-message" type="application\/json">(.*?)<\/script>/s.exec(
      page.body,
    )?.[1];
    const message = (JSON.parse(json ?? '{}') as { message: { event: string } | null }).message;
    expect(message?.event ?? null).toBe(event);
  });

  it('the widget stand-in in redirect mode returns to an app path with #tgAuthResult, and nowhere else', async () => {
    const response = await get(
      t.app,
      `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001&mode=redirect&return=${encodeURIComponent('/m/login?go=/m/home')}&user=lan`,
      { host: LOTUS },
    );
    expect(response.statusCode).toBe(302);
    const [path, fragment] = String(response.headers.location).split('#tgAuthResult=');
    expect(path).toBe('/m/login?go=/m/home');
    expect(failure(await telegramLogin(t.app, fragment ?? '')).code).toBe('bind_customer_required');
    for (const target of ['//evil.example/m/login', 'https://evil.example/m/login', '/m\\evil', '/other']) {
      const refused = await get(
        t.app,
        `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001&mode=redirect&return=${encodeURIComponent(target)}&user=lan`,
        { host: LOTUS },
      );
      expect(refused.statusCode).toBe(400);
    }
  });

  it("a result signed by one merchant's bot is refused by another merchant with its own bot", async () => {
    const aurora = await merchantRow(t.db, 'aurora');
    await updateMerchant(t.db, 'aurora', { flags: { ...aurora.flags, TELEGRAMLOGIN3: true } });
    await t.db.insert(merchantIdentityProviders).values({
      merchantId: aurora.id,
      provider: 'telegram',
      publicConfig: { botId: '2000000002', authDomain: 'localhost' },
      secretConfig: { botToken: '2000000002:aurora-bot-token' },
    });
    expect(failure(await telegramLogin(t.app, widgetAuth(clock, 9191), AURORA))).toEqual({
      status: 401,
      code: 'telegram_validate_failed',
    });
    expect(value<TelegramLoginSetting>(await get(t.app, endpoints.telegramLoginSetting.path))).toEqual({
      botId: '2000000002',
      authDomain: 'localhost',
    });
    // Its own bot's result passes (aurora registers a new sign-in by itself).
    value<LoginResult>(
      await telegramLogin(t.app, widgetAuth(clock, 9191, '2000000002:aurora-bot-token'), AURORA),
    );
  });

  it("the widget stand-in refuses another merchant's bot id, and is absent where the merchant has none", async () => {
    expect(
      (await get(t.app, `${TELEGRAM_STAND_IN.widgetPath}?bot_id=2&user=lan`, { host: LOTUS })).statusCode,
    ).toBe(400);
    expect(
      (await get(t.app, `${TELEGRAM_STAND_IN.widgetPath}?bot_id=1000000001`, { host: AURORA })).statusCode,
    ).toBe(404);
  });
});

describe.each(backends)('LINE sign-in (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('answers the LINE channel and the stand-in authorize address in the settings', async () => {
    const settings = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: AURORA }));
    expect(settings.gw).toMatchObject({
      LINE_CLIENT_ID: '1650000001',
      LINE_AUTHORIZE_URL: LINE_STAND_IN.authorizePath,
    });
  });

  it('round trip: authorize, code exchange, login (aurora auto-registers), and the same LINE user again', async () => {
    const exchange = await lineSession(t.app);
    expect(exchange).toMatchObject({ name: 'Lan Nguyen', picture: null });
    const first = value<LoginResult>(
      await plainPost(t.app, endpoints.loginLine.path, {
        lineSessionToken: exchange.lineSessionToken,
        ...DEVICE,
      }),
    );
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await lineSession(t.app);
    const second = value<LoginResult>(
      await plainPost(t.app, endpoints.loginLine.path, {
        lineSessionToken: again.lineSessionToken,
        ...DEVICE,
      }),
    );
    expect(second.id).toBe(first.id);
    expect(await linkedCount(t.db, 'line')).toBe(1);
  });

  it('the login call with type line is the same sign-in', async () => {
    const { lineSessionToken } = await lineSession(t.app);
    const login = (extra: object) =>
      sealedPost(t.app, endpoints.login.path, {
        type: 'line',
        ...DEVICE,
        isOfficialAppLogin: false,
        ...extra,
      });
    expect(value<LoginResult>(await login({ lineSessionToken })).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(failure(await login({ lineSessionToken }))).toEqual({ status: 401, code: 'line_invalid_token' });
    expect(failure(await login({}))).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('a session token signs in once', async () => {
    const { lineSessionToken } = await lineSession(t.app, 'somchai');
    value<LoginResult>(await plainPost(t.app, endpoints.loginLine.path, { lineSessionToken, ...DEVICE }));
    expect(
      failure(await plainPost(t.app, endpoints.loginLine.path, { lineSessionToken, ...DEVICE })),
    ).toEqual({
      status: 401,
      code: 'line_invalid_token',
    });
  });

  it.each([
    {
      name: 'a wrong code',
      body: () => ({ code: 'wrong-code', redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    },
    {
      name: 'a wrong verifier',
      body: async (app: FastifyInstance) => ({
        code: await lineCode(app),
        redirectUri: REDIRECT,
        codeVerifier: 'x'.repeat(43),
      }),
    },
  ])('answers 401 line_invalid_token for $name', async ({ body }) => {
    expect(failure(await plainPost(t.app, endpoints.verifyLineCode.path, await body(t.app)))).toEqual({
      status: 401,
      code: 'line_invalid_token',
    });
  });

  it.each(['http://lotus.localhost/m/login', 'https://evil.example/m/login', 'http://localhost/login'])(
    'refuses the redirect URI %s (not a page of this merchant)',
    async (redirectUri) => {
      const code = await lineCode(t.app);
      expect(
        failure(
          await plainPost(t.app, endpoints.verifyLineCode.path, {
            code,
            redirectUri,
            codeVerifier: VERIFIER,
          }),
        ),
      ).toMatchObject({ status: 400, code: 'invalid_request' });
    },
  );

  it('the authorize stand-in never redirects to a host that is not the channel merchant’s', async () => {
    for (const redirectUri of [
      'https://evil.example/m/login',
      'http://lotus.localhost/m/login',
      'http://localhost/x',
    ]) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: '1650000001',
        redirect_uri: redirectUri,
        state: 's',
        scope: 'openid',
        code_challenge: pkceChallenge(VERIFIER),
        code_challenge_method: 'S256',
        user: 'lan',
      });
      const response = await get(t.app, `${LINE_STAND_IN.authorizePath}?${query.toString()}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('the authorize stand-in: its page lists test users, and Cancel returns access_denied with the state', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: '1650000001',
      redirect_uri: REDIRECT,
      state: 'st-9',
      scope: 'openid profile',
      code_challenge: pkceChallenge(VERIFIER),
      code_challenge_method: 'S256',
    });
    const page = await get(t.app, `${LINE_STAND_IN.authorizePath}?${query.toString()}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lan Nguyen');
    expect(page.body).not.toContain('channel-secret');
    const cancelled = await get(t.app, `${LINE_STAND_IN.authorizePath}?${query.toString()}&user=cancel`);
    const location = new URL(String(cancelled.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-9');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('the in-app variant: an access token the LINE app issued', async () => {
    const { accessToken } = (await get(t.app, `${LINE_STAND_IN.liffTokenPath}?user=lan`)).json() as {
      accessToken: string;
    };
    const exchange = value<LineSessionExchange>(
      await plainPost(t.app, endpoints.verifyLineCode.path, { accessToken }),
    );
    expect(exchange.name).toBe('Lan Nguyen');
  });

  describe('with a second merchant on LINE', () => {
    it("refuses a tampered token and another merchant's token", async () => {
      const lotus = await merchantRow(t.db, 'lotus');
      await updateMerchant(t.db, 'lotus', { flags: { ...lotus.flags, LINELOGIN3: true } });
      await t.db.insert(merchantIdentityProviders).values({
        merchantId: lotus.id,
        provider: 'line',
        publicConfig: { channelId: '1650000002', standIn: true },
        secretConfig: { channelSecret: 'lotus-line-secret' },
      });
      const aurora = await lineSession(t.app);
      expect(
        failure(
          await plainPost(
            t.app,
            endpoints.loginLine.path,
            { lineSessionToken: aurora.lineSessionToken, ...DEVICE },
            { host: LOTUS },
          ),
        ),
      ).toEqual({ status: 401, code: 'line_invalid_token' });
      const token = aurora.lineSessionToken;
      const tampered = `${token.slice(0, 25)}${token[25] === 'A' ? 'B' : 'A'}${token.slice(26)}`;
      expect(
        failure(await plainPost(t.app, endpoints.loginLine.path, { lineSessionToken: tampered, ...DEVICE })),
      ).toEqual({ status: 401, code: 'line_invalid_token' });
      // Lotus's own LINE sign-in works (and asks: no SSOAUTOREG3 there).
      const own = await lineSession(t.app, 'lan', LOTUS);
      expect(
        failure(
          await plainPost(
            t.app,
            endpoints.loginLine.path,
            { lineSessionToken: own.lineSessionToken, ...DEVICE },
            { host: LOTUS },
          ),
        ).code,
      ).toBe('bind_customer_required');
    });
  });

  it('answers 503 service_unavailable, not 500, when LINE cannot be reached', async () => {
    const aurora = await merchantRow(t.db, 'aurora');
    await t.db
      .update(merchantIdentityProviders)
      .set({
        publicConfig: { channelId: '1650000001' },
        secretConfig: { channelSecret: 'x', lineApiBase: 'http://127.0.0.1:9' },
      })
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, aurora.id),
          eq(merchantIdentityProviders.provider, 'line'),
        ),
      );
    const response = await plainPost(t.app, endpoints.verifyLineCode.path, {
      code: 'some-code',
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
    });
    expect(failure(response)).toEqual({ status: 503, code: 'service_unavailable' });
    expect(response.body).not.toContain('127.0.0.1');
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});

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
