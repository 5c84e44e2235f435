import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../merchants/repository.js';
import type { IdentityProviderRow } from '../social/providers.js';
import { serveFetchHandler, type FetchServer } from '../../../test/fetch-server.js';
import { FakeLine, fakeLineUser, pkceChallenge } from '../../../stand-ins/line/fake.js';
import { LineClient } from './line.js';
import { LINE_SESSION_TTL_MS, LineSignIn, type LineSession } from './line-signin.js';
import { SealedTokens } from './sealed-token.js';

const SECRET_KEY = 'a-secret-key-that-is-long-enough-0123456789';
const VERIFIER = 'v'.repeat(20) + '-._~' + 'A1'.repeat(10);
const CHANNELS = {
  '1650000001': { channelSecret: 'lotus-channel-secret', hosts: ['lotus.example', 'lotus.localhost:5173'] },
  '1650000002': { channelSecret: 'orbit-channel-secret', hosts: ['orbit.example'] },
} as const;
type ChannelId = keyof typeof CHANNELS;

let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
const now = () => clock;

const fake = new FakeLine({
  now,
  channel: (channelId) => {
    const channel = CHANNELS[channelId as ChannelId] as (typeof CHANNELS)[ChannelId] | undefined;
    if (channel === undefined) return null;
    return {
      channelId,
      channelSecret: channel.channelSecret,
      allowsRedirect: (uri) => (channel.hosts as readonly string[]).includes(new URL(uri).host),
    };
  },
});

/** The handler behind the server; a test may swap it to make LINE answer something else. */
let handler: (request: Request) => Promise<Response> = fake.handle;
let line: FetchServer;

function merchant(id: number, code: string, flags: Merchant['flags'] = { LINELOGIN3: true }): Merchant {
  return { id, code, flags } as Merchant;
}
const LOTUS = merchant(2, 'lotus');
const ORBIT = merchant(3, 'orbit');

const rows = new Map<number, IdentityProviderRow>();
function lineRow(channelId: ChannelId, extra: Record<string, unknown> = {}): IdentityProviderRow {
  return {
    provider: 'line',
    enabled: true,
    publicConfig: { channelId, ...extra },
    secretConfig: { channelSecret: CHANNELS[channelId].channelSecret, lineApiBase: line.url },
  };
}

const used = new Set<string>();
let signIn: LineSignIn;
function build(options: { timeoutMs?: number; standIns?: boolean } = {}): LineSignIn {
  return new LineSignIn({
    providers: { enabled: async (merchantId) => rows.get(merchantId) ?? null },
    client: new LineClient({ fetch, timeoutMs: options.timeoutMs ?? 2_000, now }),
    sessions: new SealedTokens<LineSession>(SECRET_KEY, 'line session', LINE_SESSION_TTL_MS),
    ownsUrl: async (ownerId, url) =>
      (
        CHANNELS[(ownerId === LOTUS.id ? '1650000001' : '1650000002') as ChannelId].hosts as readonly string[]
      ).includes(url.host),
    firstUse: async (merchantId, kind, token) => {
      const key = `${merchantId}:${kind}:${token}`;
      if (used.has(key)) return false;
      used.add(key);
      return true;
    },
    standIns: options.standIns ?? false,
    now,
  });
}

const REDIRECT = 'https://lotus.example/m/login';
const DEMO = fakeLineUser('Lan Nguyen');

function codeFor(
  options: {
    channelId?: ChannelId;
    redirectUri?: string;
    verifier?: string;
    user?: ReturnType<typeof fakeLineUser>;
  } = {},
) {
  return fake.issueCode({
    channelId: options.channelId ?? '1650000001',
    redirectUri: options.redirectUri ?? REDIRECT,
    codeChallenge: pkceChallenge(options.verifier ?? VERIFIER),
    user: options.user ?? DEMO,
  });
}

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

describe('the LINE redirect flow against a fake LINE server', () => {
  it('exchanges code and verifier for a session token, and the token for the LINE user', async () => {
    const answer = await signIn.verifyCode(LOTUS, {
      code: codeFor(),
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
    });
    expect(answer).toEqual({
      lineSessionToken: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      name: 'Lan Nguyen',
      picture: null,
    });
    expect(line.seen).toEqual(['POST /oauth2/v2.1/token', 'POST /oauth2/v2.1/verify', 'GET /v2/profile']);
    expect(answer.lineSessionToken).not.toContain(DEMO.userId);
    expect(answer.lineSessionToken.length).toBeLessThanOrEqual(1024);
    await expect(signIn.identity(LOTUS, answer.lineSessionToken)).resolves.toEqual({
      provider: 'line',
      subject: DEMO.userId,
      displayName: 'Lan Nguyen',
      pictureUrl: null,
    });
  });

  it.each([
    {
      name: 'a code LINE never issued',
      grant: () => ({ code: 'not-a-code', redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    },
    {
      name: 'a tampered code',
      grant: () => {
        const code = codeFor();
        return {
          code: `${code.slice(0, 20)}${code[20] === 'A' ? 'B' : 'A'}${code.slice(21)}`,
          redirectUri: REDIRECT,
          codeVerifier: VERIFIER,
        };
      },
    },
    {
      name: 'the wrong PKCE verifier',
      grant: () => ({ code: codeFor(), redirectUri: REDIRECT, codeVerifier: 'w'.repeat(43) }),
    },
    {
      name: 'another redirect URI of the same site than the code was issued for',
      grant: () => ({ code: codeFor(), redirectUri: 'https://lotus.example/m/home', codeVerifier: VERIFIER }),
    },
    {
      name: "a code of another merchant's channel",
      grant: () => ({
        code: codeFor({ channelId: '1650000002' }),
        redirectUri: REDIRECT,
        codeVerifier: VERIFIER,
      }),
    },
  ])('answers line_invalid_token for $name', async ({ grant }) => {
    await expect(signIn.verifyCode(LOTUS, grant())).rejects.toMatchObject({ code: 'line_invalid_token' });
  });

  it('refuses a code the second time (LINE codes are single use)', async () => {
    const code = codeFor();
    await signIn.verifyCode(LOTUS, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER });
    await expect(
      signIn.verifyCode(LOTUS, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({
      code: 'line_invalid_token',
    });
  });

  it('answers line_invalid_token when the merchant row holds a wrong channel secret (LINE: invalid_client)', async () => {
    rows.set(LOTUS.id, {
      ...lineRow('1650000001'),
      secretConfig: { channelSecret: 'wrong', lineApiBase: line.url },
    });
    await expect(
      signIn.verifyCode(LOTUS, { code: codeFor(), redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({ code: 'line_invalid_token' });
  });

  it.each([
    'https://evil.example/m/login',
    'https://orbit.example/m/login',
    'https://lotus.example.evil.example/m/login',
    'https://lotus.example@evil.example/m/login',
    'https://user:pw@lotus.example/m/login',
    'https://lotus.example/m/login#x',
    'https://lotus.example/login',
    'https://lotus.example/m/../login',
    'javascript:alert(1)//lotus.example/m/login',
    '//lotus.example/m/login',
    '/m/login',
    'https://lotus.example\\@evil.example/m/login',
    'https://lotus.example/m/login\n',
    'ftp://lotus.example/m/login',
  ])('refuses the redirect URI %s before calling LINE (no open redirect)', async (redirectUri) => {
    await expect(
      signIn.verifyCode(LOTUS, { code: codeFor(), redirectUri, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(line.seen).toEqual([]);
  });

  it('accepts a redirect URI on another host of the same merchant (its port included)', async () => {
    const redirectUri = 'http://lotus.localhost:5173/m/login';
    await expect(
      signIn.verifyCode(LOTUS, { code: codeFor({ redirectUri }), redirectUri, codeVerifier: VERIFIER }),
    ).resolves.toMatchObject({ name: 'Lan Nguyen' });
  });

  it.each([
    {
      name: 'an ID token for another channel',
      edit: (path: string, body: Record<string, unknown>) =>
        path.endsWith('/verify') ? { ...body, aud: '1650000002' } : body,
    },
    {
      name: 'an ID token of another issuer',
      edit: (path: string, body: Record<string, unknown>) =>
        path.endsWith('/verify') ? { ...body, iss: 'https://evil.example' } : body,
    },
    {
      name: 'an expired ID token',
      edit: (path: string, body: Record<string, unknown>) =>
        path.endsWith('/verify') ? { ...body, exp: Math.floor(clock / 1000) - 1 } : body,
    },
    {
      name: 'a profile of another user than the ID token',
      edit: (path: string, body: Record<string, unknown>) =>
        path.endsWith('/profile') ? { ...body, userId: fakeLineUser('Someone Else').userId } : body,
    },
    {
      name: 'a profile without a proper user id',
      edit: (path: string, body: Record<string, unknown>) =>
        path.endsWith('/profile') ? { ...body, userId: '../admin' } : body,
    },
    {
      name: 'a token answer without an ID token (openid scope missing)',
      edit: (path: string, body: Record<string, unknown>) => {
        if (!path.endsWith('/token')) return body;
        const { id_token: _dropped, ...rest } = body;
        return rest;
      },
    },
  ])('refuses $name', async ({ edit }) => {
    handler = async (request) => {
      const path = new URL(request.url).pathname;
      const response = await fake.handle(request);
      if (response.status !== 200) return response;
      return Response.json(edit(path, (await response.json()) as Record<string, unknown>));
    };
    await expect(
      signIn.verifyCode(LOTUS, { code: codeFor(), redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({ code: 'line_invalid_token' });
  });

  it.each([
    { fault: 'status500' as const },
    { fault: 'hang' as const },
    { fault: 'garbage' as const },
    { fault: 'reset' as const },
  ])('answers service_unavailable when LINE fails ($fault), naming no URL or secret', async ({ fault }) => {
    signIn = build({ timeoutMs: 150 });
    line.fault = fault;
    const failure = signIn.verifyCode(LOTUS, {
      code: codeFor(),
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
    });
    await expect(failure).rejects.toMatchObject({ code: 'service_unavailable' });
    const error = (await failure.catch((caught: unknown) => caught)) as Error;
    expect(error.message).not.toContain(line.url);
    expect(error.message).not.toContain('secret');
  });

  it('answers service_unavailable when LINE cannot be reached at all', async () => {
    rows.set(LOTUS.id, {
      ...lineRow('1650000001'),
      secretConfig: { channelSecret: 'x', lineApiBase: 'http://127.0.0.1:9' },
    });
    await expect(
      signIn.verifyCode(LOTUS, { code: codeFor(), redirectUri: REDIRECT, codeVerifier: VERIFIER }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
  });
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
