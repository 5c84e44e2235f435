import type { StaffWithdrawal } from '@wps/contract/cashier';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries } from '@/test/fakeServer';
import { CashierScreen } from './CashierScreen';

afterEach(() => vi.unstubAllGlobals());

const item = (change: Partial<StaffWithdrawal> = {}): StaffWithdrawal => ({
  id: 'wd_00000001',
  state: 'review',
  amount: '200000',
  currency: 'VND',
  account: { id: 1, kind: 'bank', bankCode: 'VCB', accountNumberLast4: '6789', accountName: 'Nguyen Van An' },
  bonusForfeited: '0',
  reason: null,
  createdAt: '2026-03-01T10:00:00Z',
  username: 'lotus1',
  approvals: 0,
  approvalsNeeded: 1,
  approvers: [],
  ...change,
});

/** The queue answers `queue` until a decision, then the decided item. */
function desk(queue: StaffWithdrawal[], decided?: StaffWithdrawal | ReturnType<typeof refusal>) {
  let current = queue;
  return fakeServer((_method, path) => {
    if (path === '/wps/staff/withdrawals') return ok(current);
    if (path === '/wps/staff/withdrawals/approve' || path === '/wps/staff/withdrawals/reject') {
      if (decided && 'status' in decided) return decided;
      current = [];
      return ok(decided);
    }
    if (path === '/wps/staff/reconcile') {
      return ok({
        unknownPayouts: 1,
        depositsSettled: 2,
        depositDifferences: 0,
        balanceDifferences: 0,
        unbalancedTransfers: 0,
        findings: [{ kind: 'unknown_payout', reference: 'wd_00000009', detail: '400000 VND' }],
      });
    }
    return undefined;
  });
}

describe('Cashier', () => {
  it('lists the queue and approves a withdrawal by its id, then reloads the queue', async () => {
    const calls = desk([item()], item({ state: 'paid', approvals: 1 }));
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    const row = (await screen.findByRole('cell', { name: 'lotus1' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('200000 VND');
    expect(row).toHaveTextContent('VCB ···6789 · Nguyen Van An');
    expect(row).toHaveTextContent('0 of 1');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('lotus1 · 200000 VND: paid')).toBeInTheDocument();
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/wps/staff/withdrawals/approve', body: { id: 'wd_00000001' } },
    ]);
  });

  it.each([
    ['an empty reason, not sent', '   ', false],
    ['a two-letter reason, not sent', ' no ', false],
    ['a reason, sent trimmed', '  Account closed ', true],
  ])('rejects with %s', async (_case, reason, sent) => {
    const calls = desk([item()], item({ state: 'rejected', reason: 'Account closed' }));
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    const field = screen.getByLabelText('Reason for the member');
    expect(field).toHaveFocus();
    await user.type(field, reason);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const posted = calls.filter((call) => call.method === 'POST');
    if (sent) {
      expect(await screen.findByText('lotus1 · 200000 VND: rejected')).toBeInTheDocument();
      expect(posted).toEqual([
        {
          method: 'POST',
          url: '/wps/staff/withdrawals/reject',
          body: { id: 'wd_00000001', reason: 'Account closed' },
        },
      ]);
    } else {
      expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
      expect(posted).toEqual([]);
    }
  });

  it('offers no decision on a withdrawal that is not in review, and marks an unknown payout', async () => {
    desk([item({ state: 'unknown', approvals: 1 })]);
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    expect(await screen.findByRole('cell', { name: 'unknown' })).toHaveClass('state-unknown');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows a refused decision in the server’s words and keeps the queue', async () => {
    desk(
      [item()],
      refusal(409, 'wallet_second_approver_required', 'A second, different approver is needed.'),
    );
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A second, different approver is needed.');
    expect(screen.getByRole('cell', { name: 'lotus1' })).toBeInTheDocument();
  });

  it('shows who approved a withdrawal waiting for its second approver, and refuses the same person in words', async () => {
    desk(
      [item({ amount: '15000000', approvals: 1, approvalsNeeded: 2, approvers: ['Kim (cashier)'] })],
      refusal(409, 'second_approver_required', 'A second approver must be someone else.'),
    );
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    const row = (await screen.findByRole('cell', { name: 'lotus1' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('1 of 2 · approved by Kim (cashier)');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You approved this already. A second approver must be someone else.',
    );
  });

  it('runs the reconciliation and tells its findings', async () => {
    desk([]);
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run reconciliation' }));
    expect(
      await screen.findByText(
        'Unknown payouts still held: 1 · deposits settled: 2 · deposit differences: 0 · balance differences: 0 · unbalanced transfers: 0',
      ),
    ).toBeInTheDocument();
    const findings = screen.getByRole('table', { name: 'Differences to look at' });
    expect(
      within(findings)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['WhatReferenceFigures', 'Payout outcome unknown (held)wd_00000009400000 VND']);
  });

  it.each([
    ['a failed load, with Try again', refusal(500, 'internal_error', 'Broken.'), 'Broken.'],
    ['an ended session', refusal(401, 'staff_not_signed_in'), 'Your session ended. Please sign in again.'],
  ])('shows %s', async (_case, answer, text) => {
    fakeServer(() => answer);
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says the books hold when the reconciliation finds nothing', async () => {
    fakeServer((_method, path) => {
      if (path === '/wps/staff/withdrawals') return ok([]);
      if (path === '/wps/staff/reconcile')
        return ok({
          unknownPayouts: 0,
          depositsSettled: 0,
          depositDifferences: 0,
          balanceDifferences: 0,
          unbalancedTransfers: 0,
          findings: [],
        });
      return undefined;
    });
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run reconciliation' }));
    expect(await screen.findByText('No differences: the books hold.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Differences to look at' })).not.toBeInTheDocument();
  });

  it('tells a role without the permission, and asks nothing of the server', () => {
    const calls = fakeServer(() => ok([]));
    renderWithQueries(<CashierScreen permissions={['chat:read']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may not review withdrawals.');
    expect(calls).toEqual([]);
  });
});
