import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityProviderRow } from '../social/providers.js';
import { serveFetchHandler, type FetchServer } from '../../../test/fetch-server.js';
import { fakeLineUser } from '../../../stand-ins/line/fake.js';
import {
  buildLineSignIn,
  DEMO,
  fakeLineOf,
  issueCode,
  lineRowOf,
  LOTUS,
  ORBIT,
  REDIRECT,
  VERIFIER,
  type ChannelId,
} from '../../../test/line-signin.js';
import { type LineSignIn } from './line-signin.js';

const clock = Date.UTC(2026, 10, 23, 9, 0, 0);
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
