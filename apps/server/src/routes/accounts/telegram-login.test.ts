import { endpoints } from '@wps/contract/endpoints';
import { TELEGRAM_STAND_IN, type TelegramLoginSetting } from '@wps/contract/socialProviders';
import type { BindCustomerRequired } from '@wps/contract/social';
import type { CommonSettings } from '@wps/contract/system';
import type { LoginResult } from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import { merchantIdentityProviders } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { encodeWidgetAuth, signInitData } from '../../stand-ins/telegram/sign.js';
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
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';
import { DEVICE, LOTUS_BOT, telegramLogin, widgetAuth } from '../../test/provider-logins.js';

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
