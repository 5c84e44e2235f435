import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/databases.js';
import { useLedgerDatabase } from '../../test/ledger.js';
import { countWager } from './bonus.js';
import { houseBucket, Ledger, type AccountRef } from './ledger.js';
import { rowsOf } from './sql.js';
import { ledgerHolds, verifyLedger } from './verify.js';

let nextMember = 50_000;
const cash = (customerId: number): AccountRef => ({ kind: 'member_cash', currency: 'PHP', customerId });
const bonus = (customerId: number): AccountRef => ({ kind: 'member_bonus', currency: 'PHP', customerId });

describe.each(backends)('wagering towards a bonus (%s)', (backend) => {
  const t = useLedgerDatabase(backend);
  const merchantId = () => t.merchantId('aurora');
  let serial = 0;
  const write = (run: Parameters<Ledger['write']>[0]['run']) =>
    new Ledger(t.db).write({
      merchantId: merchantId(),
      source: 'test',
      key: `bonus-${(serial += 1)}`,
      request: serial,
      run,
    });

  /** A member with 10,000 cash and grants of (amount, turnover required), oldest first. */
  async function member(grants: [bigint, bigint][]): Promise<number> {
    const customerId = (nextMember += 1);
    await write(async (tx) => {
      await tx.transfer({
        kind: 'deposit',
        customerId,
        legs: [
          { account: { kind: 'psp_clearing', currency: 'PHP' }, amount: -10_000n },
          { account: cash(customerId), amount: 10_000n },
        ],
      });
      for (const [amount, required] of grants) {
        await tx.transfer({
          kind: 'bonus',
          customerId,
          legs: [
            { account: { kind: 'bonus_pool', currency: 'PHP' }, amount: -amount },
            { account: bonus(customerId), amount },
          ],
        });
        await tx.runner.execute(
          sql`INSERT INTO bonus_grants (merchant_id, customer_id, payment_id, currency, amount, turnover_required)
              VALUES (${merchantId()}, ${customerId}, 'p', 'PHP', ${amount.toString()}::bigint, ${required.toString()}::bigint)`,
        );
      }
      return null;
    });
    return customerId;
  }
  const bet = (customerId: number, stake: bigint) =>
    write(async (tx) => {
      await tx.transfer({
        kind: 'bet',
        customerId,
        legs: [
          { account: cash(customerId), amount: -stake },
          { account: { kind: 'house', currency: 'PHP', bucket: houseBucket(customerId) }, amount: stake },
        ],
      });
      return (await countWager(tx, customerId, 'PHP', stake)).toString();
    });

  // [case, grants (amount, required), stakes, released by the last stake, grant states, cash after, bonus after]
  it.each([
    ['turnover not yet met', [[500n, 1_000n]], [400n, 500n], '0', ['active'], 9_100n, 500n],
    ['met exactly by the second stake', [[500n, 1_000n]], [400n, 600n], '500', ['met'], 9_500n, 0n],
    [
      'one stake meets the first and counts the rest for the next',
      [
        [500n, 300n],
        [200n, 1_000n],
      ],
      [500n],
      '500',
      ['met', 'active'],
      10_000n,
      200n,
    ],
    ['no bonus at all', [], [700n], '0', [], 9_300n, 0n],
  ] as const)('%s', async (_case, grants, stakes, released, states, cashAfter, bonusAfter) => {
    const customerId = await member(grants.map(([a, r]) => [a, r]));
    let last = '0';
    for (const stake of stakes) last = (await bet(customerId, stake)).answer as string;
    expect(last).toBe(released);
    const rows = await rowsOf<{ state: string }>(
      t.db,
      sql`SELECT state FROM bonus_grants WHERE merchant_id = ${merchantId()} AND customer_id = ${customerId} ORDER BY id`,
    );
    expect(rows.map((row) => row.state)).toEqual(states);
    const ledger = new Ledger(t.db);
    expect(await ledger.balance(merchantId(), cash(customerId))).toBe(cashAfter);
    expect(await ledger.balance(merchantId(), bonus(customerId))).toBe(bonusAfter);
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });
});
