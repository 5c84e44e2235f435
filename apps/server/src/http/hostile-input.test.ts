import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { GameCard, GameLaunchValue, Paged } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { AURORA, customerCount, failure, get, plainPost, value } from '../test/accounts.js';
import { backends, countCollectedEvents, useTestApp } from '../test/test-app.js';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = 'a\uDC00b';

/** `{"deeper":{"deeper":…"leaf"…}}`, written as text: JSON.stringify itself overflows on deep values. */
function nestedJson(depth: number): string {
  return `${'{"deeper":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;
}

describe.each(backends)('hostile input is refused at the boundary (%s)', (backend) => {
  const lines: string[] = [];
  const t = useTestApp(backend, {
    config: { logLevel: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });

  const registration = (username: string) => ({
    username,
    password: 'Secret#123',
    registerMethod: 'H5',
    registerUrl: 'http://localhost/m/register',
    loginDeviceId: 'device-1',
    isOfficialAppLogin: false,
    domain: 'localhost',
    login: false,
    pixelTrack: null,
  });

  // ---- 1. text PostgreSQL cannot store ---------------------------------------------------------
  it.each([
    [
      'a NUL in the login username',
      endpoints.login.path,
      { type: 'username', username: NUL, password: 'x', loginDeviceId: 'd', isOfficialAppLogin: false },
    ],
    [
      'a lone high surrogate in the login username',
      endpoints.login.path,
      { type: 'username', username: LONE_HIGH, password: 'x', loginDeviceId: 'd', isOfficialAppLogin: false },
    ],
    [
      'a lone low surrogate in the password',
      endpoints.login.path,
      {
        type: 'username',
        username: 'demo',
        password: LONE_LOW,
        loginDeviceId: 'd',
        isOfficialAppLogin: false,
      },
    ],
    [
      'a NUL in the password-reset username',
      endpoints.passwordResetEmail.path,
      { username: NUL, email: 'a@example.com' },
    ],
    ['a NUL in the collect value', endpoints.collect.path, { value: NUL }],
    ['a lone surrogate in a collect key', endpoints.collect.path, { value: { [LONE_HIGH]: 1 } }],
  ])('answers 400 for %s', async (_label, url, body) => {
    const before = await countCollectedEvents(t.db);
    expect(failure(await plainPost(t.app, url, body))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(await countCollectedEvents(t.db)).toBe(before);
  });

  it.each([NUL, LONE_HIGH, LONE_LOW])(
    'writes no account for a registration username %j',
    async (username) => {
      const before = await customerCount(t.db);
      const response = await plainPost(t.app, endpoints.register.path, registration(username), {
        headers: { moduleid: 'REG3' },
      });
      expect(failure(response)).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
      expect(await customerCount(t.db)).toBe(before);
    },
  );

  it.each([
    ['a NUL', '%00'],
    ['a NUL inside text', 'a%00b'],
  ])('answers 400 for %s in a query', async (_label, text) => {
    expect(failure(await get(t.app, `${endpoints.gameList.path}?search=${text}`)).status).toBe(400);
    expect(failure(await get(t.app, `${endpoints.status.path}?track=${text}`)).status).toBe(400);
  });

  // ---- 2. nesting and size ---------------------------------------------------------------------
  it.each([
    ['17 levels', 17],
    ['1 000 levels', 1_000],
    ['5 000 levels (a body just under the size limit)', 5_000],
  ])('refuses a collect value nested %s deep with 400', async (_label, depth) => {
    const before = await countCollectedEvents(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: endpoints.collect.path,
      headers: { host: AURORA, 'content-type': 'text/plain' },
      payload: `{"value":${nestedJson(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(await countCollectedEvents(t.db)).toBe(before);
  });

  it('accepts a collect value nested a few levels', async () => {
    const before = await countCollectedEvents(t.db);
    expect(
      (await plainPost(t.app, endpoints.collect.path, { value: JSON.parse(nestedJson(4)) })).statusCode,
    ).toBe(200);
    expect(await countCollectedEvents(t.db)).toBe(before + 1);
  });

  it('refuses a body of more values than any call needs', async () => {
    const wide = { value: Object.fromEntries(Array.from({ length: 6_000 }, (_, index) => [`k${index}`, 0])) };
    expect((await plainPost(t.app, endpoints.collect.path, wide)).statusCode).toBeGreaterThanOrEqual(400);
  });

  // ---- 3. malformed URLs go through the envelope, the headers and the rate limit ---------------
  it.each([
    ['/wps/%zz', 'application/json'],
    ['/wps/system/%E0%A4%A', 'application/json'],
    ['/m/%zz', 'text/plain'],
    ['/demo-game/api/%zz', 'text/plain'],
  ])('answers %s with 400 in the envelope, security headers on, the path not echoed', async (url, type) => {
    const response = await t.app.inject({ url, headers: { host: AURORA } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.body).not.toContain('%zz');
    expect(response.body).not.toContain('FST_');
    if (type === 'application/json') expect(failure(response).code).toBe(ErrorCode.INVALID_REQUEST);
  });

  it.each([`/wps/game/image/game-1${'x'.repeat(120)}.png`, `/wps/system/icon/${'1'.repeat(150)}.png`])(
    'answers an over-long resource name with the 404 envelope (%#)',
    async (url) => {
      const response = await t.app.inject({ url, headers: { host: AURORA } });
      expect(response.statusCode).toBe(404);
      expect(failure(response).code).toBe(ErrorCode.NOT_FOUND);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  // ---- 6. the Host header never builds a URL ---------------------------------------------------
  /** A free-play game of aurora, the merchant of every host below. */
  async function freeplayGame(): Promise<GameCard> {
    const list = value<Paged<GameCard>>(await get(t.app, `${endpoints.gameList.path}?pageSize=60`));
    const game = list.list.find((card) => card.freeplay);
    if (game === undefined) throw new Error('aurora offers a free-play game');
    return game;
  }

  const trialOf = (game: GameCard) =>
    `${endpoints.trialLaunch.path}?gameId=${game.gameId}&nodeId=${game.nodeId}&platform=html5`;

  it.each([
    ['userinfo', 'lotus.localhost:80@evil.example'],
    ['a path', 'lotus.localhost/evil'],
    ['a port no one configured', 'lotus.localhost:9999'],
    ['a second colon', 'lotus.localhost:80:81'],
    ['a space', 'lotus .localhost'],
    ['a backslash', 'lotus.localhost\\evil.example'],
  ])('refuses a Host with %s as no merchant', async (_label, host) => {
    const response = await get(t.app, trialOf(await freeplayGame()), { host });
    expect(failure(response).code).toBe(ErrorCode.DOMAIN_NOT_AVAILABLE);
  });

  it.each([
    ['localhost', 'http://localhost/'],
    ['AURORA.localhost:8080', 'http://aurora.localhost:8080/'],
    ['localhost.:443', 'http://localhost:443/'],
  ])('builds the game URL of Host %s from its checked parts', async (host, origin) => {
    const response = await get(t.app, trialOf(await freeplayGame()), { host });
    expect(value<GameLaunchValue>(response).gameUrl).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}`));
  });

  // ---- the log of all the above ----------------------------------------------------------------
  it('logged no 5xx, no password, hash, token or payload of the hostile run', () => {
    const log = lines.join('\n');
    expect(log).not.toMatch(/"statusCode":5\d\d/);
    expect(log).not.toContain('Secret#123');
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/params:\s*\S/);
    expect(log).not.toContain('leaf');
  });
});
