import { randomUUID } from 'node:crypto';
import type { DemoRoundResult, RankEntry } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, demoGameRounds, demoGameSessions, seamlessTransactions } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/tokens.js';
import {
  DEMO_VENDOR_ID,
  DemoMoneyRounds,
  PENDING_ROUND_AGE_MS,
  type MoneySession,
} from '../../services/games/demo-vendor/money-rounds.js';
import {
  SeamlessWalletClient,
  type WalletTransport,
} from '../../services/games/demo-vendor/wallet-client.js';
import { KeyEncryptionKey } from '../../services/keys/key-encryption-key.js';
import { Ledger, SeamlessSessions, SeamlessVendors } from '../../services/wallet/index.js';
import { acceptedTerms, AURORA, failure, get } from '../../test/accounts.js';
import { HOUR } from '../../test/clock.js';
import { envelopeValue, useLaunchApp } from '../../test/game-launch.js';
import { expectLedgerHolds, writtenRows } from '../../test/seamless.js';
import { backends, TEST_SECRET_KEY } from '../../test/test-app.js';

/**
 * The demo vendor playing a member's money through the seamless wallet (issue 28 item 6): stakes
 * taken and wins paid by signed calls, the balance shown in the game; free play never touching money
 * or the rank list; a round cut off mid-way settled later, never lost and never paid twice.
 */
describe.each(backends)('the demo game with real money (%s)', (backend) => {
  const { t, clock, tokens, idOf, round, play, playTrial } = useLaunchApp(backend);

  async function customerId(username: string): Promise<{ merchantId: number; customerId: number }> {
    const [row] = await t.db
      .select({ merchantId: customers.merchantId, customerId: customers.id })
      .from(customers)
      .where(and(eq(customers.username, username)));
    if (row === undefined) throw new Error(`no member ${username}`);
    return row;
  }
  const cash = (customer: number) => ({
    kind: 'member_cash' as const,
    currency: 'PHP',
    customerId: customer,
  });

  async function fund(username: string, amount: bigint) {
    const who = await customerId(username);
    await new Ledger(t.db).write({
      merchantId: who.merchantId,
      source: 'test:funding',
      key: randomUUID(),
      request: { amount: amount.toString() },
      run: async (tx) => {
        await tx.transfer({
          kind: 'deposit',
          customerId: who.customerId,
          legs: [
            { account: { kind: 'psp_clearing', currency: 'PHP' }, amount: -amount },
            { account: cash(who.customerId), amount },
          ],
        });
        return null;
      },
    });
    return who;
  }
  const balance = async (username: string) => {
    const who = await customerId(username);
    return new Ledger(t.db).balance(who.merchantId, cash(who.customerId));
  };

  it('takes each stake from the member’s balance and pays each win into it, the game showing the balance', async () => {
    const who = await fund('demo', 10_000n);
    const start = await balance('demo');
    const session = await play(tokens.demo);
    expect(session).toMatchObject({ trial: false, currency: 'PHP', exponent: 2, credit: Number(start) });
    let expected = Number(start);
    for (let index = 0; index < 6; index += 1) {
      const result = envelopeValue<DemoRoundResult>(
        await round(session.playToken, { picks: [1, 5, 9], stake: 1000 }),
      );
      expected = expected - 1000 + result.payout;
      expect(result.credit).toBe(expected);
      expect(await balance('demo')).toBe(BigInt(expected));
    }
    const [row] = await t.db
      .select()
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    const rounds = await t.db
      .select()
      .from(demoGameRounds)
      .where(eq(demoGameRounds.sessionId, row?.id ?? 0));
    expect(rounds.map((each) => [each.state, each.currency])).toEqual(Array(6).fill(['settled', 'PHP']));
    const moves = await t.db
      .select({ kind: seamlessTransactions.kind })
      .from(seamlessTransactions)
      .where(eq(seamlessTransactions.customerId, who.customerId));
    expect(moves.filter((move) => move.kind === 'bet')).toHaveLength(6);
    expect(moves.filter((move) => move.kind === 'win')).toHaveLength(6);
    // The page reloaded: the balance as the wallet has it now.
    const reread = await t.app.inject({
      method: 'GET',
      url: '/demo-game/api/session',
      headers: { host: AURORA, authorization: session.playToken },
    });
    expect(envelopeValue<{ credit: number }>(reread).credit).toBe(expected);
    await expectLedgerHolds(t.db);
  });

  it('refuses a stake the balance does not cover, or one not offered in the currency: no round, nothing taken', async () => {
    await fund('agent', 500n);
    const session = await play(tokens.agent);
    const before = await writtenRows(t.db);
    for (const stake of [1000, 10]) {
      expect(failure(await round(session.playToken, { picks: [1, 2, 3], stake }))).toMatchObject({
        status: 400,
        code: ErrorCode.INVALID_REQUEST,
      });
    }
    expect(await writtenRows(t.db)).toEqual(before);
    const [row] = await t.db
      .select()
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(
      await t.db
        .select()
        .from(demoGameRounds)
        .where(eq(demoGameRounds.sessionId, row?.id ?? 0)),
    ).toEqual([]);
    expect(await balance('agent')).toBe(500n);
  });

  it('plays free play with play credit only: no balance moves, no rank-list entry', async () => {
    await fund('friend1', 10_000n);
    const ranked = await get(t.app, endpoints.rankList.path);
    const before = await writtenRows(t.db);
    const trial = await playTrial();
    expect(trial).toMatchObject({ trial: true, currency: null, credit: 1000, stakes: [10, 20, 50] });
    for (let index = 0; index < 5; index += 1) {
      expect((await round(trial.playToken, { picks: [2, 4, 6], stake: 50 })).statusCode).toBe(200);
    }
    // A real-money stake means nothing to play credit.
    expect(failure(await round(trial.playToken, { picks: [2, 4, 6], stake: 1000 })).code).toBe(
      ErrorCode.INVALID_REQUEST,
    );
    expect(await writtenRows(t.db)).toEqual(before);
    expect(await balance('friend1')).toBe(10_000n);
    expect(envelopeValue<RankEntry[]>(await get(t.app, endpoints.rankList.path))).toEqual(
      envelopeValue<RankEntry[]>(ranked),
    );
  });

  // ---- rounds cut off mid-way --------------------------------------------------------------------

  /** The vendor's client whose calls of `failing` operations fail: before delivery, or after (answer lost). */
  function flakyRounds(failing: Map<string, 'undelivered' | 'answer-lost'>) {
    const transport: WalletTransport = async (request) => {
      const operation = request.path.slice(request.path.lastIndexOf('/') + 1);
      const fault = failing.get(operation);
      if (fault === 'undelivered') throw new Error('connection refused');
      const response = await t.app.inject({
        method: 'POST',
        url: request.path,
        headers: request.headers,
        payload: request.body,
      });
      if (fault === 'answer-lost') throw new Error('socket hang up');
      return { status: response.statusCode, headers: response.headers, body: response.body };
    };
    const vendors = new SeamlessVendors(t.db, new KeyEncryptionKey(TEST_SECRET_KEY));
    const client = new SeamlessWalletClient({
      vendorId: DEMO_VENDOR_ID,
      secret: () => vendors.ensure(DEMO_VENDOR_ID),
      transport,
      now: clock.now,
    });
    return new DemoMoneyRounds(t.db, clock.now, client);
  }

  let members = 0;
  /** A new member with 100 pesos and a real-money play session, as a launch and its redemption make them. */
  async function moneySession(): Promise<{ session: MoneySession; username: string }> {
    members += 1;
    const username = `money${members}`;
    const { merchantId } = await customerId('demo');
    const [customer] = await t.db
      .insert(customers)
      .values({ merchantId, username, passwordHash: 'unused', ...acceptedTerms() })
      .returning({ id: customers.id });
    const id = customer?.id ?? 0;
    await fund(username, 10_000n);
    const walletToken = await new SeamlessSessions(t.db, clock.now).open({
      vendorId: DEMO_VENDOR_ID,
      merchantId,
      customerId: id,
      currency: 'PHP',
    });
    const [row] = await t.db
      .insert(demoGameSessions)
      .values({
        tokenHash: sha256Hex(randomUUID()),
        merchantId,
        customerId: id,
        gameId: idOf('TL_LUCKY'),
        trial: false,
        credit: 0,
        backUrl: '/m/home',
        player: String(id),
        walletToken,
        currency: 'PHP',
        expiresAt: new Date(clock.now() + HOUR),
      })
      .returning({ id: demoGameSessions.id });
    return {
      username,
      session: { id: row?.id ?? 0, player: String(id), walletToken, currency: 'PHP', gameCode: 'TL_LUCKY' },
    };
  }

  const stateOf = async (sessionId: number) =>
    (
      await t.db
        .select({ state: demoGameRounds.state })
        .from(demoGameRounds)
        .where(eq(demoGameRounds.sessionId, sessionId))
    ).map((row) => row.state);

  const PLAN = { picks: [1, 2, 3], drawn: [1, 2, 7], stake: 1000, payout: 3000 };

  // [case, faults, the round's state before and after the sweep, balance change after the sweep]
  it.each([
    [
      'the bet’s answer lost, its rollback delivered at once',
      [['bet', 'answer-lost']],
      'refunded',
      'refunded',
      0,
    ],
    [
      'the bet never delivered, the rollback leaves a tombstone',
      [['bet', 'undelivered']],
      'refunded',
      'refunded',
      0,
    ],
    [
      'the bet’s and the rollback’s answers lost: the sweep rolls back again',
      [
        ['bet', 'answer-lost'],
        ['rollback', 'answer-lost'],
      ],
      'refunding',
      'refunded',
      0,
    ],
    ['the win never delivered: the sweep pays it', [['win', 'undelivered']], 'paying', 'settled', 2000],
    [
      'the win’s answer lost: the sweep repeats it, paid once',
      [['win', 'answer-lost']],
      'paying',
      'settled',
      2000,
    ],
  ] as const)('settles a round with %s', async (_name, faults, before, after, change) => {
    const { session, username } = await moneySession();
    const start = await balance(username);
    const rounds = flakyRounds(new Map(faults.map(([operation, fault]) => [operation, fault])));
    await rounds
      .play(session, PLAN)
      .catch((error: unknown) =>
        expect((error as { code: string }).code).toBe(ErrorCode.SERVICE_UNAVAILABLE),
      );
    expect(await stateOf(session.id)).toEqual([before]);
    // The sweep, later, with the wallet reachable again.
    clock.advance(PENDING_ROUND_AGE_MS + 1000);
    await flakyRounds(new Map()).settlePending();
    expect(await stateOf(session.id)).toEqual([after]);
    expect(await balance(username)).toBe(start + BigInt(change));
    // A second sweep finds nothing to do.
    await flakyRounds(new Map()).settlePending();
    expect(await balance(username)).toBe(start + BigInt(change));
    await expectLedgerHolds(t.db);
  });
});
