import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { betOf, useSeamlessApp, winOf, writtenRows, type Member } from '../../test/seamless.js';
import { HOUR } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';

/**
 * The jurisdiction's stake cap and shortest round, and the member's wager and loss limits, checked
 * inside the bet's ledger transaction (issue 29): a refused bet writes nothing.
 */
describe.each(backends)('limits on play (%s)', (backend) => {
  const app = useSeamlessApp(backend);
  const limit = async (who: Member, type: string, amount: number) => {
    await app.t.db.execute(
      sql`INSERT INTO trust_limits (merchant_id, customer_id, type, amount)
          VALUES (${who.merchantId}, ${who.customerId}, ${type}, ${amount})`,
    );
  };
  const bet = (who: Member, amount: number, extra: Record<string, unknown> = {}) =>
    app.call('bet', betOf(who, amount, extra));
  const refusedCleanly = async (who: Member, amount: number) => {
    const before = await writtenRows(app.t.db);
    const answer = await bet(who, amount);
    expect(answer).toMatchObject({ status: 403, body: { errorCode: 'LIMIT_EXCEEDED' } });
    expect(await writtenRows(app.t.db)).toEqual(before);
  };

  it.each([
    // aurora runs the PAGCOR-like profile: stakes up to ₱50,000.00 (a member of unknown age gets the lowest band).
    ['aurora at the cap', 'aurora', 5_000_000, 200],
    ['aurora one centavo over', 'aurora', 5_000_001, 403],
    ['aurora far over', 'aurora', 100_000_000, 403],
    // lotus (MGA-like) has no cap.
    ['lotus, no cap', 'lotus', 100_000_000, 200],
  ])('stake cap: %s', async (_name, merchant, amount, status) => {
    const who = await app.member(200_000_000n, merchant);
    expect((await bet(who, amount)).status).toBe(status);
  });

  it('a wager limit: stakes up to it pass, one unit more is refused, room returns after 24 hours', async () => {
    let who = await app.member(100_000n, 'lotus');
    await limit(who, 'wager_day', 1000);
    expect((await bet(who, 600)).status).toBe(200);
    expect((await bet(who, 400)).status).toBe(200);
    await refusedCleanly(who, 1);
    app.clock.advance(24 * HOUR + 1);
    // A day later the game opens a new wallet session.
    const session = {
      vendorId: 'demo',
      merchantId: who.merchantId,
      customerId: who.customerId,
      currency: who.currency,
    };
    who = { ...who, token: await app.sessions().open(session) };
    expect((await bet(who, 1000)).status).toBe(200);
  });

  it('a net-loss limit counts stakes less wins; a rolled-back bet counts for nothing', async () => {
    const who = await app.member(100_000n, 'lotus');
    await limit(who, 'loss_week', 500);
    const first = betOf(who, 400);
    expect((await app.call('bet', first)).status).toBe(200);
    expect((await app.call('win', winOf(who, first.roundId, 300))).status).toBe(200);
    // Net loss 100: 400 more passes, then the loss is 500 and nothing more.
    expect((await bet(who, 400)).status).toBe(200);
    await refusedCleanly(who, 1);
    const cancelled = betOf(who, 1);
    // A wager limit with room, a rollback: the round no longer counts.
    app.clock.advance(1);
    await app.t.db.execute(
      sql`UPDATE trust_limits SET amount = 501 WHERE customer_id = ${who.customerId} AND type = 'loss_week'`,
    );
    expect((await app.call('bet', cancelled)).status).toBe(200);
    const rollback = {
      transactionId: randomUUID(),
      player: who.player,
      roundId: cancelled.roundId,
      referenceTransactionId: cancelled.transactionId,
    };
    expect((await app.call('rollback', rollback)).status).toBe(200);
    expect((await bet(who, 1)).status).toBe(200);
  });

  it('20 concurrent bets against a wager limit: exactly what fits is taken', async () => {
    const who = await app.member(100_000n, 'lotus');
    await limit(who, 'wager_day', 1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(who, 100)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(10);
    expect(await app.balanceOf(who)).toBe(99_000n);
  });

  it('the shortest round: a new round within the profile’s seconds is refused', async () => {
    const who = await app.member(100_000n, 'lotus');
    const [lotus] = await rowsOf<{ profile: string }>(
      app.t.db,
      sql`SELECT jurisdiction_profile_id AS profile FROM merchants WHERE id = ${who.merchantId}`,
    );
    await app.t.db.execute(
      sql`UPDATE merchants SET jurisdiction_profile_id = 'ukgc-like' WHERE id = ${who.merchantId}`,
    );
    try {
      expect((await bet(who, 10)).status).toBe(200);
      app.clock.advance(4_999);
      await refusedCleanly(who, 10);
      app.clock.advance(1);
      expect((await bet(who, 10)).status).toBe(200);
    } finally {
      await app.t.db.execute(
        sql`UPDATE merchants SET jurisdiction_profile_id = ${lotus?.profile ?? 'mga-like'} WHERE id = ${who.merchantId}`,
      );
    }
  });
});
