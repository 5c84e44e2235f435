import { describe, expect, it } from 'vitest';
import type {
  PayoutAccountView,
  ReconciliationReport,
  StaffWithdrawal,
  WithdrawalView,
  WithdrawOptions,
} from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { ledgerHolds, verifyLedger } from '../../services/wallet/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { failure, get, LOTUS, plainPost, sealedPost, value, type CallOptions } from '../../test/accounts.js';
import { fundedLotusMember, newLotusMember } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { setStaffRole } from '../../test/staff-roles.js';
import { backends, useTestApp } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `wd-${process.pid}-${(keys += 1)}-abcdef`;

describe.each(backends)('withdrawals (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const balance = async (as: CallOptions) => value<BalanceView>(await get(t.app, '/wps/wallet/balance', as));
  const options = async (as: CallOptions) =>
    value<WithdrawOptions>(await get(t.app, '/wps/wallet/withdraw/options', as));
  const bind = (as: CallOptions, account: Record<string, unknown>) =>
    sealedPost(
      t.app,
      '/wps/wallet/payout-accounts',
      {
        kind: 'bank',
        bankCode: 'VCB',
        accountName: 'Nguyen Van A',
        accountNumber: '0123456789',
        password: DEMO_PASSWORD,
        ...account,
      },
      as,
    );
  const withdraw = (as: CallOptions, body: Record<string, unknown>) =>
    plainPost(t.app, '/wps/wallet/withdraw', { requestKey: requestKey(), ...body }, as);
  const payouts = (behaviour: string) =>
    t.app.inject({
      method: 'POST',
      url: '/stand-ins/demopay/payouts/behaviour',
      headers: { host: LOTUS, 'content-type': 'application/json' },
      payload: JSON.stringify({ behaviour }),
    });
  const cashier = () => signIn(t.app, 'lotus-cashier', LOTUS);
  const decide = async (cookie: string, action: 'approve' | 'reject', id: string, reason?: string) =>
    staffCall(t.app, 'POST', `withdrawals/${action}`, cookie, { id, ...(reason ? { reason } : {}) }, LOTUS);
  /** A member with 1,000,000 ₫ and a bound account, and a withdrawal of `amount` in review. */
  const requested = async (amount: string) => {
    const member = await fundedLotusMember(t.app, t.db, '1000000');
    const account = value<PayoutAccountView>(await bind(member, {}));
    const withdrawal = value<WithdrawalView>(await withdraw(member, { accountId: account.id, amount }));
    return { member, account, withdrawal };
  };

  it('binds accounts in the member’s own name only, behind the password', async () => {
    const member = await newLotusMember(t.app);
    expect(failure(await bind(member, { password: 'not-it' }))).toMatchObject({
      code: 'old_password_incorrect',
    });
    expect(failure(await bind(member, { accountNumber: '12ab' }))).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    const first = value<PayoutAccountView>(await bind(member, {}));
    expect(first).toMatchObject({ bankCode: 'VCB', accountName: 'Nguyen Van A', accountNumberLast4: '6789' });
    // The same name, other spacing and case: accepted. Another name: refused.
    value<PayoutAccountView>(
      await bind(member, {
        accountName: 'NGUYEN  van a',
        bankCode: 'MOMO',
        kind: 'ewallet',
        accountNumber: '0901234567',
      }),
    );
    expect(
      failure(await bind(member, { accountName: 'Tran Thi B', accountNumber: '99999999' })),
    ).toMatchObject({
      status: 400,
      code: 'invalid_request',
      data: { holderName: 'Nguyen Van A' },
    });
    expect((await options(member)).accounts).toHaveLength(2);
    expect((await options(member)).holderName).toBe('Nguyen Van A');
  });

  it('holds the money at request, pays it out on approval, and shows it in the history', async () => {
    const { member, withdrawal } = await requested('300000');
    expect(withdrawal).toMatchObject({ state: 'review', amount: '300000' });
    expect(await balance(member)).toMatchObject({ cash: '700000', held: '300000' });
    const paid = value<StaffWithdrawal>(await decide(await cashier(), 'approve', withdrawal.id));
    expect(paid).toMatchObject({ state: 'paid', approvals: 1, approvalsNeeded: 1 });
    expect(await balance(member)).toMatchObject({ cash: '700000', held: '0' });
    // A second approval of a paid withdrawal changes nothing.
    expect(
      failure(await decide(await signIn(t.app, 'lotus-cashier', LOTUS), 'approve', withdrawal.id)),
    ).toMatchObject({
      status: 409,
      code: 'payment_state',
    });
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('returns the money on rejection, with the reason', async () => {
    const { member, withdrawal } = await requested('250000');
    const rejected = value<StaffWithdrawal>(
      await decide(await cashier(), 'reject', withdrawal.id, 'Documents needed'),
    );
    expect(rejected).toMatchObject({ state: 'rejected', reason: 'Documents needed' });
    expect(await balance(member)).toMatchObject({ cash: '1000000', held: '0' });
  });

  // [case, body change, status, code]
  it.each([
    ['more than the balance', { amount: '1000001' }, 409, 'insufficient_funds'],
    ['below the minimum', { amount: '99999' }, 400, 'amount_invalid'],
    ['a fraction of a dong', { amount: '100000.5' }, 400, 'amount_invalid'],
    ['a negative amount', { amount: '-100000' }, 400, 'invalid_request'],
    ['another member’s account', { accountId: 'other' }, 404, 'payment_not_found'],
  ])('refuses %s, holding nothing', async (_case, change, status, code) => {
    const member = await fundedLotusMember(t.app, t.db, '1000000');
    const own = value<PayoutAccountView>(await bind(member, {}));
    const stranger = await newLotusMember(t.app);
    const theirs = value<PayoutAccountView>(
      await bind(stranger, { accountName: 'Le Van C', accountNumber: '5555555555' }),
    );
    const accountId = 'accountId' in change ? theirs.id : own.id;
    const amount = 'amount' in change ? change.amount : '100000';
    const answer = failure(await withdraw(member, { amount, accountId }));
    expect(answer).toMatchObject({ status, code });
    expect(await balance(member)).toMatchObject({ cash: '1000000', held: '0' });
  });

  it('keeps a payout whose outcome is unknown held: never returned, never paid twice; reconciliation finds it', async () => {
    const { member, withdrawal } = await requested('200000');
    expect((await payouts('lost')).statusCode).toBe(200);
    const unknown = value<StaffWithdrawal>(await decide(await cashier(), 'approve', withdrawal.id));
    expect(unknown.state).toBe('unknown');
    expect(await balance(member)).toMatchObject({ cash: '800000', held: '200000' });
    // Staff cannot reject (refund) an unknown payout.
    expect(failure(await decide(await cashier(), 'reject', withdrawal.id, 'give it back'))).toMatchObject({
      code: 'payment_state',
    });
    await payouts('paid');
    const report = value<ReconciliationReport>(
      await staffCall(t.app, 'POST', 'reconcile', await cashier(), {}, LOTUS),
    );
    expect(report).toMatchObject({ unknownPayouts: 0, balanceDifferences: 0, unbalancedTransfers: 0 });
    expect(await balance(member)).toMatchObject({ cash: '800000', held: '0' });
  });

  it('needs two different approvers above the merchant’s threshold', async () => {
    const member = await fundedLotusMember(t.app, t.db, '20000000');
    const account = value<PayoutAccountView>(await bind(member, {}));
    const big = value<WithdrawalView>(await withdraw(member, { accountId: account.id, amount: '15000000' }));
    const first = await cashier();
    expect(value<StaffWithdrawal>(await decide(first, 'approve', big.id))).toMatchObject({
      state: 'review',
      approvals: 1,
      approvalsNeeded: 2,
    });
    expect(failure(await decide(first, 'approve', big.id))).toMatchObject({
      status: 409,
      code: 'second_approver_required',
    });
    await setStaffRole(t.db, 'lotus-agent', 'admin');
    const second = await signIn(t.app, 'lotus-agent', LOTUS);
    expect(value<StaffWithdrawal>(await decide(second, 'approve', big.id))).toMatchObject({
      state: 'paid',
      approvals: 2,
    });
    await setStaffRole(t.db, 'lotus-agent', 'support');
  });

  it('refuses the queue to a role without cashier:review', async () => {
    const agent = await signIn(t.app, 'lotus-agent', LOTUS);
    expect(failure(await staffCall(t.app, 'GET', 'withdrawals', agent, undefined, LOTUS))).toMatchObject({
      status: 403,
    });
  });

  it('forfeits an unmet bonus only when the member agreed to it', async () => {
    const member = await fundedLotusMember(t.app, t.db, '200000', 'WELCOME100');
    expect(await balance(member)).toMatchObject({ cash: '200000', bonus: '200000' });
    expect((await options(member)).turnoverLeft).toBe('2000000');
    const account = value<PayoutAccountView>(await bind(member, {}));
    expect(failure(await withdraw(member, { accountId: account.id, amount: '100000' }))).toMatchObject({
      status: 409,
      code: 'payment_state',
    });
    expect(await balance(member)).toMatchObject({ cash: '200000', bonus: '200000' });
    const agreed = value<WithdrawalView>(
      await withdraw(member, { accountId: account.id, amount: '100000', forfeitBonus: true }),
    );
    expect(agreed.bonusForfeited).toBe('200000');
    expect(await balance(member)).toMatchObject({ cash: '100000', bonus: '0', held: '100000' });
  });
});
