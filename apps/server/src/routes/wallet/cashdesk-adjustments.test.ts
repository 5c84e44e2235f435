import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryPage, StaffAdjustment } from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { rowsOf } from '../../db/raw.js';
import { ledgerHolds, verifyLedger } from '../../services/wallet/index.js';
import { AURORA, failure, get, LOTUS, value, type CallOptions } from '../../test/accounts.js';
import { fundedLotusMember, newLotusMember } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { addStaff } from '../../test/staff-people.js';
import { backends, useTestApp } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `adj-${process.pid}-${(keys += 1)}-abcdef`;

// Issue 30 item 8: manual adjustments, proposed with a reason and posted only by a second approver.
describe.each(backends)('the back office’s cashier: manual adjustments (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let people = 0;
  /** A new lotus admin (cashier:adjust and cashier:approve), signed in: a different person each call. */
  const person = async () => {
    people += 1;
    await addStaff(t.db, 'lotus', `lotus-adjust-${people}`, 'admin', `Admin ${people}`);
    return signIn(t.app, `lotus-adjust-${people}`, LOTUS);
  };
  const cash = async (as: CallOptions) =>
    (await value<BalanceView>(await get(t.app, '/wps/wallet/balance', as))).cash;
  const post = (cookie: string, path: string, body: Record<string, unknown>, host = LOTUS) =>
    staffCall(t.app, 'POST', `adjustments${path}`, cookie, body, host);
  const propose = (cookie: string, body: Record<string, unknown>) =>
    post(cookie, '', {
      requestKey: requestKey(),
      direction: 'credit',
      amount: '50000',
      reason: 'Goodwill credit',
      ...body,
    });
  const transfersOf = async (id: string) =>
    rowsOf<{ id: string; reverses: string | null }>(
      t.db,
      sql`SELECT id::text AS id, reverses_transfer_id::text AS reverses FROM wallet_transfers
          WHERE kind = 'adjustment' AND reference = ${id}`,
    );

  it('moves nothing on a proposal; posts one balanced transfer when a second, different person approves', async () => {
    const member = await newLotusMember(t.app);
    const [proposer, approver] = [await person(), await person()];
    const proposed = value<StaffAdjustment>(await propose(proposer, { customerId: member.customerId }));
    expect(proposed).toMatchObject({
      state: 'proposed',
      amount: '50000',
      currency: 'VND',
      reason: 'Goodwill credit',
    });
    expect(proposed.proposedBy).toBe(`Admin ${people - 1}`);
    expect(await cash(member)).toBe('0');
    // The proposer is never the second approver, in any session.
    for (const cookie of [proposer, await signIn(t.app, `lotus-adjust-${people - 1}`, LOTUS)]) {
      expect(failure(await post(cookie, '/approve', { id: proposed.id }))).toMatchObject({
        status: 409,
        code: 'second_approver_required',
      });
    }
    expect(await cash(member)).toBe('0');
    const posted = value<StaffAdjustment>(await post(approver, '/approve', { id: proposed.id }));
    expect(posted).toMatchObject({ state: 'posted', decidedBy: `Admin ${people}` });
    expect(await cash(member)).toBe('50000');
    // The approver's repeat replays the answer; nothing is posted twice.
    expect(value<StaffAdjustment>(await post(approver, '/approve', { id: proposed.id })).state).toBe(
      'posted',
    );
    expect(await transfersOf(proposed.id)).toHaveLength(1);
    // The member's history shows it as an adjustment, by its reference (the staff's reason stays inside).
    const history = value<HistoryPage>(await get(t.app, '/wps/wallet/history?kind=adjustment', member));
    expect(history.entries.map(({ kind, amount, reference }) => ({ kind, amount, reference }))).toEqual([
      { kind: 'adjustment', amount: '50000', reference: proposed.id },
    ]);
    expect(JSON.stringify(history)).not.toContain('Goodwill');
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('replays a proposal sent twice with its key, and refuses the key with another body (409)', async () => {
    const member = await newLotusMember(t.app);
    const cookie = await person();
    const body = {
      requestKey: requestKey(),
      customerId: member.customerId,
      direction: 'credit',
      amount: '70000',
      reason: 'Lost bet refund',
    };
    const first = value<StaffAdjustment>(await post(cookie, '', body));
    expect(value<StaffAdjustment>(await post(cookie, '', body)).id).toBe(first.id);
    // [changed field]
    for (const change of [{ amount: '70001' }, { direction: 'debit' }, { reason: 'Another reason' }]) {
      expect(failure(await post(cookie, '', { ...body, ...change }))).toMatchObject({
        status: 409,
        code: 'idempotency_conflict',
      });
    }
    const [count] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM cashier_adjustments WHERE customer_id = ${member.customerId}`,
    );
    expect(count?.n).toBe(1);
  });

  // [case, body change, status, code]
  it.each([
    ['no reason', { reason: undefined }, 400, 'invalid_request'],
    ['a blank reason', { reason: '    ' }, 400, 'invalid_request'],
    ['a zero amount', { amount: '0' }, 400, 'amount_invalid'],
    ['a negative amount', { amount: '-5000' }, 400, 'invalid_request'],
    ['a fraction of a dong', { amount: '100.5' }, 400, 'amount_invalid'],
    ['a non-numeric amount', { amount: '1e9' }, 400, 'invalid_request'],
    ['a huge amount', { amount: '99999999999999999999999' }, 400, 'invalid_request'],
    ['another direction', { direction: 'gift' }, 400, 'invalid_request'],
    [
      'a debit of more than the balance',
      { direction: 'debit', amount: '1000001' },
      409,
      'insufficient_funds',
    ],
    ['a member of another merchant', { customerId: 'aurora' }, 404, 'payment_not_found'],
  ])('refuses a proposal with %s, writing nothing', async (_case, change, status, code) => {
    const member = await fundedLotusMember(t.app, t.db, '1000000');
    // A seeded member of aurora: a real id, of another merchant.
    const [stranger] = await rowsOf<{ customerId: number }>(
      t.db,
      sql`SELECT c.id AS "customerId" FROM customers c JOIN merchants m ON m.id = c.merchant_id
          WHERE m.code = 'aurora' ORDER BY c.id LIMIT 1`,
    );
    if (stranger === undefined) throw new Error('no aurora member');
    const body: Record<string, unknown> = {
      ...change,
      customerId: 'customerId' in change ? stranger.customerId : member.customerId,
    };
    const answer = await propose(await person(), body);
    expect(failure(answer)).toMatchObject({ status, code });
    const [count] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM cashier_adjustments WHERE customer_id IN (${member.customerId}, ${stranger.customerId})`,
    );
    expect(count?.n).toBe(0);
    expect(await cash(member)).toBe('1000000');
  });

  it('never takes a member below zero: a debit the balance no longer covers stays waiting', async () => {
    const member = await fundedLotusMember(t.app, t.db, '300000');
    const [proposer, approver] = [await person(), await person()];
    const debit = value<StaffAdjustment>(
      await propose(proposer, { customerId: member.customerId, direction: 'debit', amount: '300000' }),
    );
    expect(debit.amount).toBe('-300000');
    // Another debit posts first and leaves too little for the one proposed.
    const first = value<StaffAdjustment>(
      await propose(proposer, { customerId: member.customerId, direction: 'debit', amount: '100000' }),
    );
    value<StaffAdjustment>(await post(approver, '/approve', { id: first.id }));
    expect(failure(await post(approver, '/approve', { id: debit.id }))).toMatchObject({
      status: 409,
      code: 'insufficient_funds',
    });
    expect(await cash(member)).toBe('200000');
    const [row] = await rowsOf<{ state: string }>(
      t.db,
      sql`SELECT state FROM cashier_adjustments WHERE id = ${debit.id}`,
    );
    expect(row?.state).toBe('proposed');
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('corrects a posted adjustment with a reversing transfer, once', async () => {
    const member = await newLotusMember(t.app);
    const [a, b] = [await person(), await person()];
    const credit = value<StaffAdjustment>(
      await propose(a, { customerId: member.customerId, amount: '80000' }),
    );
    value<StaffAdjustment>(await post(b, '/approve', { id: credit.id }));
    const reversal = value<StaffAdjustment>(
      await post(b, '/reverse', {
        requestKey: requestKey(),
        id: credit.id,
        reason: 'Credited twice by mistake',
      }),
    );
    expect(reversal).toMatchObject({ state: 'proposed', amount: '-80000', reverses: credit.id });
    // A second correction of the same adjustment, or a correction of the correction: refused.
    for (const id of [credit.id, reversal.id]) {
      expect(
        failure(await post(a, '/reverse', { requestKey: requestKey(), id, reason: 'Again' })),
      ).toMatchObject({
        status: 409,
        code: 'payment_state',
      });
    }
    expect(failure(await post(b, '/approve', { id: reversal.id }))).toMatchObject({
      code: 'second_approver_required',
    });
    value<StaffAdjustment>(await post(a, '/approve', { id: reversal.id }));
    expect(await cash(member)).toBe('0');
    const [original] = await transfersOf(credit.id);
    const [reversing] = await transfersOf(reversal.id);
    expect(reversing?.reverses).toBe(original?.id);
  });

  it('declines with a reason only; a declined proposal is never posted', async () => {
    const member = await newLotusMember(t.app);
    const [a, b] = [await person(), await person()];
    const proposed = value<StaffAdjustment>(await propose(a, { customerId: member.customerId }));
    expect(failure(await post(b, '/decline', { id: proposed.id }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    const declined = value<StaffAdjustment>(
      await post(b, '/decline', { id: proposed.id, reason: 'No grounds' }),
    );
    expect(declined).toMatchObject({
      state: 'declined',
      declineReason: 'No grounds',
      decidedBy: `Admin ${people}`,
    });
    expect(failure(await post(b, '/approve', { id: proposed.id }))).toMatchObject({
      status: 409,
      code: 'payment_state',
    });
    expect(await cash(member)).toBe('0');
    const waiting = value<StaffAdjustment[]>(
      await staffCall(t.app, 'GET', 'adjustments?state=proposed', b, undefined, LOTUS),
    );
    expect(waiting.map((each) => each.id)).not.toContain(proposed.id);
  });

  it('refuses a role without the permissions, and another merchant’s staff', async () => {
    const member = await newLotusMember(t.app);
    const agent = await signIn(t.app, 'lotus-agent', LOTUS);
    expect(failure(await propose(agent, { customerId: member.customerId }))).toMatchObject({
      status: 403,
      code: 'staff_forbidden',
    });
    const proposed = value<StaffAdjustment>(await propose(await person(), { customerId: member.customerId }));
    expect(failure(await post(agent, '/approve', { id: proposed.id }))).toMatchObject({ status: 403 });
    const aurora = await signIn(t.app, 'aurora-admin', AURORA);
    expect(failure(await post(aurora, '/approve', { id: proposed.id }, AURORA))).toMatchObject({
      status: 404,
      code: 'payment_not_found',
    });
    const theirs = value<StaffAdjustment[]>(
      await staffCall(t.app, 'GET', 'adjustments', aurora, undefined, AURORA),
    );
    expect(theirs.map((each) => each.id)).not.toContain(proposed.id);
    expect(await cash(member)).toBe('0');
  });

  it('races approvers, declines and the proposer on one proposal: posted at most once, the books hold', async () => {
    const member = await fundedLotusMember(t.app, t.db, '100000');
    const staff = [await person(), await person(), await person()];
    const seed = Number(process.env.CASHDESK_PROPERTY_SEED ?? randomInt(2 ** 31));
    console.info(`cashdesk race property (${backend}): seed ${seed}`);
    let expected = 100000n;
    // [who: 0 proposes; acts: who approves (a) or declines (d)]
    const act = fc.tuple(fc.nat(2), fc.constantFrom('a', 'd'));
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 2, maxLength: 5 }), fc.boolean(), async (acts, debit) => {
        const proposer = staff[0] as string;
        const proposed = value<StaffAdjustment>(
          await propose(proposer, {
            customerId: member.customerId,
            amount: '10000',
            direction: debit ? 'debit' : 'credit',
          }),
        );
        const answers = await Promise.all(
          acts.map(([who, what]) =>
            post(staff[who] as string, what === 'a' ? '/approve' : '/decline', {
              id: proposed.id,
              ...(what === 'd' ? { reason: 'Race decline' } : {}),
            }),
          ),
        );
        const posted = (await transfersOf(proposed.id)).length;
        const [row] = await rowsOf<{ state: string }>(
          t.db,
          sql`SELECT state FROM cashier_adjustments WHERE id = ${proposed.id}`,
        );
        expect(posted).toBe(row?.state === 'posted' ? 1 : 0);
        for (const answer of answers) {
          if (answer.statusCode !== 200)
            expect(['second_approver_required', 'payment_state']).toContain(failure(answer).code);
        }
        if (posted === 1) expected += debit ? -10000n : 10000n;
        expect(await cash(member)).toBe(expected.toString());
      }),
      { numRuns: 12, seed },
    );
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });
});
