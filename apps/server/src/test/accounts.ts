import { TransportHeader } from '@wps/contract/transport';
import type { CaptchaChallenge, CaptchaVerifyResult } from '@wps/contract/accounts';
import type { RegistrationPayload } from '@wps/contract/schemas/accounts';
import type { WpsFailure, WpsSuccess } from '@wps/contract/envelope';
import { endpoints } from '@wps/contract/endpoints';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { captchaChallenges, customers, outboxMessages } from '../db/schema/index.js';
import { DEMO_TERMS_VERSION } from '../seed/members.js';
import { touchDrag } from './captcha-drags.js';
import { fetchKey, seal } from './sealed.js';

export const AURORA = 'localhost';
export const LOTUS = 'lotus.localhost';

export interface CallOptions {
  host?: string;
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

function headersOf(options: CallOptions): Record<string, string> {
  return {
    ...(options.token === undefined ? {} : { [TransportHeader.authorization]: options.token }),
    ...options.headers,
  };
}

/** A POST sealed as the web client seals it, from `ip` (default 127.0.0.1). */
export async function sealedPost(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const sealed = await seal(await fetchKey(app), url, payload);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      host: options.host ?? AURORA,
      ...sealed.headers,
      ...headersOf(options),
    },
    payload: JSON.stringify(sealed.body),
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
  });
}

export function plainPost(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', host: options.host ?? AURORA, ...headersOf(options) },
    payload: JSON.stringify(payload),
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
  });
}

export function get(
  app: FastifyInstance,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: { host: options.host ?? AURORA, ...headersOf(options) },
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
  });
}

export function value<T>(response: LightMyRequestResponse): T {
  const body = response.json() as WpsSuccess<T>;
  if (response.statusCode !== 200 || body.success !== true) {
    throw new Error(`expected success, got ${response.statusCode} ${response.body}`);
  }
  return body.value;
}

export function failure(response: LightMyRequestResponse): { status: number; code: string; data?: unknown } {
  const body = response.json() as WpsFailure;
  return {
    status: response.statusCode,
    code: body.errorCode,
    ...(body.data === undefined ? {} : { data: body.data }),
  };
}

export async function challenge(app: FastifyInstance, host = AURORA): Promise<CaptchaChallenge> {
  return value<CaptchaChallenge>(await get(app, `${endpoints.captcha.path}?t=${Date.now()}`, { host }));
}

export async function answerOf(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ answerX: captchaChallenges.answerX })
    .from(captchaChallenges)
    .where(eq(captchaChallenges.challenge, id));
  if (row === undefined) throw new Error('no such challenge');
  return row.answerX;
}

/** Solves a fresh puzzle as a person would (reading the answer from the database stands for the eyes). */
export async function captchaPass(app: FastifyInstance, db: Db, host = AURORA): Promise<CaptchaVerifyResult> {
  const puzzle = await challenge(app, host);
  const x = await answerOf(db, puzzle.challenge);
  return value<CaptchaVerifyResult>(
    await plainPost(
      app,
      endpoints.captchaVerify.path,
      { challenge: puzzle.challenge, ...touchDrag(x + 2) },
      { host },
    ),
  );
}

/**
 * An adult's attestation (issue 29) that passes every profile: the confirmation (lotus, orbit) and a
 * date of birth (aurora), with the terms version the seed publishes for every demo merchant (1).
 */
export const ADULT = {
  ageConfirmed: true,
  dateOfBirth: '1990-01-01',
  termsVersion: DEMO_TERMS_VERSION,
} as const;

/**
 * The terms columns of a member row a test inserts directly (no registration): the seeded terms
 * accepted, as registration leaves them, so bets and launches are not held for the terms.
 */
export function acceptedTerms(): { termsVersion: number; termsAcceptedAt: Date } {
  return { termsVersion: DEMO_TERMS_VERSION, termsAcceptedAt: new Date() };
}

export function registration(overrides: Partial<RegistrationPayload> = {}): RegistrationPayload {
  return {
    ...ADULT,
    registerMethod: 'H5',
    registerUrl: 'http://localhost/m/register',
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    domain: 'localhost',
    login: true,
    pixelTrack: null,
    ...overrides,
  };
}

export function loginPayload(username: string, password: string, extra: object = {}) {
  return {
    type: 'username',
    username,
    password,
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    ...extra,
  };
}

export async function customerCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(customers);
  return row?.value ?? 0;
}

/** The code in the newest outbox message to `destination` (a mobile `{code} {number}` or an email). */
export async function lastCode(db: Db, destination: string): Promise<string> {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.destination, destination));
  const text = rows.at(-1)?.text ?? '';
  const match = /\b([0-9]{6})\b/.exec(text);
  if (match?.[1] === undefined) throw new Error(`no code sent to ${destination}`);
  return match[1];
}
