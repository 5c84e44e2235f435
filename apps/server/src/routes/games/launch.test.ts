import {
  DEMO_LOTTERY,
  DemoGamePath,
  LAUNCH_TICKET_TTL_MS,
  SEA_LOTTERY_MODE,
  VN_LOTTERY_VENDOR,
  type GameLaunchValue,
} from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameLaunchTickets } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { DemoRedeemResult } from '@wps/contract/games';
import { AURORA, failure, get, LOTUS, plainPost } from '../../test/accounts.js';
import { backends } from '../../test/test-app.js';
import {
  envelopeValue,
  launchUrl,
  LOTTERY_QUERY,
  setVendors,
  ticketOf,
  useLaunchApp,
  V,
} from '../../test/game-launch.js';

describe.each(backends)('game launch (%s)', (backend) => {
  const { t, clock, tokens, idOf, launch, redeem, trialUrl } = useLaunchApp(backend);

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
    // A member's launch plays the member's money: the wallet's balance (none yet), in pesos.
    expect(redeemed).toMatchObject({
      game: { displayName: title },
      credit: 0,
      trial: false,
      currency: 'PHP',
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
    expect(failure(await launch({ launchMode: 'LOTT', lottoView: 'lobby' }, tokens.lotus, LOTUS))).toEqual({
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
        authorization: tokens.demo,
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
    expect((await launch(query, tokens.lotus, LOTUS)).statusCode).toBe(200);
    await setVendors(t.db, 'lotus', []);
    try {
      expect(failure(await launch(query, tokens.lotus, LOTUS))).toEqual({
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

  it('launches a freeplay game for a visitor: a trial ticket without a member', async () => {
    const response = await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky'));
    expect(response.headers['cache-control']).toBe('no-store');
    const ticket = ticketOf(envelopeValue<GameLaunchValue>(response).gameUrl);
    const [row] = await t.db
      .select()
      .from(gameLaunchTickets)
      .where(eq(gameLaunchTickets.ticketHash, sha256Hex(ticket)));
    expect(row).toMatchObject({ trial: true, customerId: null, backUrl: '/m/home' });
    // Play credit, labelled as such: no currency, never the member's money.
    expect(envelopeValue<DemoRedeemResult>(await redeem(ticket))).toMatchObject({
      trial: true,
      currency: null,
      credit: DEMO_LOTTERY.trialCredit,
      stakes: [...DEMO_LOTTERY.stakes],
    });
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
          { token: tokens.demo },
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
});
