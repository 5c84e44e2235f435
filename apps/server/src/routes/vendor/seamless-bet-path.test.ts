import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../services/wallet/index.js';
import { rowsOf } from '../../db/raw.js';
import { backends } from '../../test/test-app.js';
import { betOf, expectLedgerHolds, useSeamlessApp, winOf, type Member } from '../../test/seamless.js';

/**
 * The bet path's round trips to PostgreSQL (issue 28's `bench:seamless` goal: ≥ 1,000 bets/s at
 * p99 ≤ 50 ms). Each statement is a socket write and a wait on the connection the money transaction
 * holds, so their number bounds how many bets a pool of connections carries. Counted on the
 * driver's own query method, with the read-mostly caches on as a server runs (a member's accounts
 * and the merchant's profile already known): a change that adds one fails here.
 *
 * A bet was 17 (the session, begin, two advisory locks, the tombstone and duplicate reads, the round's
 * insert, lock and update, the member's trust row, the accounts' lock, the transfer, the bet's row,
 * the bonus grants, the stored answer, commit, and a notify after it); it is now the member's trust
 * row, the accounts' lock, the transfer (with the bet's row and the notify), the stored answer,
 * begin, commit, the key's one lock, and the bet's reads with its round in one statement.
 */
const MAX_BET_ROUND_TRIPS = 8;
/** A win (no session to check, the round read apart): was 12 before the bet path was cut down. */
const MAX_WIN_ROUND_TRIPS = 9;
/** A win of nothing writes its row and its round apart, as it moves no money. */
const MAX_ZERO_WIN_ROUND_TRIPS = 10;
/** A repeat answers the stored answer: begin, the key's lock with the lookup, commit. */
const MAX_REPLAY_ROUND_TRIPS = 3;

const skip = process.env.TEST_DATABASE_URL === undefined;

/** The SQL texts `run` sent through any pg client (the pool's and the listener's). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    sent.push(text ?? String(first));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = counting as typeof original;
  try {
    await run();
    // What a commit sets off after the answer (the balance feed's notify) counts too.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

/** SHOW_STATEMENTS=1 prints what a call sent, to see where its round trips go. */
function show(sent: string[]): void {
  if (process.env.SHOW_STATEMENTS !== '1') return;
  console.info(
    `${sent.length} statements:\n${sent.map((text) => text.replace(/\s+/g, ' ').slice(0, 160)).join('\n')}`,
  );
}

describe.skipIf(skip)('the seamless bet path’s round trips (postgres)', () => {
  const { t, call, member } = useSeamlessApp('postgres', { cacheTtlMs: 60_000 });

  /** A member who already bet once: their accounts and round caches are warm. */
  async function warmMember(): Promise<Member> {
    const who = await member(1_000_000n);
    expect((await call('bet', betOf(who, 100))).status).toBe(200);
    return who;
  }

  it(`takes a bet in at most ${MAX_BET_ROUND_TRIPS} statements on one pooled connection`, async () => {
    const who = await warmMember();
    let status = 0;
    const connections = t.database.connectionsAcquired();
    const sent = await statementsOf(async () => {
      status = (await call('bet', betOf(who, 250))).status;
    });
    expect(status).toBe(200);
    // One pooled connection: the money transaction's (the session was read before; no notify after).
    expect(t.database.connectionsAcquired() - connections).toBe(1);
    show(sent);
    expect(sent.length).toBeLessThanOrEqual(MAX_BET_ROUND_TRIPS);
  });

  // [case, the call after a member's bet, its bound]
  it.each([
    ['a repeated bet replays the stored answer', 'repeat', MAX_REPLAY_ROUND_TRIPS],
    ['a win pays into the round', 'win', MAX_WIN_ROUND_TRIPS],
    ['a win of nothing settles the round', 'zero win', MAX_ZERO_WIN_ROUND_TRIPS],
  ] as const)('%s in at most its bound of statements', async (_name, kind, bound) => {
    const who = await member(1_000_000n);
    const bet = betOf(who, 300);
    expect((await call('bet', bet)).status).toBe(200);
    let body: Record<string, unknown> = {};
    const sent = await statementsOf(async () => {
      const answer =
        kind === 'repeat'
          ? await call('bet', bet)
          : await call('win', winOf(who, bet.roundId, kind === 'win' ? 600 : 0));
      expect(answer.status).toBe(200);
      body = answer.body;
    });
    show(sent);
    expect(sent.length).toBeLessThanOrEqual(bound);
    expect(body).toMatchObject({ balance: kind === 'win' ? 1_000_300 : 999_700 });
    await expectLedgerHolds(t.db);
  });
});

/**
 * The bet reads bonus grants only when the member has an active one (the bet's first read says so):
 * a stake still counts towards the turnover, and a grant it meets releases its bonus into the cash
 * the bet answers with.
 */
describe.each(backends)('a seamless bet counts towards a bonus (%s)', (backend) => {
  const { t, call, member } = useSeamlessApp(backend);

  async function grant(who: Member, amount: bigint, required: bigint): Promise<void> {
    await t.db.execute(
      sql`INSERT INTO bonus_grants (merchant_id, customer_id, payment_id, currency, amount, turnover_required)
          VALUES (${who.merchantId}, ${who.customerId}, 'p', ${who.currency}, ${amount.toString()}::bigint, ${required.toString()}::bigint)`,
    );
  }

  // [case, grant (amount, required) or none, stake, the bet's answered balance, grant state and wagered after]
  it.each([
    ['no grant: nothing counted', null, 400, 9_600, null],
    ['a grant not yet met', [500n, 1_000n], 400, 9_600, ['active', '400']],
    ['a grant met by the stake: its bonus joins the cash', [500n, 1_000n], 1_000, 9_500, ['met', '1000']],
    ['a grant already met stays as it was', [500n, 0n], 400, 9_600, ['met', '0']],
  ] as const)('%s', async (_name, grantOf, stake, balance, after) => {
    const who = await member(10_000n);
    if (grantOf !== null) {
      const [amount, required] = grantOf;
      await bonusOf(who, amount);
      await grant(who, amount, required);
      if (required === 0n) {
        await t.db.execute(sql`UPDATE bonus_grants SET state = 'met' WHERE customer_id = ${who.customerId}`);
      }
    }
    const answer = await call('bet', betOf(who, stake));
    expect(answer).toMatchObject({ status: 200, body: { balance } });
    const rows = await rowsOf<{ state: string; wagered: string }>(
      t.db,
      sql`SELECT state, wagered::text AS wagered FROM bonus_grants WHERE customer_id = ${who.customerId}`,
    );
    expect(rows.map((row) => [row.state, row.wagered])).toEqual(after === null ? [] : [[...after]]);
    await expectLedgerHolds(t.db);
  });

  /** Bonus money in the member's bonus account, as a deposit match credits it. */
  async function bonusOf(who: Member, amount: bigint): Promise<void> {
    await new Ledger(t.db).write({
      merchantId: who.merchantId,
      source: 'test:bonus',
      key: `bonus-${who.customerId}`,
      request: null,
      run: async (tx) => {
        await tx.transfer({
          kind: 'bonus',
          customerId: who.customerId,
          legs: [
            { account: { kind: 'bonus_pool', currency: who.currency }, amount: -amount },
            { account: { kind: 'member_bonus', currency: who.currency, customerId: who.customerId }, amount },
          ],
        });
        return null;
      },
    });
  }
});
