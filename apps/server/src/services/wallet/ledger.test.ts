import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/databases.js';
import { ledgerRowCounts, useLedgerDatabase } from '../../test/ledger.js';
import { DomainError } from '../errors.js';
import { houseBucket, Ledger, MoneyTx, type AccountRef } from './ledger.js';
import { rowsOf, type SqlRunner } from './sql.js';
import { ledgerHolds, verifyLedger } from './verify.js';

let nextMember = 1_000;
const newMember = () => (nextMember += 1);
const cash = (customerId: number): AccountRef => ({ kind: 'member_cash', currency: 'PHP', customerId });
const clearing: AccountRef = { kind: 'psp_clearing', currency: 'PHP' };
const house = (customerId: number): AccountRef => ({
  kind: 'house',
  currency: 'PHP',
  bucket: houseBucket(customerId),
});

/** A deposit-shaped write: clearing → member cash. */
const deposit = (tx: MoneyTx, customerId: number, amount: bigint) =>
  tx.transfer({
    kind: 'deposit',
    customerId,
    legs: [
      { account: clearing, amount: -amount },
      { account: cash(customerId), amount },
    ],
  });

const bet = (tx: MoneyTx, customerId: number, amount: bigint) =>
  tx.transfer({
    kind: 'bet',
    customerId,
    legs: [
      { account: cash(customerId), amount: -amount },
      { account: house(customerId), amount },
    ],
  });

async function refusal(promise: Promise<unknown>): Promise<{ code: string; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, data: error.data };
    return { code: `thrown: ${(error as Error).message}`, data: null };
  }
  return { code: 'none', data: null };
}

describe.each(backends)('the ledger (%s)', (backend) => {
  const t = useLedgerDatabase(backend);
  const ledger = () => new Ledger(t.db);
  const write = (customerId: number, key: string, amount: bigint, kind: 'deposit' | 'bet' = 'deposit') =>
    ledger().write({
      merchantId: t.merchantId('aurora'),
      source: `test:${customerId}`,
      key,
      request: { kind, amount: amount.toString() },
      run: async (tx) => {
        await (kind === 'deposit' ? deposit(tx, customerId, amount) : bet(tx, customerId, amount));
        return { balance: (await tx.balance(cash(customerId))).toString() };
      },
    });

  it('posts a balanced transfer and caches the balance', async () => {
    const member = newMember();
    const result = await write(member, 'd1', 12_345n);
    expect(result).toEqual({ answer: { balance: '12345' }, replayed: false });
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(12_345n);
    const entries = await rowsOf<{ amount: string }>(
      t.db,
      sql`SELECT e.amount::text AS amount FROM wallet_entries e JOIN wallet_accounts a ON a.id = e.account_id
          WHERE a.customer_id = ${member} OR (a.kind = 'psp_clearing' AND e.transfer_id = (
            SELECT max(transfer_id) FROM wallet_entries))`,
    );
    expect(entries.map((row) => row.amount).sort()).toEqual(['-12345', '12345']);
  });

  // [case, what is sent again, outcome, rows the repeat writes, balance after]
  it.each([
    ['the same key and request: the stored answer, replayed', 'same', 500n, 'replayed', 0, 500n],
    ['the same key, another amount: idempotency_conflict', 'same', 501n, 'idempotency_conflict', 0, 500n],
    ['another key, the same amount: a second movement', 'other', 500n, 'posted', 4, 1_000n],
  ] as const)('a repeat: %s', async (_case, key, amount, outcome, rowsWritten, balanceAfter) => {
    const member = newMember();
    const first = await write(member, 'same', 500n);
    const before = await ledgerRowCounts(t.db);
    let seen: string;
    try {
      const again = await write(member, key, amount);
      seen = again.replayed ? 'replayed' : 'posted';
      if (again.replayed) expect(again.answer).toEqual(first.answer);
    } catch (error) {
      seen = error instanceof DomainError ? error.code : String(error);
    }
    expect(seen).toBe(outcome);
    const after = await ledgerRowCounts(t.db);
    const total = (counts: Record<string, number>) =>
      (counts.requests ?? 0) + (counts.transfers ?? 0) + (counts.entries ?? 0);
    expect(total(after) - total(before)).toBe(rowsWritten);
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(balanceAfter);
  });

  // [case, balance, bet, refusal code, balance after]
  it.each([
    ['a bet of the whole balance', 300n, 300n, 'none', 0n],
    ['a bet one minor unit above the balance', 300n, 301n, 'insufficient_funds', 300n],
    ['a bet on an empty wallet', 0n, 1n, 'insufficient_funds', 0n],
  ] as const)('%s', async (_case, balance, stake, code, after) => {
    const member = newMember();
    if (balance > 0n) await write(member, 'fund', balance);
    const before = await ledgerRowCounts(t.db);
    const outcome = await refusal(write(member, 'bet', stake, 'bet'));
    expect(outcome.code).toBe(code);
    if (code !== 'none') {
      expect(outcome.data).toEqual({ currency: 'PHP', balance: (Number(balance) / 100).toFixed(2) });
      expect(await ledgerRowCounts(t.db)).toEqual(before);
    }
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(after);
  });

  it('refuses an unbalanced transfer and writes nothing', async () => {
    const member = newMember();
    const before = await ledgerRowCounts(t.db);
    const outcome = await refusal(
      ledger().write({
        merchantId: t.merchantId('aurora'),
        source: 'test',
        key: `unbalanced-${member}`,
        request: {},
        run: async (tx) => {
          await tx.transfer({
            kind: 'bad',
            legs: [
              { account: clearing, amount: -5n },
              { account: cash(member), amount: 4n },
            ],
          });
          return null;
        },
      }),
    );
    expect(outcome.code).toBe('thrown: unbalanced transfer bad');
    expect(await ledgerRowCounts(t.db)).toEqual(before);
  });

  // [case, statement the database must refuse]
  it.each([
    ['updating an entry', sql`UPDATE wallet_entries SET amount = amount + 1`],
    ['deleting an entry', sql`DELETE FROM wallet_entries`],
    ['truncating the entries', sql`TRUNCATE wallet_entries CASCADE`],
    ['updating a transfer', sql`UPDATE wallet_transfers SET kind = 'win'`],
    ['deleting a transfer', sql`DELETE FROM wallet_transfers`],
    ['rewriting a stored answer', sql`UPDATE wallet_requests SET answer = '{}'::jsonb`],
    ['a member balance below zero', sql`UPDATE wallet_accounts SET balance = -1 WHERE kind = 'member_cash'`],
    [
      'an entry that unbalances a posted transfer',
      sql`INSERT INTO wallet_entries (transfer_id, account_id, currency, amount, balance_after)
          SELECT transfer_id, account_id, currency, 1, 0 FROM wallet_entries LIMIT 1`,
    ],
    [
      'a transfer without entries',
      sql`INSERT INTO wallet_transfers (merchant_id, kind) SELECT id, 'empty' FROM merchants LIMIT 1`,
    ],
  ])('the database refuses %s', async (_case, statement) => {
    await write(newMember(), 'seed', 100n);
    const before = await ledgerRowCounts(t.db);
    await expect(t.db.transaction(async (tx) => void (await tx.execute(statement)))).rejects.toThrow();
    expect(await ledgerRowCounts(t.db)).toEqual(before);
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('lets 40 concurrent bets of 1 spend a balance of 25 exactly: 25 pass, 15 refused, none below zero', async () => {
    const member = newMember();
    await write(member, 'fund', 25n);
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) => refusal(write(member, `bet-${index}`, 1n, 'bet'))),
    );
    expect(outcomes.filter((outcome) => outcome.code === 'none')).toHaveLength(25);
    expect(outcomes.filter((outcome) => outcome.code === 'insufficient_funds')).toHaveLength(15);
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(0n);
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('answers 20 concurrent copies of one request with one movement and one answer', async () => {
    const member = newMember();
    const results = await Promise.all(Array.from({ length: 20 }, () => write(member, 'once', 700n)));
    expect(new Set(results.map((result) => JSON.stringify(result.answer)))).toEqual(
      new Set(['{"balance":"700"}']),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(700n);
  });

  it('replays a duplicate that waited for the key while the first emptied the wallet (not insufficient_funds)', async () => {
    const member = newMember();
    await write(member, 'fund', 500n);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const spent = new Promise<void>((resolve) => (arrived = resolve));
    const allIn = (pause?: Promise<void>) =>
      ledger().write({
        merchantId: t.merchantId('aurora'),
        source: `test:${member}`,
        key: 'all-in',
        request: { kind: 'bet', amount: '500' },
        run: async (tx) => {
          await bet(tx, member, 500n);
          if (pause !== undefined) {
            arrived();
            await pause;
          }
          return { balance: (await tx.balance(cash(member))).toString() };
        },
      });
    const first = allIn(held);
    await spent;
    const second = allIn();
    // The duplicate is waiting for the key (on PostgreSQL its first statement is blocked on the lock).
    for (let waited = 0; backend === 'postgres' && waited < 100; waited += 1) {
      const [row] = await rowsOf<{ waiting: number }>(
        t.db,
        sql`SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
      );
      if ((row?.waiting ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (backend === 'pglite') await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await Promise.all([first, second])).toEqual([
      { answer: { balance: '0' }, replayed: false },
      { answer: { balance: '0' }, replayed: true },
    ]);
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(0n);
  });

  // pg 8 queues a query sent while another is in flight on the same connection (deprecated); pg 9 refuses it.
  it("sends a money transaction's queries one at a time, even when a transfer opens three accounts", async () => {
    const member = newMember();
    let inFlight = 0;
    let most = 0;
    await t.db.transaction(async (tx) => {
      const counted: SqlRunner = {
        async execute(query) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            return await tx.execute(query);
          } finally {
            inFlight -= 1;
          }
        },
      };
      await new MoneyTx(counted, t.merchantId('aurora'), new Map()).transfer({
        kind: 'bonus',
        customerId: member,
        legs: [
          { account: { kind: 'bonus_pool', currency: 'PHP' }, amount: -30n },
          { account: cash(member), amount: 10n },
          { account: { kind: 'member_bonus', currency: 'PHP', customerId: member }, amount: 20n },
        ],
      });
    });
    expect(most).toBe(1);
    expect(await ledger().balance(t.merchantId('aurora'), cash(member))).toBe(10n);
  });

  /** A pool of connections, and deadlocks between them, exist on PostgreSQL only: not registered on PGlite. */
  const postgresOnly = (name: string, test: () => Promise<void>) => {
    if (backend === 'postgres') it(name, test);
  };

  postgresOnly('runs a money transaction on one pooled connection', async () => {
    const member = newMember();
    await write(member, 'warm', 1n);
    const before = t.database.connectionsAcquired();
    await ledger().write({
      merchantId: t.merchantId('aurora'),
      source: 'test',
      key: `one-connection-${member}`,
      request: {},
      run: async (tx) => {
        await deposit(tx, member, 10n);
        await bet(tx, member, 3n);
        await tx.accountId({ kind: 'member_bonus', currency: 'PHP', customerId: member });
        return null;
      },
    });
    expect(t.database.connectionsAcquired() - before).toBe(1);
  });

  postgresOnly(
    'retries a deadlock: two writes locking two members in opposite orders both land',
    async () => {
      const [first, second] = [newMember(), newMember()];
      await write(first, 'fund', 100n);
      await write(second, 'fund', 100n);
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const crossed = (one: number, other: number) =>
        ledger().write({
          merchantId: t.merchantId('aurora'),
          source: 'test',
          key: `crossed-${one}`,
          request: {},
          run: async (tx) => {
            await bet(tx, one, 1n);
            arrived += 1;
            if (arrived === 2) release();
            // Only the first attempts wait for each other; a retry goes straight on.
            if (arrived <= 2)
              await Promise.race([bothHoldOne, new Promise((resolve) => setTimeout(resolve, 2_000))]);
            await bet(tx, other, 1n);
            return null;
          },
        });
      await Promise.all([crossed(first, second), crossed(second, first)]);
      expect(await ledger().balance(t.merchantId('aurora'), cash(first))).toBe(98n);
      expect(await ledger().balance(t.merchantId('aurora'), cash(second))).toBe(98n);
      expect(arrived).toBeGreaterThan(2);
    },
  );

  it('verify recomputes every balance from the entries: 0 differences', async () => {
    const report = await verifyLedger(t.db, t.merchantId('aurora'));
    expect(report.transfers).toBeGreaterThan(0);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedTransfers).toEqual([]);
    expect(report.negativeMembers).toEqual([]);
  });
});
