import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityProviderRow } from '../social/providers.js';
import { serveFetchHandler, type FetchServer } from '../../../test/fetch-server.js';
import {
  buildLineSignIn,
  DEMO,
  fakeLineOf,
  issueCode,
  lineRowOf,
  LOTUS,
  merchant,
  ORBIT,
  REDIRECT,
  VERIFIER,
  type ChannelId,
  SECRET_KEY,
} from '../../../test/line-signin.js';
import { LINE_SESSION_TTL_MS, type LineSession, type LineSignIn } from './line-signin.js';
import { SealedTokens } from './sealed-token.js';

let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
const now = () => clock;
const fake = fakeLineOf(now);

/** The handler behind the server; a test may swap it to make LINE answer something else. */
let handler: (request: Request) => Promise<Response> = fake.handle;
let line: FetchServer;

const rows = new Map<number, IdentityProviderRow>();
const lineRow = (channelId: ChannelId, extra: Record<string, unknown> = {}) =>
  lineRowOf(line.url, channelId, extra);

const used = new Set<string>();
let signIn: LineSignIn;
const build = (options: { timeoutMs?: number; standIns?: boolean } = {}) =>
  buildLineSignIn({ now, rows, used, ...options });
const codeFor = (options: Parameters<typeof issueCode>[1] = {}) => issueCode(fake, options);

beforeAll(async () => {
  line = await serveFetchHandler((request) => handler(request));
});
afterAll(async () => {
  await line.close();
});
beforeEach(() => {
  handler = fake.handle;
  line.fault = 'none';
  line.seen = [];
  rows.set(LOTUS.id, lineRow('1650000001'));
  rows.set(ORBIT.id, lineRow('1650000002'));
  signIn = build();
});

describe('the in-app (LIFF-style) access token variant', () => {
  it('checks the token with LINE and answers a session token', async () => {
    const accessToken = fake.issueAccessToken('1650000001', DEMO);
    const answer = await signIn.verifyCode(LOTUS, { accessToken });
    expect(line.seen).toEqual([
      `GET /oauth2/v2.1/verify?access_token=${encodeURIComponent(accessToken)}`,
      'GET /v2/profile',
    ]);
    await expect(signIn.identity(LOTUS, answer.lineSessionToken)).resolves.toMatchObject({
      subject: DEMO.userId,
    });
  });

  it.each([
    { name: "another merchant's channel", token: () => fake.issueAccessToken('1650000002', DEMO) },
    { name: 'a token LINE never issued', token: () => 'forged-token' },
  ])('answers line_invalid_token for $name', async ({ token }) => {
    await expect(signIn.verifyCode(LOTUS, { accessToken: token() })).rejects.toMatchObject({
      code: 'line_invalid_token',
    });
  });
});

describe('the LINE session token', () => {
  async function sessionToken(): Promise<string> {
    return (
      await signIn.verifyCode(LOTUS, { code: codeFor(), redirectUri: REDIRECT, codeVerifier: VERIFIER })
    ).lineSessionToken;
  }

  it.each([
    {
      name: 'a tampered token',
      token: async () => {
        const token = await sessionToken();
        return `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
      },
      merchant: LOTUS,
    },
    { name: "another merchant's token", token: sessionToken, merchant: ORBIT },
    { name: 'a truncated token', token: async () => (await sessionToken()).slice(0, 20), merchant: LOTUS },
    {
      name: 'a token of another server (another SECRET_KEY)',
      token: async () =>
        new SealedTokens<LineSession>(`${SECRET_KEY}!`, 'line session', 60_000).seal(
          { s: DEMO.userId, n: 'x', p: null },
          LOTUS.id,
          clock,
        ),
      merchant: LOTUS,
    },
    { name: 'text that is no token', token: async () => 'not a token!', merchant: LOTUS },
  ])('answers line_invalid_token for $name', async ({ token, merchant: who }) => {
    const text = await token();
    await expect(signIn.identity(who, text)).rejects.toMatchObject({ code: 'line_invalid_token' });
  });

  it('expires after 15 minutes', async () => {
    const [early, late] = [await sessionToken(), await sessionToken()];
    clock += LINE_SESSION_TTL_MS - 1;
    await expect(signIn.identity(LOTUS, early)).resolves.toMatchObject({ provider: 'line' });
    clock += 1;
    await expect(signIn.identity(LOTUS, late)).rejects.toMatchObject({ code: 'line_invalid_token' });
  });

  it('signs in once: the same token again is refused (replay)', async () => {
    const token = await sessionToken();
    await expect(signIn.identity(LOTUS, token)).resolves.toMatchObject({ subject: DEMO.userId });
    await expect(signIn.identity(LOTUS, token)).rejects.toMatchObject({ code: 'line_invalid_token' });
  });
});

describe('merchant settings', () => {
  it.each([
    { name: 'LINELOGIN3 off', setup: () => merchant(2, 'lotus', {}) },
    {
      name: 'no line row',
      setup: () => {
        rows.delete(LOTUS.id);
        return LOTUS;
      },
    },
    {
      name: 'a row without the channel secret',
      setup: () => {
        rows.set(LOTUS.id, { ...lineRow('1650000001'), secretConfig: {} });
        return LOTUS;
      },
    },
    {
      name: 'a stand-in row where stand-ins are off (production)',
      setup: () => {
        rows.set(LOTUS.id, lineRow('1650000001', { standIn: true }));
        return LOTUS;
      },
    },
  ])('answers module_disabled with $name', async ({ setup }) => {
    const who = setup();
    await expect(
      signIn.verifyCode(who, { code: codeFor(), redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({
      code: 'module_disabled',
    });
    expect(line.seen).toEqual([]);
  });
});
