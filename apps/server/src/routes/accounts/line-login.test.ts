import { endpoints } from '@wps/contract/endpoints';
import { LINE_STAND_IN, type LineSessionExchange } from '@wps/contract/socialProviders';
import type { CommonSettings } from '@wps/contract/system';
import type { LoginResult } from '@wps/contract/accounts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { merchantIdentityProviders } from '../../db/schema/index.js';
import { pkceChallenge } from '../../stand-ins/line/fake.js';
import { AURORA, failure, get, LOTUS, plainPost, sealedPost, value } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';
import {
  DEVICE,
  lineCode,
  lineSession,
  linkedCount,
  REDIRECT,
  VERIFIER,
} from '../../test/provider-logins.js';

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
