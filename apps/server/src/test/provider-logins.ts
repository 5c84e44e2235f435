import { endpoints } from '@wps/contract/endpoints';
import { LINE_STAND_IN, type LineSessionExchange } from '@wps/contract/socialProviders';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { socialIdentities } from '../db/schema/index.js';
import { pkceChallenge } from '../stand-ins/line/fake.js';
import { signWidgetAuth } from '../stand-ins/telegram/sign.js';
import { AURORA, get, LOTUS, plainPost, value } from './accounts.js';
import type { TestClock } from './clock.js';
import type { Db } from '../db/client.js';

/** What the provider sign-in tests share (routes/accounts: telegram-login, line-login, provider-logins). */

export const LOTUS_BOT = '1000000001:lotus-telegram-bot-token-demo';
/** The device, and an adult's attestation for a sign-in that registers a member (issue 29). */
export const DEVICE = {
  loginDeviceId: 'd'.repeat(36),
  ageConfirmed: true,
  dateOfBirth: '1990-01-01',
  termsVersion: 1,
};
export const VERIFIER = 'verifier-'.repeat(6);
export const REDIRECT = 'http://localhost/m/login';

export function widgetAuth(clock: TestClock, id: number, bot = LOTUS_BOT, ageS = 5): string {
  return JSON.stringify(
    signWidgetAuth(
      { id, first_name: 'Test', last_name: `User ${id}`, auth_date: Math.floor(clock.now() / 1000) - ageS },
      bot,
    ),
  );
}

export function telegramLogin(app: FastifyInstance, telegramAuth: string, host = LOTUS) {
  return plainPost(app, endpoints.loginTelegram.path, { telegramAuth, ...DEVICE }, { host });
}

/** The LINE stand-in's authorize step as a browser goes through it: the redirect's code. */
export async function lineCode(
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

export async function lineSession(
  app: FastifyInstance,
  user = 'lan',
  host = AURORA,
): Promise<LineSessionExchange> {
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

export async function linkedCount(db: Db, provider: string): Promise<number> {
  return (await db.select().from(socialIdentities).where(eq(socialIdentities.provider, provider))).length;
}
