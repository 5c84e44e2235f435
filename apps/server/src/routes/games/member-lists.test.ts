import { ErrorCode } from '@wps/contract/errorCodes';
import {
  FAVOURITE_GAMES_LIMIT,
  VN_LOTTERY_VENDOR,
  type GameCard,
  type GameLaunchTarget,
  type GameLaunchValue,
  type RankEntry,
} from '@wps/contract/games';
import type { FavouriteToggle } from '@wps/contract/schemas/games';
import { endpoints } from '@wps/contract/endpoints';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoGameRounds, demoGameSessions, games } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { DemoRedeemResult } from '@wps/contract/games';
import { failure, get, LOTUS, plainPost } from '../../test/accounts.js';
import { backends } from '../../test/test-app.js';
import { ART, envelopeValue, LOTTERY_QUERY, ticketOf, useLaunchApp, V } from '../../test/game-launch.js';

describe.each(backends)('the member lists and the rank list (%s)', (backend) => {
  const { t, clock, tokens, idOf, loginAurora, launch, redeem, play, trialUrl } = useLaunchApp(backend);

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
      await get(t.app, endpoints.recentGames.path, { token: tokens.agent }),
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
    const toggle = (body: unknown, token = tokens.demo) =>
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
    const list = await get(t.app, endpoints.favouriteGames.path, { token: tokens.demo });
    expect(list.headers['cache-control']).toBe('no-store');
    expect(envelopeValue<GameCard[]>(list).map((card) => card.gameCode)).toEqual(['TL_SPIN', 'TL_LUCKY']);
    // The other member sees none of them.
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: tokens.agent })),
    ).toEqual([]);
    for (let index = 0; index < 2; index += 1) {
      expect(envelopeValue<FavouriteToggle>(await toggle({ gameId: spin, favourite: false }))).toEqual({
        gameId: spin,
        favourite: false,
      });
    }
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: tokens.demo })).map(
        (card) => card.gameCode,
      ),
    ).toEqual(['TL_LUCKY']);
    // Unfavouriting by another member leaves this one's favourite alone.
    await toggle({ gameId: lucky, favourite: false }, tokens.agent);
    expect(
      envelopeValue<GameCard[]>(await get(t.app, endpoints.favouriteGames.path, { token: tokens.demo })),
    ).toHaveLength(1);
  });

  it("refuses favourites of unknown or another merchant's games, bad bodies and missing tokens", async () => {
    const toggle = (body: unknown, token?: string) =>
      plainPost(t.app, endpoints.toggleFavourite.path, body, token === undefined ? {} : { token });
    expect(failure(await toggle({ gameId: '999999', favourite: true }, tokens.demo))).toEqual({
      status: 404,
      code: ErrorCode.GAME_NOT_FOUND,
    });
    expect(failure(await toggle({ gameId: String(idOf('TL_LOTUS')), favourite: true }, tokens.demo))).toEqual(
      {
        status: 404,
        code: ErrorCode.GAME_NOT_FOUND,
      },
    );
    expect(failure(await toggle({ gameId: 'abc', favourite: true }, tokens.demo))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(failure(await toggle({ gameId: String(idOf('TL_LUCKY')) }, tokens.demo))).toEqual({
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

  it('lists the biggest recent real-money wins on this merchant in its currency, names masked; play credit and unsettled wins never', async () => {
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
    // Rounds written straight in, so the wins are known: the member's in PHP centavos.
    const at = (offsetMs: number) => new Date(clock.now() + offsetMs);
    const money = { currency: 'PHP', walletRound: 'r', state: 'settled' as const };
    await t.db.insert(demoGameRounds).values([
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 3],
        stake: 5000,
        payout: 25_050,
        ...money,
        createdAt: at(-1000),
      },
      {
        sessionId: visitorSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 9],
        stake: 50,
        payout: 150_000,
        createdAt: at(-500),
      },
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [7, 8, 9],
        stake: 5000,
        payout: 0,
        ...money,
        createdAt: at(-100),
      },
      // The wallet has not acknowledged this win yet: not a win to show.
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 3],
        stake: 5000,
        payout: 250_000,
        ...money,
        state: 'paying',
        createdAt: at(-100),
      },
      // Too old for the list.
      {
        sessionId: memberSession,
        picks: [1, 2, 3],
        drawn: [1, 2, 3],
        stake: 5000,
        payout: 990_000,
        ...money,
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
      // 25,050 centavos: 250.50 pesos, in major units as every money amount of the list.
      amount: 250.5,
      currency: 'PHP',
      playCredit: false,
      at: at(-1000).toISOString(),
    });
    expect(list.every((entry) => entry.playCredit === false && entry.currency === 'PHP')).toBe(true);
    // The visitor's trial win was play credit, the unacknowledged one not paid yet, the old one old.
    expect(list.some((entry) => [1500, 150_000, 2500, 9900].includes(entry.amount))).toBe(false);
    expect(list.some((entry) => entry.maskedName === 'Guest')).toBe(false);
    expect(JSON.stringify(list)).not.toContain('"demo"');
    // Another merchant's list holds none of these.
    const lotus = envelopeValue<RankEntry[]>(await get(t.app, endpoints.rankList.path, { host: LOTUS }));
    expect(lotus.some((entry) => entry.amount === 250.5)).toBe(false);
  });

  it('keeps the fixtures of other merchants apart', async () => {
    const rows = await t.db
      .select({ code: games.gameCode })
      .from(games)
      .where(and(eq(games.vendorCode, V.lotus), eq(games.enabled, true)));
    expect(rows.map((row) => row.code)).toEqual(['TL_LOTUS']);
  });
});
