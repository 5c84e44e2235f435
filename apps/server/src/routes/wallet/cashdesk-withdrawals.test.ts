import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CashierSearchHit, ReconciliationReport, StaffWithdrawal } from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { rowsOf } from '../../db/raw.js';
import { ledgerHolds, verifyLedger } from '../../services/wallet/index.js';
import { AURORA, failure, get, LOTUS, value, type CallOptions } from '../../test/accounts.js';
import { withdrawalInReview } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { addStaff } from '../../test/staff-people.js';
import { backends, useTestApp } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `cd-${process.pid}-${(keys += 1)}-abcdef`;

// Issue 30 item 8: the review queue's second approver, the search by reference, the findings.
describe.each(backends)('the back office’s cashier: withdrawals (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let people = 0;
  /** A new lotus admin (cashier:review), signed in: a different person each call. */
  const anotherCashier = async () => {
    people += 1;
    const username = `lotus-cashdesk-${people}`;
    await addStaff(t.db, 'lotus', username, 'admin', `Cashier ${people}`);
    return signIn(t.app, username, LOTUS);
  };
  const balance = async (as: CallOptions) => value<BalanceView>(await get(t.app, '/wps/wallet/balance', as));
  const decide = (
    cookie: string,
    action: 'approve' | 'reject',
    body: Record<string, unknown>,
    host = LOTUS,
  ) => staffCall(t.app, 'POST', `withdrawals/${action}`, cookie, body, host);
  /** A member with 30,000,000 ₫ and a withdrawal of `amount` in review (lotus: a second approver above 10,000,000). */
  const requested = (amount: string) =>
    withdrawalInReview(t.app, t.db, { funds: '30000000', amount, requestKey: requestKey() });
  const payoutsOf = async (id: string) =>
    (
      await rowsOf<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM wallet_transfers WHERE kind = 'withdrawal_paid' AND reference = ${id}`,
      )
    )[0]?.n;
  const auditOf = (action: string) =>
    rowsOf<{ outcome: string; error_code: string | null }>(
      t.db,
      sql`SELECT outcome, error_code FROM staff_audit WHERE action = ${action} ORDER BY seq`,
    );

  // [case, amount, approvals needed]: lotus's threshold is 10,000,000 ₫, "above" needs two people.
  it.each([
    ['below the threshold', '9999999', 1],
    ['at the threshold', '10000000', 1],
    ['above the threshold', '10000001', 2],
  ])('%s: %s ₫ needs %s approver(s), and is paid only then', async (_case, amount, needed) => {
    const { member, withdrawal } = await requested(amount);
    const first = value<StaffWithdrawal>(
      await decide(await anotherCashier(), 'approve', { id: withdrawal.id }),
    );
    expect(first).toMatchObject({ approvals: 1, approvalsNeeded: needed });
    expect(first.approvers).toEqual([`Cashier ${people}`]);
    if (needed === 1) {
      expect(first.state).toBe('paid');
    } else {
      // The first approval records itself and leaves it waiting: nothing is paid out yet.
      expect(first.state).toBe('review');
      expect(await payoutsOf(withdrawal.id)).toBe(0);
      expect(await balance(member)).toMatchObject({ held: amount });
      const second = value<StaffWithdrawal>(
        await decide(await anotherCashier(), 'approve', { id: withdrawal.id }),
      );
      expect(second).toMatchObject({ state: 'paid', approvals: 2 });
      expect(second.approvers).toHaveLength(2);
    }
    expect(await payoutsOf(withdrawal.id)).toBe(1);
    expect(await balance(member)).toMatchObject({ held: '0' });
  });

  it('refuses the same person approving twice with an errorCode, and audits the refusal', async () => {
    const { member, withdrawal } = await requested('15000000');
    const kim = await anotherCashier();
    value<StaffWithdrawal>(await decide(kim, 'approve', { id: withdrawal.id }));
    // The same account, even in a new session, is not a second approver.
    for (const cookie of [kim, await signIn(t.app, `lotus-cashdesk-${people}`, LOTUS)]) {
      expect(failure(await decide(cookie, 'approve', { id: withdrawal.id }))).toMatchObject({
        status: 409,
        code: 'second_approver_required',
      });
    }
    expect(await payoutsOf(withdrawal.id)).toBe(0);
    expect(await balance(member)).toMatchObject({ held: '15000000' });
    const audit = await auditOf('staffWithdrawalApprove');
    expect(audit.filter((row) => row.error_code === 'second_approver_required')).toHaveLength(2);
  });

  it('does not let another merchant’s staff approve, reject or find a lotus withdrawal', async () => {
    const { withdrawal } = await requested('12000000');
    const aurora = await signIn(t.app, 'aurora-cashier', AURORA);
    // On its own host the id is not found; on lotus's host the aurora session is no session at all.
    // [host, status, code]
    for (const [host, status, code] of [
      [AURORA, 404, 'payment_not_found'],
      [LOTUS, 401, 'staff_not_signed_in'],
    ] as const) {
      expect(failure(await decide(aurora, 'approve', { id: withdrawal.id }, host))).toMatchObject({
        status,
        code,
      });
      expect(
        failure(await decide(aurora, 'reject', { id: withdrawal.id, reason: 'Not yours' }, host)),
      ).toMatchObject({ status, code });
    }
    const hits = value<CashierSearchHit[]>(
      await staffCall(t.app, 'GET', `cashier/search?ref=${withdrawal.id}`, aurora, undefined, AURORA),
    );
    expect(hits).toEqual([]);
    const [row] = await rowsOf<{ approved_by: number[]; state: string }>(
      t.db,
      sql`SELECT approved_by, state FROM withdrawals WHERE id = ${withdrawal.id}`,
    );
    expect(row).toEqual({ approved_by: [], state: 'review' });
  });

  // [case, body, status, code]
  it.each([
    ['no reason', {}, 400, 'invalid_request'],
    ['a blank reason', { reason: '   ' }, 400, 'invalid_request'],
    ['a two-letter reason', { reason: 'no' }, 400, 'invalid_request'],
    ['a reason of 201 characters', { reason: 'x'.repeat(201) }, 400, 'invalid_request'],
  ])('refuses a rejection with %s, holding the money', async (_case, body, status, code) => {
    const { member, withdrawal } = await requested('200000');
    expect(
      failure(await decide(await anotherCashier(), 'reject', { id: withdrawal.id, ...body })),
    ).toMatchObject({
      status,
      code,
    });
    expect(await balance(member)).toMatchObject({ held: '200000' });
  });

  it('races two approvers of a withdrawal that needs both: paid once, with both recorded', async () => {
    const { withdrawal } = await requested('20000000');
    const [a, b] = [await anotherCashier(), await anotherCashier()];
    const answers = await Promise.all(
      [a, b].map((cookie) => decide(cookie, 'approve', { id: withdrawal.id })),
    );
    const states = answers.map((answer) => value<StaffWithdrawal>(answer).state).sort();
    expect(states).toEqual(['paid', 'review']);
    expect(await payoutsOf(withdrawal.id)).toBe(1);
  });

  it('races two approvers of one that needs one, and one person twice: paid once, the others refused', async () => {
    const { withdrawal } = await requested('300000');
    const a = await anotherCashier();
    const answers = await Promise.all(
      [a, a, await anotherCashier()].map((cookie) => decide(cookie, 'approve', { id: withdrawal.id })),
    );
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : failure(answer).code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    for (const code of codes.filter((code) => code !== 'ok'))
      expect(['payment_state', 'second_approver_required']).toContain(code);
    expect(await payoutsOf(withdrawal.id)).toBe(1);
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('finds payments and payouts by our id or the provider’s reference, and nothing for a stranger', async () => {
    const { member, withdrawal } = await requested('300000');
    value<StaffWithdrawal>(await decide(await anotherCashier(), 'approve', { id: withdrawal.id }));
    const [deposit] = await rowsOf<{ id: string; provider_ref: string }>(
      t.db,
      sql`SELECT id, provider_ref FROM payments WHERE customer_id = ${member.customerId}`,
    );
    const [payout] = await rowsOf<{ provider_ref: string }>(
      t.db,
      sql`SELECT provider_ref FROM withdrawals WHERE id = ${withdrawal.id}`,
    );
    if (deposit === undefined || payout === undefined) throw new Error('nothing to find');
    const cookie = await anotherCashier();
    const search = async (ref: string) =>
      value<CashierSearchHit[]>(
        await staffCall(
          t.app,
          'GET',
          `cashier/search?ref=${encodeURIComponent(ref)}`,
          cookie,
          undefined,
          LOTUS,
        ),
      );
    // [reference, type found, id found]
    for (const [ref, type, id] of [
      [deposit.id, 'deposit', deposit.id],
      [deposit.provider_ref, 'deposit', deposit.id],
      [withdrawal.id, 'withdrawal', withdrawal.id],
      [payout.provider_ref, 'withdrawal', withdrawal.id],
    ] as const) {
      const hits = await search(ref);
      expect(hits, ref).toHaveLength(1);
      expect(hits[0]).toMatchObject({ type, id, customerId: member.customerId });
    }
    // [hostile reference]: no match, no error.
    for (const ref of ['nothing-here', "' OR 1=1 --", '%%%', `${withdrawal.id.slice(0, -1)}%`, '___']) {
      expect(await search(ref), ref).toEqual([]);
    }
    expect(
      failure(await staffCall(t.app, 'GET', 'cashier/search?ref=ab', cookie, undefined, LOTUS)),
    ).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('lists each payout still unknown among the reconciliation’s findings, held until the provider tells', async () => {
    const { member, withdrawal } = await requested('400000');
    const behaviour = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/stand-ins/demopay/payouts/behaviour',
        headers: { host: LOTUS, 'content-type': 'application/json' },
        payload: JSON.stringify({ behaviour: value }),
      });
    // A time-out before the provider made the payout: asking by reference finds nothing, so it stays held.
    await behaviour('timeout');
    const cookie = await anotherCashier();
    expect(value<StaffWithdrawal>(await decide(cookie, 'approve', { id: withdrawal.id })).state).toBe(
      'unknown',
    );
    const report = value<ReconciliationReport>(
      await staffCall(t.app, 'POST', 'reconcile', cookie, {}, LOTUS),
    );
    expect(report.unknownPayouts).toBeGreaterThanOrEqual(1);
    expect(report.findings).toContainEqual({
      kind: 'unknown_payout',
      reference: withdrawal.id,
      detail: '400000 VND',
    });
    expect(report.findings.filter((finding) => finding.kind !== 'unknown_payout')).toEqual([]);
    await behaviour('paid');
    const again = value<ReconciliationReport>(await staffCall(t.app, 'POST', 'reconcile', cookie, {}, LOTUS));
    expect(again.findings).toContainEqual({
      kind: 'unknown_payout',
      reference: withdrawal.id,
      detail: '400000 VND',
    });
    expect(await balance(member)).toMatchObject({ held: '400000' });
  });
});
