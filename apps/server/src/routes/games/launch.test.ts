import {
  DEMO_LOTTERY,
  DemoGamePath,
  ErrorCode,
  FAVOURITE_GAMES_LIMIT,
  LAUNCH_TICKET_TTL_MS,
  SEA_LOTTERY_MODE,
  VN_LOTTERY_VENDOR,
  type FavouriteToggle,
  type GameCard,
  type GameLaunchTarget,
  type GameLaunchValue,
  type LoginResult,
  type RankEntry,
  endpoints,
} from '@wps/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  demoGameRounds,
  demoGameSessions,
  gameLaunchTickets,
  games,
  gameVendors,
  merchants,
} from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { sha256Hex } from '../../lib/tokens.js';
import {
  DEMO_PAY_TABLE,
  DEMO_SESSION_TTL_MS,
  DemoGame,
  RANK_LIST_WINDOW_MS,
  type DemoRedeemResult,
  type DemoRoundResult,
} from '../../services/games/demo.js';
import { LaunchTickets } from '../../services/games/tickets.js';
import {
  AURORA,
  captchaPass,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { DEMO_CSP, DEMO_SESSION_PATH } from './demo-page.js';

// ---- fixtures: the tests' own vendors and games, independent of the catalogue seed ---------------

const V = {
  lotto: 'TL_LOTTO',
  vn: 'TL_VN',
  slots: 'TL_SLOTS',
  maint: 'TL_MAINT',
  lotus: 'TL_LOTUS',
} as const;

const ART = { colors: ['#112233', '#445566'] as [string, string], glyph: 'T' };

interface FixtureGame {
  vendorCode: string;
  gameCode: string;
  nodeId: string;
  displayName: string;
  category: string;
  freeplay?: boolean;
  enabled?: boolean;
  launch: GameLaunchTarget;
}

const FIXTURE_GAMES: FixtureGame[] = [
  {
    vendorCode: V.lotto,
    gameCode: 'TL_LUCKY',
    nodeId: 'node-lucky',
    displayName: 'Lucky Test',
    category: 'LOTT',
    freeplay: true,
    launch: { kind: 'lottery', prizeMode: 'Official', playType: 'NORMAL' },
  },
  {
    vendorCode: V.lotto,
    gameCode: 'TL_SEA',
    nodeId: 'node-sea',
    displayName: 'Sea Test',
    category: 'SEA_LOTT',
    launch: { kind: 'lottery', prizeMode: 'Tradition', playType: 'SEA' },
  },
  {
    vendorCode: V.vn,
    gameCode: 'TL_NORTH',
    nodeId: 'node-north',
    displayName: 'North Test',
    category: 'VN_LOTT',
    launch: { kind: 'vnLottery', vendor: VN_LOTTERY_VENDOR, prizeMode: 'VN' },
  },
  {
    vendorCode: V.slots,
    gameCode: 'TL_SPIN',
    nodeId: 'node-spin',
    displayName: 'Spin Test',
    category: 'RNG',
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.slots,
    gameCode: 'TL_OFF',
    nodeId: 'node-off',
    displayName: 'Off Test',
    category: 'RNG',
    enabled: false,
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.maint,
    gameCode: 'TL_BROKEN',
    nodeId: 'node-broken',
    displayName: 'Broken Test',
    category: 'RNG',
    freeplay: true,
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.lotus,
    gameCode: 'TL_LOTUS',
    nodeId: 'node-lotus',
    displayName: 'Lotus Test',
    category: 'RNG',
    freeplay: true,
    launch: { kind: 'vendor' },
  },
];

async function setVendors(db: Db, code: string, allVendors: string[]): Promise<void> {
  const [row] = await db.select().from(merchants).where(eq(merchants.code, code));
  if (row === undefined) throw new Error(`no merchant ${code}`);
  const settings = row.publicSettings;
  await db
    .update(merchants)
    .set({ publicSettings: { ...settings, gameVendor: { ...settings.gameVendor, allVendors } } })
    .where(eq(merchants.code, code));
}

/** Inserts the fixture vendors and games and offers them: aurora all but TL_LOTUS, lotus only that. */
async function insertFixtures(db: Db): Promise<Map<string, number>> {
  await db.insert(gameVendors).values(
    Object.values(V).map((code) => ({
      code,
      displayName: `${code} vendor`,
      category: 'RNG',
      adapter: 'demo',
      maintenance: code === V.maint,
      art: ART,
    })),
  );
  const rows = await db
    .insert(games)
    .values(
      FIXTURE_GAMES.map((game, position) => ({
        ...game,
        freeplay: game.freeplay ?? false,
        enabled: game.enabled ?? true,
        position,
        art: ART,
      })),
    )
    .returning({ id: games.id, gameCode: games.gameCode });
  await setVendors(db, 'aurora', [V.lotto, V.vn, V.slots, V.maint]);
  await setVendors(db, 'lotus', [V.lotus]);
  return new Map(rows.map((row) => [row.gameCode, row.id]));
}

const LOTTERY_QUERY = {
  launchMode: 'LOTT',
  lottoPrizeMode: 'Official',
  lottoGameCode: 'TL_LUCKY',
  lottoView: 'betting',
  device: 'MOBILE',
  hasLobby: 'false',
  language: 'EN',
};

function launchUrl(query: Record<string, string>): string {
  return `${endpoints.launchGame.path}?${new URLSearchParams(query).toString()}`;
}

function ticketOf(gameUrl: string): string {
  const url = new URL(gameUrl);
  expect(url.pathname).toBe(DemoGamePath.page);
  const ticket = url.searchParams.get('ticket');
  expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return ticket ?? '';
}

function envelopeValue<T>(response: LightMyRequestResponse): T {
  return value<T>(response);
}

describe.each(backends)('game launch, the demo game and the member lists (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });
  let ids = new Map<string, number>();
  let demoToken = '';
  let agentToken = '';
  let lotusToken = '';

  const idOf = (code: string): number => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`no fixture game ${code}`);
    return id;
  };

  const loginAurora = async (username: string): Promise<string> => {
    const pass = await captchaPass(t.app, t.db);
    return envelopeValue<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD, pass)),
    ).token;
  };

  beforeAll(async () => {
    ids = await insertFixtures(t.db);
    demoToken = await loginAurora('demo');
    agentToken = await loginAurora('agent');
    lotusToken = envelopeValue<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD), { host: LOTUS }),
    ).token;
  });

  const launch = (query: Record<string, string>, token = demoToken, host = AURORA) =>
    get(t.app, launchUrl(query), { token, host });

  const redeem = (ticket: string, host = AURORA) =>
    plainPost(t.app, DemoGamePath.redeem, { ticket }, { host });

  const round = (playToken: string, body: unknown, host = AURORA) =>
    plainPost(t.app, DemoGamePath.round, body, { token: playToken, host });

  /** Launches the lottery fixture and redeems its ticket. */
  const play = async (token = demoToken, backUrl = '/m/game'): Promise<DemoRedeemResult> => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch({ ...LOTTERY_QUERY, backUrl }, token));
    return envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
  };

  // ---- launch ---------------------------------------------------------------------------------

  it.each([
    ['a lottery', LOTTERY_QUERY, 'Lucky Test'],
    [
      'the sea lottery',
      { lottoMode: SEA_LOTTERY_MODE, lottoGameCode: 'TL_SEA', lottoView: 'lobby', device: 'MOBILE' },
      'Sea Test',
    ],
    [
      'the Vietnam lottery',
      { vendor: VN_LOTTERY_VENDOR, gameCode: 'TL_NORTH', prizeMode: 'VN', device: 'MOBILE' },
      'North Test',
    ],
    ['a vendor game', { vendor: V.slots, gameCode: 'TL_SPIN', device: 'MOBILE' }, 'Spin Test'],
  ])('launches %s: an absolute demo-game URL with a single-use ticket', async (_name, query, title) => {
    const response = await launch({ ...query, backUrl: '/m/game' });
    expect(response.headers['cache-control']).toBe('no-store');
    const { gameUrl } = envelopeValue<GameLaunchValue>(response);
    expect(gameUrl.startsWith(`http://${AURORA}${DemoGamePath.page}?ticket=`)).toBe(true);
    const ticket = ticketOf(gameUrl);
    // Only the hash is stored.
    const [row] = await t.db
      .select()
      .from(gameLaunchTickets)
      .where(eq(gameLaunchTickets.ticketHash, sha256Hex(ticket)));
    expect(row).toMatchObject({ trial: false, backUrl: '/m/game', redeemedAt: null });
    expect(row?.expiresAt.getTime()).toBe(clock.now() + LAUNCH_TICKET_TTL_MS);
    const redeemed = envelopeValue<DemoRedeemResult>(await redeem(ticket));
    expect(redeemed).toMatchObject({
      game: { displayName: title },
      credit: DEMO_LOTTERY.trialCredit,
      trial: false,
      backUrl: '/m/game',
    });
  });

  it.each([
    [
      'the sea lottery as the web app asks it (launchMode LOTT and lottoMode together)',
      {
        launchMode: 'LOTT',
        lottoArea: 'SEA',
        lottoMode: SEA_LOTTERY_MODE,
        lottoGameCode: 'TL_SEA',
        lottoView: 'betting',
        device: 'MOBILE',
        hasLobby: 'false',
        language: 'EN',
        title: 'Aurora Play',
        labelName: 'Gold',
      },
      'Sea Test',
    ],
    [
      'the lottery lobby without a code, by prize mode',
      {
        launchMode: 'LOTT',
        lottoArea: 'NORMAL',
        lottoPrizeMode: 'Official',
        lottoView: 'lobby',
        hasLobby: 'true',
      },
      'Lucky Test',
    ],
    [
      'the lottery lobby of an unknown prize mode: the first lottery',
      { launchMode: 'LOTT', lottoPrizeMode: 'Nope', lottoView: 'lobby' },
      'Lucky Test',
    ],
    [
      'the sea lottery lobby',
      { launchMode: 'LOTT', lottoMode: SEA_LOTTERY_MODE, lottoView: 'lobby', hasLobby: 'true' },
      'Sea Test',
    ],
  ])('launches %s', async (_name, query, title) => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch({ ...query, backUrl: '/m/game' }));
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl))).game.displayName).toBe(title);
  });

  it('answers 404 for a lottery lobby on a merchant without lotteries', async () => {
    expect(failure(await launch({ launchMode: 'LOTT', lottoView: 'lobby' }, lotusToken, LOTUS))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
  });

  it('launches the Vietnam lottery in VI whatever language was asked', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(
      await launch({ vendor: VN_LOTTERY_VENDOR, gameCode: 'TL_NORTH', language: 'EN', backUrl: '/m/game' }),
    );
    const [row] = await t.db
      .select()
      .from(gameLaunchTickets)
      .where(eq(gameLaunchTickets.ticketHash, sha256Hex(ticketOf(gameUrl))));
    expect(row?.language).toBe('VI');
  });

  it('builds the game URL from the forwarded origin only behind a trusted proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: launchUrl({ ...LOTTERY_QUERY, backUrl: '/m/game' }),
      headers: {
        host: AURORA,
        authorization: demoToken,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
      },
    });
    // TRUST_PROXY is off in the tests: the headers are ignored.
    expect(envelopeValue<GameLaunchValue>(response).gameUrl.startsWith(`http://${AURORA}/`)).toBe(true);
  });

  it.each([
    ['an unknown lottery code', { ...LOTTERY_QUERY, lottoGameCode: 'NOPE' }],
    ['a lottery code as the sea lottery', { lottoMode: SEA_LOTTERY_MODE, lottoGameCode: 'TL_LUCKY' }],
    ['a vendor game as a lottery', { ...LOTTERY_QUERY, lottoGameCode: 'TL_SPIN' }],
    ['an unknown vendor game', { vendor: V.slots, gameCode: 'NOPE' }],
    ['a disabled game', { vendor: V.slots, gameCode: 'TL_OFF' }],
    ["another merchant's vendor", { vendor: V.lotus, gameCode: 'TL_LOTUS' }],
    ['a game under the wrong vendor', { vendor: V.lotto, gameCode: 'TL_SPIN' }],
  ])('answers 404 game_not_found for %s', async (_name, query) => {
    expect(failure(await launch(query))).toEqual({ status: 404, code: ErrorCode.GAME_NOT_FOUND });
  });

  it("launches another merchant's game on its own host, and not once its vendor is dropped", async () => {
    const query = { vendor: V.lotus, gameCode: 'TL_LOTUS' };
    expect((await launch(query, lotusToken, LOTUS)).statusCode).toBe(200);
    await setVendors(t.db, 'lotus', []);
    try {
      expect(failure(await launch(query, lotusToken, LOTUS))).toEqual({
        status: 404,
        code: ErrorCode.GAME_NOT_FOUND,
      });
    } finally {
      await setVendors(t.db, 'lotus', [V.lotus]);
    }
  });

  it('answers 400 game_maintenance for a vendor in maintenance', async () => {
    expect(failure(await launch({ vendor: V.maint, gameCode: 'TL_BROKEN' }))).toEqual({
      status: 400,
      code: ErrorCode.GAME_MAINTENANCE,
    });
  });

  it.each([
    ['nothing', {}],
    ['a lottery without its code', { launchMode: 'LOTT', lottoPrizeMode: 'Official' }],
    ['a vendor without a game code', { vendor: V.slots }],
    ['a bad lottoView', { ...LOTTERY_QUERY, lottoView: 'sideways' }],
    ['a bad launch mode', { ...LOTTERY_QUERY, launchMode: 'SLOT' }],
    ['a code with odd characters', { vendor: V.slots, gameCode: 'TL_SPIN<script>' }],
  ])('answers 400 invalid_request for %s', async (_name, query) => {
    expect(failure(await launch(query))).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
  });

  it('answers 401 without a token or with a dead one, and writes nothing', async () => {
    expect(failure(await get(t.app, launchUrl(LOTTERY_QUERY)))).toEqual({
      status: 401,
      code: ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED,
    });
    expect(failure(await launch(LOTTERY_QUERY, 'x'.repeat(43)))).toEqual({
      status: 401,
      code: ErrorCode.USER_OR_TOKEN_INVALID,
    });
  });

  it.each([
    ['https://evil.example', '/m/home'],
    ['//evil', '/m/home'],
    ['javascript:alert(1)', '/m/home'],
    ['/m/../x', '/m/home'],
    ['/m/%2e%2e/x', '/m/home'],
    ['/\\evil', '/m/home'],
    ['/m/\\evil', '/m/home'],
    ['/m//evil', '/m/home'],
    ['/m/game\nSet-Cookie: x', '/m/home'],
    [`/m/${'a'.repeat(2046)}`, '/m/home'],
    ['/other', '/m/home'],
    ['', '/m/home'],
    ['/m/game?x=1', '/m/game?x=1'],
    [`/m/${'a'.repeat(2045)}`, `/m/${'a'.repeat(2045)}`],
  ])('keeps the back URL %j only when it is a safe app path (→ %s)', async (backUrl, expected) => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch({ ...LOTTERY_QUERY, backUrl }));
    const redeemed = envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
    expect(redeemed.backUrl).toBe(expected);
  });

  it('uses /m/home when no back URL is given', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl))).backUrl).toBe('/m/home');
  });

  // ---- trial launch ----------------------------------------------------------------------------

  const trialUrl = (gameId: number, nodeId: string, extra = '') =>
    `${endpoints.trialLaunch.path}?gameId=${gameId}&nodeId=${nodeId}&platform=html5${extra}`;

  it('launches a freeplay game for a visitor: a trial ticket without a member', async () => {
    const response = await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky'));
    expect(response.headers['cache-control']).toBe('no-store');
    const ticket = ticketOf(envelopeValue<GameLaunchValue>(response).gameUrl);
    const [row] = await t.db
      .select()
      .from(gameLaunchTickets)
      .where(eq(gameLaunchTickets.ticketHash, sha256Hex(ticket)));
    expect(row).toMatchObject({ trial: true, customerId: null, backUrl: '/m/home' });
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticket))).toMatchObject({ trial: true });
  });

  it('keeps a safe backUrl of a trial launch and drops a hostile one', async () => {
    const good = envelopeValue<GameLaunchValue>(
      await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky', '&backUrl=%2Fm%2Fgame')),
    );
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticketOf(good.gameUrl))).backUrl).toBe('/m/game');
    const bad = envelopeValue<GameLaunchValue>(
      await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky', '&backUrl=https%3A%2F%2Fevil.example')),
    );
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticketOf(bad.gameUrl))).backUrl).toBe('/m/home');
  });

  it('refuses a trial of a game without free play, a wrong node, maintenance and other merchants', async () => {
    expect(failure(await get(t.app, trialUrl(idOf('TL_SPIN'), 'node-spin')))).toEqual({
      status: 400,
      code: ErrorCode.GAME_TRIAL_UNAVAILABLE,
    });
    expect(failure(await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-other')))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
    expect(failure(await get(t.app, trialUrl(idOf('TL_BROKEN'), 'node-broken')))).toEqual({
      status: 400,
      code: ErrorCode.GAME_MAINTENANCE,
    });
    expect(failure(await get(t.app, trialUrl(idOf('TL_LOTUS'), 'node-lotus')))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
    expect((await get(t.app, trialUrl(idOf('TL_LOTUS'), 'node-lotus'), { host: LOTUS })).statusCode).toBe(
      200,
    );
    expect(
      failure(await get(t.app, `${endpoints.trialLaunch.path}?gameId=x&nodeId=n&platform=html5`)),
    ).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  it('answers 400, not 500, for game ids past the id column and NUL in text the database sees', async () => {
    expect(
      failure(await get(t.app, `${endpoints.trialLaunch.path}?gameId=9999999999&nodeId=n&platform=html5`)),
    ).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    expect(
      failure(
        await plainPost(
          t.app,
          endpoints.toggleFavourite.path,
          { gameId: '2147483648', favourite: true },
          { token: demoToken },
        ),
      ),
    ).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    expect(
      failure(await launch({ launchMode: 'LOTT', lottoView: 'lobby', lottoPrizeMode: 'a\u0000b' })),
    ).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
  });

  // ---- tickets ---------------------------------------------------------------------------------

  it('redeems a ticket once: a second redemption answers 400 launch_ticket_invalid', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    const first = await redeem(ticket);
    expect(first.headers['cache-control']).toBe('no-store');
    const session = envelopeValue<DemoRedeemResult>(first);
    expect(session.playToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(stored?.credit).toBe(DEMO_LOTTERY.trialCredit);
    expect(failure(await redeem(ticket))).toEqual({ status: 400, code: ErrorCode.LAUNCH_TICKET_INVALID });
  });

  it('lets only one of two racing redemptions win', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    const answers = await Promise.all([redeem(ticket), redeem(ticket), redeem(ticket)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired ticket, an unknown one and one of another merchant', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    clock.advance(LAUNCH_TICKET_TTL_MS);
    expect(failure(await redeem(ticket))).toEqual({ status: 400, code: ErrorCode.LAUNCH_TICKET_INVALID });
    expect(failure(await redeem('A'.repeat(43)))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });

    const fresh = ticketOf(envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY)).gameUrl);
    expect(failure(await redeem(fresh, LOTUS))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    // The wrong merchant's attempt did not use it up.
    expect((await redeem(fresh)).statusCode).toBe(200);
    expect(failure(await redeem('short'))).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
  });

  it('refuses a cross-origin redemption', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const response = await plainPost(
      t.app,
      DemoGamePath.redeem,
      { ticket: ticketOf(gameUrl) },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(failure(response)).toEqual({ status: 403, code: 'cross_origin_forbidden' });
  });

  // ---- rounds ----------------------------------------------------------------------------------

  it.each([
    ['too few picks', { picks: [1, 2], stake: 10 }],
    ['too many picks', { picks: [1, 2, 3, 4], stake: 10 }],
    ['duplicate picks', { picks: [1, 1, 2], stake: 10 }],
    ['a pick out of range', { picks: [0, 1, 2], stake: 10 }],
    ['a pick above the range', { picks: [1, 2, DEMO_LOTTERY.numberMax + 1], stake: 10 }],
    ['a fractional pick', { picks: [1, 2, 2.5], stake: 10 }],
    ['a stake not offered', { picks: [1, 2, 3], stake: 15 }],
    ['no stake', { picks: [1, 2, 3] }],
  ])('refuses a round with %s (400 invalid_request), credit untouched', async (_name, body) => {
    const session = await play();
    expect(failure(await round(session.playToken, body))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    const [row] = await t.db
      .select({ credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(row?.credit).toBe(DEMO_LOTTERY.trialCredit);
  });

  it('refuses a round without a play token, with a bad one, an expired one or on another merchant', async () => {
    const session = await play();
    const body = { picks: [1, 2, 3], stake: 10 };
    expect(failure(await plainPost(t.app, DemoGamePath.round, body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    expect(failure(await round('x'.repeat(43), body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    expect(failure(await round(session.playToken, body, LOTUS))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    // A session lasts 2 hours.
    clock.advance(2 * 60 * 60_000);
    expect(failure(await round(session.playToken, body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
  });

  it('sweeps play sessions and their rounds once they ended before the rank-list window', async () => {
    const session = await play();
    await round(session.playToken, { picks: [2, 5, 9], stake: 10 });
    // A sweeper with its own clock: moving the shared one would end the members' logins too.
    let offset = 0;
    const later = () => clock.now() + offset;
    const demo = new DemoGame(t.db, later, new LaunchTickets(t.db, later));
    const sessionRows = async () =>
      (await t.db.select().from(demoGameSessions)).filter(
        (row) => row.tokenHash === sha256Hex(session.playToken),
      );
    // Ended (2 h), but still inside the 7-day window: kept.
    offset = DEMO_SESSION_TTL_MS + RANK_LIST_WINDOW_MS - 1000;
    await demo.sweep();
    expect(await sessionRows()).toHaveLength(1);
    offset += 2000;
    await demo.sweep();
    expect(await sessionRows()).toHaveLength(0);
  });

  it('keeps the credit right over several rounds and stores each round', async () => {
    const session = await play();
    let credit = session.credit;
    const picks = [2, 5, 9];
    for (let index = 0; index < 8; index += 1) {
      const stake = DEMO_LOTTERY.stakes[index % DEMO_LOTTERY.stakes.length] ?? 10;
      const response = await round(session.playToken, { picks, stake });
      expect(response.headers['cache-control']).toBe('no-store');
      const result = envelopeValue<DemoRoundResult>(response);
      expect(result.drawn).toHaveLength(DEMO_LOTTERY.pickCount);
      expect(new Set(result.drawn).size).toBe(DEMO_LOTTERY.pickCount);
      for (const number of result.drawn) {
        expect(number).toBeGreaterThanOrEqual(1);
        expect(number).toBeLessThanOrEqual(DEMO_LOTTERY.numberMax);
      }
      const matches = picks.filter((pick) => result.drawn.includes(pick)).length;
      expect(result.matches).toBe(matches);
      expect(result.payout).toBe(stake * (DEMO_PAY_TABLE[matches] ?? 0));
      credit = credit - stake + result.payout;
      expect(result.credit).toBe(credit);
    }
    const [row] = await t.db
      .select({ id: demoGameSessions.id, credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(row?.credit).toBe(credit);
    const rounds = await t.db
      .select()
      .from(demoGameRounds)
      .where(eq(demoGameRounds.sessionId, row?.id ?? 0));
    expect(rounds).toHaveLength(8);
    expect(rounds.every((each) => JSON.stringify(each.picks) === JSON.stringify(picks))).toBe(true);

    // The page reloaded: the play token reads the session back.
    const reread = await t.app.inject({
      method: 'GET',
      url: DEMO_SESSION_PATH,
      headers: { host: AURORA, authorization: session.playToken },
    });
    expect(envelopeValue<{ credit: number }>(reread).credit).toBe(credit);
  });

  it('refuses a stake above the credit (400 invalid_request) and leaves the credit as it was', async () => {
    const session = await play();
    await t.db
      .update(demoGameSessions)
      .set({ credit: 15 })
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(failure(await round(session.playToken, { picks: [1, 2, 3], stake: 20 }))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    const result = envelopeValue<DemoRoundResult>(
      await round(session.playToken, { picks: [1, 2, 3], stake: 10 }),
    );
    expect(result.credit).toBe(5 + result.payout);
  });

  it('never overdraws under concurrent rounds', async () => {
    const session = await play();
    const tokenHash = sha256Hex(session.playToken);
    await t.db.update(demoGameSessions).set({ credit: 100 }).where(eq(demoGameSessions.tokenHash, tokenHash));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => round(session.playToken, { picks: [1, 2, 3], stake: 50 })),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    for (const answer of refused) {
      expect(failure(answer)).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    }
    const [row] = await t.db
      .select({ id: demoGameSessions.id, credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, tokenHash));
    const rounds = await t.db
      .select()
      .from(demoGameRounds)
      .where(eq(demoGameRounds.sessionId, row?.id ?? 0));
    expect(rounds).toHaveLength(accepted.length);
    const expected = 100 + rounds.reduce((sum, each) => sum - each.stake + each.payout, 0);
    expect(row?.credit).toBe(expected);
    expect(row?.credit).toBeGreaterThanOrEqual(0);
    for (const answer of accepted) {
      expect(envelopeValue<DemoRoundResult>(answer).credit).toBeGreaterThanOrEqual(0);
    }
  });

  // ---- the demo page -----------------------------------------------------------------------------

  it('serves the demo page with its own strict policy, and its script and stylesheet', async () => {
    const page = await get(t.app, `${DemoGamePath.page}?ticket=abc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(DEMO_CSP);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/\sstyle=/);
    expect(page.body).not.toMatch(/\son[a-z]+=/);
    for (let n = 1; n <= DEMO_LOTTERY.numberMax; n += 1) {
      expect(page.body).toContain(`data-number="${n}" disabled>${n}</button>`);
    }
    expect(page.body).toContain('>Play</button>');
    expect(page.body).toContain('>Back</a>');
    expect(page.body).toContain('<span id="credit-label">Credit</span>');

    const script = await get(t.app, '/demo-game/game.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('history.replaceState');
    expect(script.body).not.toMatch(/\binterface\b|: string\b/);

    const style = await get(t.app, '/demo-game/game.css');
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);

    const bare = await get(t.app, '/demo-game?ticket=abc');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/demo-game/?ticket=abc');
  });

  // ---- member lists ----------------------------------------------------------------------------

  it('lists the recent games newest first, one entry per game', async () => {
    const token = await loginAurora('newbie');
    const order = ['TL_LUCKY', 'TL_SPIN', 'TL_NORTH', 'TL_LUCKY'];
    for (const code of order) {
      clock.advance(1000);
      const query =
        code === 'TL_LUCKY'
          ? LOTTERY_QUERY
          : code === 'TL_NORTH'
            ? { vendor: VN_LOTTERY_VENDOR, gameCode: code }
            : { vendor: V.slots, gameCode: code };
      expect((await launch(query, token)).statusCode).toBe(200);
    }
    const response = await get(t.app, endpoints.recentGames.path, { token });
    expect(response.headers['cache-control']).toBe('no-store');
    const cards = envelopeValue<GameCard[]>(response);
    expect(cards.map((card) => card.gameCode)).toEqual(['TL_LUCKY', 'TL_NORTH', 'TL_SPIN']);
    expect(cards[0]).toMatchObject({
      gameId: String(idOf('TL_LUCKY')),
      nodeId: 'node-lucky',
      displayName: 'Lucky Test',
      accountTypeName: `${V.lotto} vendor`,
      vendor: V.lotto,
      category: 'LOTT',
      freeplay: true,
      imageBase: `/wps/game/image/game-${idOf('TL_LUCKY')}`,
      launch: { kind: 'lottery', prizeMode: 'Official', playType: 'NORMAL' },
    });
    // A failed launch is not recorded.
    await launch({ vendor: V.maint, gameCode: 'TL_BROKEN' }, token);
    const again = envelopeValue<GameCard[]>(await get(t.app, endpoints.recentGames.path, { token }));
    expect(again).toHaveLength(3);
    // Another member's list is their own.
    const others = envelopeValue<GameCard[]>(
      await get(t.app, endpoints.recentGames.path, { token: agentToken }),
    );
    expect(others.map((card) => card.gameCode)).not.toContain('TL_NORTH');
  });

  it('caps the recent games and leaves out games no longer offered', async () => {
    const token = await loginAurora('expired');
    for (const code of ['TL_LUCKY', 'TL_SPIN']) {
      clock.advance(1000);
      await launch(code === 'TL_LUCKY' ? LOTTERY_QUERY : { vendor: V.slots, gameCode: code }, token);
    }
    await t.db.update(games).set({ enabled: false }).where(eq(games.gameCode, 'TL_SPIN'));
    try {
      const cards = envelopeValue<GameCard[]>(await get(t.app, endpoints.recentGames.path, { token }));
      expect(cards.map((card) => card.gameCode)).toEqual(['TL_LUCKY']);
    } finally {
      await t.db.update(games).set({ enabled: true }).where(eq(games.gameCode, 'TL_SPIN'));
    }
  });

  it('toggles favourites idempotently, per member', async () => {
    const toggle = (body: unknown, token = demoToken) =>
      plainPost(t.app, endpoints.toggleFavourite.path, body, { token });
    const lucky = String(idOf('TL_LUCKY'));
    const spin = String(idOf('TL_SPIN'));
    for (let index = 0; index < 2; index += 1) {
      const response = await toggle({ gameId: lucky, favourite: true });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(envelopeValue<FavouriteToggle>(response)).toEqual({ gameId: lucky, favourite: true });
    }
    clock.advance(1000);
    await toggle({ gameId: spin, favourite: true });
    const list = await get(t.app, endpoints.favouriteGames.path, { token: demoToken });
    expect(list.headers['cache-control']).toBe('no-store');
    expect(envelopeValue<GameCard[]>(list).map((card) => card.gameCode)).toEqual(['TL_SPIN', 'TL_LUCKY']);
    // The other member sees none of them.
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: agentToken })),
    ).toEqual([]);
    for (let index = 0; index < 2; index += 1) {
      expect(envelopeValue<FavouriteToggle>(await toggle({ gameId: spin, favourite: false }))).toEqual({
        gameId: spin,
        favourite: false,
      });
    }
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: demoToken })).map(
        (card) => card.gameCode,
      ),
    ).toEqual(['TL_LUCKY']);
    // Unfavouriting by another member leaves this one's favourite alone.
    await toggle({ gameId: lucky, favourite: false }, agentToken);
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: demoToken })),
    ).toHaveLength(1);
  });

  it("refuses favourites of unknown or another merchant's games, bad bodies and missing tokens", async () => {
    const toggle = (body: unknown, token?: string) =>
      plainPost(t.app, endpoints.toggleFavourite.path, body, token === undefined ? {} : { token });
    expect(failure(await toggle({ gameId: '999999', favourite: true }, demoToken))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
    expect(failure(await toggle({ gameId: String(idOf('TL_LOTUS')), favourite: true }, demoToken))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
    expect(failure(await toggle({ gameId: 'abc', favourite: true }, demoToken))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(failure(await toggle({ gameId: String(idOf('TL_LUCKY')) }, demoToken))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(failure(await toggle({ gameId: String(idOf('TL_LUCKY')), favourite: true }))).toEqual({
      status: 401,
      code: ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED,
    });
    for (const path of [endpoints.favouriteGames.path, endpoints.recentGames.path]) {
      expect(failure(await get(t.app, path))).toEqual({
        status: 401,
        code: ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED,
      });
    }
  });

  it(`caps the favourites at ${FAVOURITE_GAMES_LIMIT}`, async () => {
    const member = await loginAurora('newbie');
    const extra = await t.db
      .insert(games)
      .values(
        Array.from({ length: FAVOURITE_GAMES_LIMIT }, (_, index) => ({
          vendorCode: V.slots,
          gameCode: `TL_CAP_${index}`,
          nodeId: `node-cap-${index}`,
          displayName: `Cap ${index}`,
          category: 'RNG',
          launch: { kind: 'vendor' } as GameLaunchTarget,
          position: 1000 + index,
          art: ART,
        })),
      )
      .returning({ id: games.id });
    try {
      for (const row of extra) {
        const response = await plainPost(
          t.app,
          endpoints.toggleFavourite.path,
          { gameId: String(row.id), favourite: true },
          { token: member },
        );
        expect(response.statusCode).toBe(200);
      }
      expect(
        failure(
          await plainPost(
            t.app,
            endpoints.toggleFavourite.path,
            { gameId: String(idOf('TL_SEA')), favourite: true },
            { token: member },
          ),
        ),
      ).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
      // Re-favouriting one already held is still fine at the cap.
      const first = extra[0]?.id ?? 0;
      expect(
        (
          await plainPost(
            t.app,
            endpoints.toggleFavourite.path,
            { gameId: String(first), favourite: true },
            { token: member },
          )
        ).statusCode,
      ).toBe(200);
      const list = envelopeValue<GameCard[]>(
        await get(t.app, endpoints.favouriteGames.path, { token: member }),
      );
      expect(list).toHaveLength(FAVOURITE_GAMES_LIMIT);
    } finally {
      await t.db.delete(games).where(
        inArray(
          games.id,
          extra.map((row) => row.id),
        ),
      );
    }
  });

  // ---- rank list -------------------------------------------------------------------------------

  it('lists the biggest recent wins of real launches on this merchant, names masked; trial rounds never', async () => {
    const member = await play();
    const visitorTicket = ticketOf(
      envelopeValue<GameLaunchValue>(await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky'))).gameUrl,
    );
    const visitor = envelopeValue<DemoRedeemResult>(await redeem(visitorTicket));
    const sessionId = async (playToken: string) => {
      const [row] = await t.db
        .select({ id: demoGameSessions.id })
        .from(demoGameSessions)
        .where(eq(demoGameSessions.tokenHash, sha256Hex(playToken)));
      return row?.id ?? 0;
    };
    const memberSession = await sessionId(member.playToken);
    const visitorSession = await sessionId(visitor.playToken);
    // Rounds written straight in, so the wins are known.
    const at = (offsetMs: number) => new Date(clock.now() + offsetMs);
    await t.db.insert(demoGameRounds).values([
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 3],
        stake: 50,
        payout: 25_000,
        createdAt: at(-1000),
      },
      {
        sessionId: visitorSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 9],
        stake: 50,
        payout: 15_000,
        createdAt: at(-500),
      },
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [7, 8, 9],
        stake: 50,
        payout: 0,
        createdAt: at(-100),
      },
      // Too old for the list.
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 3],
        stake: 50,
        payout: 99_000,
        createdAt: at(-8 * 86_400_000),
      },
    ]);
    const response = await get(t.app, endpoints.rankList.path);
    expect(response.statusCode).toBe(200);
    const list = envelopeValue<RankEntry[]>(response);
    expect(list.length).toBeLessThanOrEqual(20);
    expect(list.every((entry) => entry.amount > 0)).toBe(true);
    expect(list.map((entry) => entry.amount)).toEqual(
      [...list.map((entry) => entry.amount)].sort((a, b) => b - a),
    );
    expect(list[0]).toEqual({
      maskedName: 'de***o',
      gameName: 'Lucky Test',
      gameId: String(idOf('TL_LUCKY')),
      amount: 25_000,
      currency: 'PHP',
      at: at(-1000).toISOString(),
    });
    // The visitor's trial win was play credit: not a win in the merchant's currency.
    expect(list.some((entry) => entry.amount === 15_000)).toBe(false);
    expect(list.some((entry) => entry.maskedName === 'Guest')).toBe(false);
    expect(list.some((entry) => entry.amount === 99_000)).toBe(false);
    expect(JSON.stringify(list)).not.toContain('"demo"');
    // Another merchant's list holds none of these.
    const lotus = envelopeValue<RankEntry[]>(await get(t.app, endpoints.rankList.path, { host: LOTUS }));
    expect(lotus.some((entry) => entry.amount === 25_000 || entry.amount === 15_000)).toBe(false);
  });

  it('keeps the fixtures of other merchants apart', async () => {
    const rows = await t.db
      .select({ code: games.gameCode })
      .from(games)
      .where(and(eq(games.vendorCode, V.lotus), eq(games.enabled, true)));
    expect(rows.map((row) => row.code)).toEqual(['TL_LOTUS']);
  });
});
