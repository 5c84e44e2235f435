import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends } from '../../test/test-app.js';
import {
  betOf,
  expectLedgerHolds,
  useSeamlessApp,
  winOf,
  writtenRows,
  type Member,
} from '../../test/seamless.js';

/**
 * The seamless wallet's money rules (docs/decisions/seamless-wallet.md): repeats, duplicates, the
 * balance a bet needs, rollbacks with their tombstones, and rounds that close. Each refusal is a 4xx
 * with its errorCode and writes nothing; the ledger verifies after each case.
 */
describe.each(backends)('the seamless wallet moves money (%s)', (backend) => {
  const { t, call, member, balanceOf } = useSeamlessApp(backend);

  const rollbackOf = (who: Member, bet: { transactionId: string; roundId: string }) => ({
    transactionId: randomUUID(),
    player: who.player,
    roundId: bet.roundId,
    referenceTransactionId: bet.transactionId,
  });

  /** Calls expected refused: the code, its status, and not one row written. */
  async function refused(
    operation: 'bet' | 'win' | 'rollback' | 'endRound',
    body: unknown,
    status: number,
    code: string,
  ) {
    const before = await writtenRows(t.db);
    const answer = await call(operation, body);
    expect(answer).toMatchObject({ status, signed: true, body: { status: 'ERROR', errorCode: code } });
    expect(await writtenRows(t.db)).toEqual(before);
    return answer.body;
  }

  it('takes a bet from cash into the house and pays a win back, each answered with the balance', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 2500);
    expect(await call('bet', bet)).toMatchObject({
      status: 200,
      signed: true,
      body: {
        status: 'OK',
        transactionId: bet.transactionId,
        player: who.player,
        currency: 'PHP',
        balance: 7500,
      },
    });
    expect(await call('win', winOf(who, bet.roundId, 7500, { roundClosed: true }))).toMatchObject({
      status: 200,
      body: { balance: 15_000 },
    });
    expect(await balanceOf(who)).toBe(15_000n);
    await expectLedgerHolds(t.db);
  });

  // [case, the second call's change, status, code or the replayed answer]
  it.each([
    ['the same bet again: the first answer, nothing moved twice', {}, 200, null],
    ['the same id with another amount', { amount: 999 }, 409, 'DUPLICATE_TRANSACTION'],
    ['the same id in another round', { roundId: 'another-round' }, 409, 'DUPLICATE_TRANSACTION'],
  ] as const)('a repeat of a bet: %s', async (_name, change, status, code) => {
    const who = await member(10_000n);
    const bet = betOf(who, 1000);
    const first = await call('bet', bet);
    // Money moves in between: a replay still answers what the first call answered.
    await call('bet', betOf(who, 500));
    const before = await writtenRows(t.db);
    const again = await call('bet', { ...bet, ...change });
    expect(again.status).toBe(status);
    if (code === null) expect(again.body).toEqual(first.body);
    else expect(again.body).toMatchObject({ errorCode: code });
    expect(await writtenRows(t.db)).toEqual(before);
    expect(await balanceOf(who)).toBe(8500n);
  });

  it('refuses a transaction id used by another call or by another merchant’s player', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 1000);
    await call('bet', bet);
    await refused(
      'win',
      winOf(who, bet.roundId, 100, { transactionId: bet.transactionId }),
      409,
      'DUPLICATE_TRANSACTION',
    );
    const stranger = await member(10_000n, 'lotus');
    await refused(
      'bet',
      { ...betOf(stranger, 1000), transactionId: bet.transactionId },
      409,
      'DUPLICATE_TRANSACTION',
    );
    expect(await balanceOf(stranger)).toBe(10_000n);
    await expectLedgerHolds(t.db);
  });

  // [case, cash, stake, accepted]
  it.each([
    ['a bet of the whole balance', 5000n, 5000, true],
    ['a bet one centavo above it', 5000n, 5001, false],
    ['a bet on an empty wallet', 0n, 1, false],
  ])('%s', async (_name, cash, stake, accepted) => {
    const who = await member(cash);
    if (accepted) {
      expect(await call('bet', betOf(who, stake))).toMatchObject({ status: 200, body: { balance: 0 } });
    } else {
      const body = await refused('bet', betOf(who, stake), 402, 'NOT_ENOUGH_MONEY');
      // The balance it had, in minor units and its currency, as aggregators expect.
      expect(body).toMatchObject({ balance: Number(cash), currency: 'PHP' });
      expect(await balanceOf(who)).toBe(cash);
    }
    await expectLedgerHolds(t.db);
  });

  it('rolls a bet back once: a second rollback and a repeat move nothing', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 4000);
    await call('bet', bet);
    const rollback = rollbackOf(who, bet);
    const first = await call('rollback', rollback);
    expect(first).toMatchObject({ status: 200, body: { balance: 10_000 } });
    expect(await call('rollback', rollback)).toEqual(first);
    expect(await call('rollback', rollbackOf(who, bet))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
    expect(await balanceOf(who)).toBe(10_000n);
    await expectLedgerHolds(t.db);
  });

  it('leaves a tombstone for a rollback of a bet it never saw: the late bet is refused', async () => {
    const who = await member(10_000n);
    const late = betOf(who, 3000);
    expect(await call('rollback', rollbackOf(who, late))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
    await refused('bet', late, 409, 'TRANSACTION_ROLLED_BACK');
    // Also with another body under that id: still the rolled-back bet's id.
    await refused('bet', { ...late, amount: 1 }, 409, 'TRANSACTION_ROLLED_BACK');
    // The round never opened: no win can be paid into it.
    await refused('win', winOf(who, late.roundId, 9000), 404, 'ROUND_NOT_FOUND');
    expect(await balanceOf(who)).toBe(10_000n);
    await expectLedgerHolds(t.db);
  });

  it('refuses a win or a bet after a rollback of the round (ROUND_CANCELLED)', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 2000);
    await call('bet', bet);
    await call('rollback', rollbackOf(who, bet));
    await refused('win', winOf(who, bet.roundId, 50_000), 409, 'ROUND_CANCELLED');
    await refused('bet', betOf(who, 1000, { roundId: bet.roundId }), 409, 'ROUND_CANCELLED');
    expect(await balanceOf(who)).toBe(10_000n);
    await expectLedgerHolds(t.db);
  });

  // [case, how the round was closed]
  it.each([
    ['a win that closed it', 'win'],
    ['endRound', 'end'],
  ] as const)('refuses wins and bets on a round closed by %s (ROUND_CLOSED)', async (_name, how) => {
    const who = await member(10_000n);
    const bet = betOf(who, 1000);
    await call('bet', bet);
    if (how === 'win') {
      await call('win', winOf(who, bet.roundId, 3000, { roundClosed: true }));
    } else {
      const end = { transactionId: randomUUID(), player: who.player, roundId: bet.roundId };
      const ended = await call('endRound', end);
      expect(ended).toMatchObject({ status: 200, body: { balance: 9000 } });
      expect(await call('endRound', end)).toEqual(ended);
    }
    const after = how === 'win' ? 12_000n : 9000n;
    await refused('win', winOf(who, bet.roundId, 3000), 409, 'ROUND_CLOSED');
    await refused('bet', betOf(who, 1000, { roundId: bet.roundId }), 409, 'ROUND_CLOSED');
    // Its outcome stands: the bet can no longer be rolled back.
    await refused('rollback', rollbackOf(who, bet), 409, 'ROLLBACK_REFUSED');
    expect(await balanceOf(who)).toBe(after);
    await expectLedgerHolds(t.db);
  });

  it('pays several wins into an open round, a win of 0 moving nothing, then refuses its rollback', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 1000);
    await call('bet', bet);
    const before = await writtenRows(t.db);
    expect(await call('win', winOf(who, bet.roundId, 0))).toMatchObject({
      status: 200,
      body: { balance: 9000 },
    });
    const after = await writtenRows(t.db);
    expect(after.transfers).toBe(before.transfers);
    expect(after.transactions).toBe((before.transactions ?? 0) + 1);
    await call('win', winOf(who, bet.roundId, 500));
    await call('win', winOf(who, bet.roundId, 700));
    await refused('rollback', rollbackOf(who, bet), 409, 'ROLLBACK_REFUSED');
    expect(await balanceOf(who)).toBe(10_200n);
    await expectLedgerHolds(t.db);
  });

  it('refuses rounds and rollbacks of another player', async () => {
    const who = await member(10_000n);
    const other = await member(10_000n);
    const bet = betOf(who, 1000);
    await call('bet', bet);
    await refused('win', winOf(other, bet.roundId, 5000), 404, 'ROUND_NOT_FOUND');
    await refused('bet', betOf(other, 1000, { roundId: bet.roundId }), 404, 'ROUND_NOT_FOUND');
    await refused(
      'endRound',
      { transactionId: randomUUID(), player: other.player, roundId: bet.roundId },
      404,
      'ROUND_NOT_FOUND',
    );
    await refused('rollback', rollbackOf(other, bet), 409, 'ROLLBACK_REFUSED');
    // A win's id is not a bet to roll back.
    const win = winOf(who, bet.roundId, 100);
    await call('win', win);
    await refused(
      'rollback',
      rollbackOf(who, { transactionId: win.transactionId, roundId: bet.roundId }),
      409,
      'ROLLBACK_REFUSED',
    );
    expect(await balanceOf(other)).toBe(10_000n);
    await expectLedgerHolds(t.db);
  });

  it('takes a bet once when the same call races itself', async () => {
    const who = await member(10_000n);
    const bet = betOf(who, 1000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('bet', bet)));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await balanceOf(who)).toBe(9000n);
    await expectLedgerHolds(t.db);
  });

  it('never overdraws under concurrent bets, and a bet racing its own rollback never keeps the stake', async () => {
    const who = await member(5000n);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('bet', betOf(who, 1000))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.errorCode === 'NOT_ENOUGH_MONEY')).toHaveLength(3);
    expect(await balanceOf(who)).toBe(0n);

    const racer = await member(10_000n);
    for (let round = 0; round < 6; round += 1) {
      const bet = betOf(racer, 1000);
      const [first, second] = await Promise.all(
        round % 2 === 0
          ? [call('bet', bet), call('rollback', rollbackOf(racer, bet))]
          : [call('rollback', rollbackOf(racer, bet)), call('bet', bet)],
      );
      // Either the bet came first and was reversed, or the tombstone refused it.
      expect(
        [first?.status, second?.status].filter((status) => status === 200).length,
      ).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(racer)).toBe(10_000n);
    }
    await expectLedgerHolds(t.db);
  });
});
