import {
  DEMO_SLOT,
  DemoGamePath,
  VN_LOTTERY_VENDOR,
  type DemoGameKind,
  type DemoRoundResult,
  type DemoRoundView,
  type GameLaunchValue,
} from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { DemoRoundPayload } from '@wps/contract/schemas/games';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, games } from '../../db/schema/index.js';
import { payoutOf, slotPayoutOf, vnPayoutOf } from '../../services/games/demo-vendor/rules.js';
import { Ledger } from '../../services/wallet/index.js';
import { AURORA, failure, get } from '../../test/accounts.js';
import { envelopeValue, LOTTERY_QUERY, ticketOf, useLaunchApp, V } from '../../test/game-launch.js';
import { expectLedgerHolds, fundCustomer, writtenRows } from '../../test/seamless.js';
import { backends } from '../../test/test-app.js';
import type { DemoRedeemResult } from '@wps/contract/games';

/**
 * The demo vendor's three games (issue 28 item 6): the pick-3 lottery, the Vietnam lottery (in
 * Vietnamese) and the slot, each with its own rules and pay table, played with a member's money and
 * with play credit, and each session's round history.
 */
describe.each(backends)('the demo vendor’s three games (%s)', (backend) => {
  const { t, tokens, launch, redeem, round } = useLaunchApp(backend);

  async function demoMember() {
    const [row] = await t.db
      .select({ merchantId: customers.merchantId, customerId: customers.id })
      .from(customers)
      .where(and(eq(customers.username, 'demo')));
    if (row === undefined) throw new Error('no demo member');
    return row;
  }
  const balance = async () => {
    const who = await demoMember();
    return new Ledger(t.db).balance(who.merchantId, {
      kind: 'member_cash',
      currency: 'PHP',
      customerId: who.customerId,
    });
  };
  const rounds = async (playToken: string) =>
    envelopeValue<DemoRoundView[]>(
      await t.app.inject({
        method: 'GET',
        url: DemoGamePath.rounds,
        headers: { host: AURORA, authorization: playToken },
      }),
    );

  /** What the game's own rule pays for what it drew: the server's answer must agree. */
  function expectedPayout(kind: DemoGameKind, payload: DemoRoundPayload, result: DemoRoundResult) {
    if ('picks' in payload) return payoutOf(payload.picks, result.drawn, payload.stake);
    if ('number' in payload) return vnPayoutOf(payload.number, result.drawn[0] ?? -1, payload.stake);
    expect(kind).toBe('slot');
    return slotPayoutOf(result.drawn, payload.stake);
  }

  // [game, launch query, kind, language, a round, a round of another game]
  const GAMES: [string, Record<string, string>, DemoGameKind, string, DemoRoundPayload, DemoRoundPayload][] =
    [
      [
        'the pick-3 lottery',
        LOTTERY_QUERY,
        'pick3',
        'en',
        { picks: [2, 5, 9], stake: 1000 },
        { number: 7, stake: 1000 },
      ],
      [
        'the Vietnam lottery',
        { vendor: VN_LOTTERY_VENDOR, gameCode: 'TL_NORTH', prizeMode: 'VN', device: 'MOBILE' },
        'vn2d',
        'vi',
        { number: 42, stake: 1000 },
        { stake: 1000 },
      ],
      [
        'the slot',
        { vendor: V.slots, gameCode: 'TL_SPIN', device: 'MOBILE' },
        'slot',
        'en',
        { stake: 1000 },
        { picks: [1, 2, 3], stake: 1000 },
      ],
    ];

  it.each(GAMES)(
    'plays %s with the member’s money, by its own pay table, and lists its rounds',
    async (_name, query, kind, language, payload, otherGame) => {
      await fundCustomer(t.db, await demoMember(), 'PHP', 50_000n);
      const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(query, tokens.demo));
      const session = envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
      expect(session).toMatchObject({
        kind,
        language,
        trial: false,
        currency: 'PHP',
        stakes: [1000, 2000, 5000],
      });
      let expected = Number(await balance());
      expect(session.credit).toBe(expected);
      const played: DemoRoundResult[] = [];
      for (let index = 0; index < 5; index += 1) {
        const result = envelopeValue<DemoRoundResult>(await round(session.playToken, payload));
        const { matches, payout } = expectedPayout(kind, payload, result);
        expect({ matches: result.matches, payout: result.payout }).toEqual({ matches, payout });
        if (kind === 'slot') {
          expect(result.drawn).toHaveLength(DEMO_SLOT.reels);
          for (const symbol of result.drawn)
            expect(symbol >= 0 && symbol < DEMO_SLOT.symbols.length).toBe(true);
        }
        if (kind === 'vn2d') expect(result.drawn[0]).toBeLessThan(100_000);
        expected = expected - 1000 + result.payout;
        expect(result.credit).toBe(expected);
        played.push(result);
      }
      expect(await balance()).toBe(BigInt(expected));

      // A round of another game is refused, and writes nothing.
      const before = await writtenRows(t.db);
      expect(failure(await round(session.playToken, otherGame))).toMatchObject({
        status: 400,
        code: ErrorCode.INVALID_REQUEST,
      });
      expect(await writtenRows(t.db)).toEqual(before);

      // The history: newest first, as played.
      const history = await rounds(session.playToken);
      expect(history.map((each) => [each.drawn, each.payout, each.stake, each.state])).toEqual(
        played.reverse().map((each) => [each.drawn, each.payout, 1000, 'settled']),
      );
      await expectLedgerHolds(t.db);
    },
  );

  it('plays the Vietnam lottery’s free play with play credit, in Vietnamese, touching no money', async () => {
    await t.db.update(games).set({ freeplay: true }).where(eq(games.gameCode, 'TL_NORTH'));
    try {
      const [game] = await t.db.select({ id: games.id }).from(games).where(eq(games.gameCode, 'TL_NORTH'));
      const before = await writtenRows(t.db);
      const { gameUrl } = envelopeValue<GameLaunchValue>(
        await get(
          t.app,
          `/wps/relay/GCS_gameTrialLaunch?gameId=${game?.id ?? 0}&nodeId=node-north&platform=html5`,
        ),
      );
      const trial = envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
      expect(trial).toMatchObject({
        kind: 'vn2d',
        language: 'vi',
        trial: true,
        currency: null,
        credit: 1000,
      });
      const result = envelopeValue<DemoRoundResult>(await round(trial.playToken, { number: 7, stake: 50 }));
      expect(result.credit).toBe(1000 - 50 + result.payout);
      expect(await rounds(trial.playToken)).toHaveLength(1);
      expect(await writtenRows(t.db)).toEqual(before);
    } finally {
      await t.db.update(games).set({ freeplay: false }).where(eq(games.gameCode, 'TL_NORTH'));
    }
  });

  it('lists no rounds without a live play token, and none of another session', async () => {
    expect(
      failure(await t.app.inject({ method: 'GET', url: DemoGamePath.rounds, headers: { host: AURORA } })),
    ).toMatchObject({ status: 400, code: ErrorCode.LAUNCH_TICKET_INVALID });
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY, tokens.agent));
    const fresh = envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
    expect(await rounds(fresh.playToken)).toEqual([]);
  });

  it('serves the page with each game’s part, the Vietnam lottery’s in Vietnamese, and its modules', async () => {
    const page = await get(t.app, `${DemoGamePath.page}?ticket=abc`);
    for (const kind of ['pick3', 'vn2d', 'slot']) expect(page.body).toContain(`id="game-${kind}"`);
    expect(page.body).toContain('<div id="rules-vn2d" lang="vi" hidden>');
    expect(page.body).toContain('Trúng: 95 lần tiền cược');
    expect(page.body).toContain('<li>Three 7 pay 200× the stake</li>');
    for (const module of ['api', 'texts']) {
      const script = await get(t.app, `${DemoGamePath.page}${module}.js`);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.body).toMatch(/export /);
    }
  });
});
