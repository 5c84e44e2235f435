import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { endpoints } from '@wps/contract/endpoints';
import type { GameLaunchValue } from '@wps/contract/games';
import type { PayoutAccountView, WithdrawalView } from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import type { ResponsibleGamingStatus } from '@wps/contract/trust';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { get, LOTUS, plainPost, sealedPost, value, type CallOptions } from '../../test/accounts.js';
import {
  DURATION,
  expectBreakRefusal,
  languageHeader,
  staffBreaks,
  type BreakKind,
  type Language,
} from '../../test/breaks.js';
import { fundedLotusMember } from '../../test/cashier.js';
import { betOf, expectLedgerHolds, useSeamlessApp, winOf, writtenRows } from '../../test/seamless.js';
import { backends } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `brk-${process.pid}-${(keys += 1)}-abcdef`;

// Issue 29 item 6, money and play: while a break runs, deposits, bets and real-money launches refuse;
// the member may still withdraw from the session that took the break, and the rounds opened before
// it still settle (a win is paid, a rollback gives the stake back).
describe.each(backends)('a member on a break: money and play (%s)', (backend) => {
  const { t, clock, call, member, balanceOf } = useSeamlessApp(backend);
  // Real time: the DemoPay stand-in signs its callbacks with it.
  clock.set(Date.now());
  const putOnBreak = staffBreaks(clock);

  const takeBreak = async (as: CallOptions, kind: BreakKind) =>
    value(
      await sealedPost(
        t.app,
        endpoints.rgBreak.path,
        { kind, duration: DURATION[kind], password: DEMO_PASSWORD },
        as,
      ),
    );
  const deposit = (as: CallOptions, headers: Record<string, string> = {}) =>
    plainPost(
      t.app,
      '/wps/wallet/deposit',
      { requestKey: requestKey(), method: 'vietqr', amount: '200000' },
      { ...as, headers },
    );
  const paymentsOf = async (customerId: number) =>
    (
      await rowsOf<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM payments WHERE customer_id = ${customerId}`,
      )
    )[0]?.n;

  /** A game lotus offers to members with a working adapter (the seeded catalogue). */
  async function lotusGame(): Promise<{ vendor: string; gameCode: string }> {
    const [row] = await rowsOf<{ vendor: string; game_code: string }>(
      t.db,
      sql`SELECT g.vendor_code AS vendor, g.game_code FROM games g
            JOIN game_vendors v ON v.code = g.vendor_code
            JOIN merchants m ON m.code = 'lotus'
           WHERE g.enabled AND NOT v.maintenance AND g.launch->>'kind' = 'vendor'
             AND (m.public_settings->'gameVendor'->'allVendors') ? g.vendor_code
           ORDER BY g.position, g.id LIMIT 1`,
    );
    if (row === undefined) throw new Error('lotus offers no vendor game');
    return { vendor: row.vendor, gameCode: row.game_code };
  }
  const launch = async (as: CallOptions, headers: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(await lotusGame()), device: 'MOBILE' });
    return get(t.app, `${endpoints.launchGame.path}?${query.toString()}`, { ...as, headers });
  };

  // [kind, the request's language]
  it.each<[BreakKind, Language]>([
    ['time_out', 'VI'],
    ['self_exclusion', 'EN'],
  ])(
    'on a %s the session that took it cannot deposit or launch a game (%s) but can withdraw',
    async (kind, language) => {
      const rich = await fundedLotusMember(t.app, t.db, '1000000');
      const account = value<PayoutAccountView>(
        await sealedPost(
          t.app,
          '/wps/wallet/payout-accounts',
          {
            kind: 'bank',
            bankCode: 'VCB',
            accountName: 'Nguyen Van A',
            accountNumber: '0123456789',
            password: DEMO_PASSWORD,
          },
          rich,
        ),
      );
      // Before the break the game opens.
      expect(value<GameLaunchValue>(await launch(rich)).gameUrl).toMatch(/^https?:\/\//);
      await takeBreak(rich, kind);
      const payments = await paymentsOf(rich.customerId);

      expectBreakRefusal(await deposit(rich, languageHeader(language)), kind, language);
      expectBreakRefusal(await launch(rich, languageHeader(language)), kind, language);
      // A refused deposit wrote no payment.
      expect(await paymentsOf(rich.customerId)).toBe(payments);

      const withdrawal = value<WithdrawalView>(
        await plainPost(
          t.app,
          '/wps/wallet/withdraw',
          { requestKey: requestKey(), accountId: account.id, amount: '300000' },
          rich,
        ),
      );
      expect(withdrawal).toMatchObject({ amount: '300000' });
      expect(value<BalanceView>(await get(t.app, '/wps/wallet/balance', rich))).toMatchObject({
        cash: '700000',
        held: '300000',
      });
      // And the member reads why, and where to get help.
      const status = value<ResponsibleGamingStatus>(await get(t.app, '/wps/rg', rich));
      expect(status.activeBreak).toMatchObject({ kind });
      expect(status.helpLines.length).toBeGreaterThan(0);
    },
  );

  it.each<[BreakKind]>([['time_out'], ['self_exclusion']])(
    'on a %s a new bet is refused (PLAYER_BLOCKED, nothing written), but a win and a rollback of rounds opened before it settle',
    async (kind) => {
      const who = await member(10_000n, 'lotus');
      const won = betOf(who, 1_000);
      const undone = betOf(who, 2_500);
      for (const bet of [won, undone]) expect((await call('bet', bet)).status).toBe(200);
      expect(await balanceOf(who)).toBe(6_500n);
      await putOnBreak(t.app, LOTUS, who.customerId, kind);

      const before = await writtenRows(t.db);
      expect(await call('bet', betOf(who, 500))).toMatchObject({
        status: 403,
        signed: true,
        body: { status: 'ERROR', errorCode: 'PLAYER_BLOCKED' },
      });
      // Nor a bet in a round already open.
      expect(await call('bet', betOf(who, 500, { roundId: won.roundId }))).toMatchObject({
        status: 403,
        body: { errorCode: 'PLAYER_BLOCKED' },
      });
      expect(await writtenRows(t.db)).toEqual(before);
      expect(await balanceOf(who)).toBe(6_500n);

      expect(await call('win', winOf(who, won.roundId, 4_000, { roundClosed: true }))).toMatchObject({
        status: 200,
        body: { status: 'OK', balance: 10_500 },
      });
      const rollback = {
        transactionId: randomUUID(),
        player: who.player,
        roundId: undone.roundId,
        referenceTransactionId: undone.transactionId,
      };
      expect(await call('rollback', rollback)).toMatchObject({
        status: 200,
        body: { status: 'OK', balance: 13_000 },
      });
      expect(await balanceOf(who)).toBe(13_000n);
      await expectLedgerHolds(t.db);
    },
  );
});
