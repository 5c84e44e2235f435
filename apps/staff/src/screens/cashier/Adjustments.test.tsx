import type { CashierSearchHit, StaffAdjustment } from '@wps/contract/cashier';
import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { CashierScreen } from './CashierScreen';

afterEach(() => vi.unstubAllGlobals());

const BOTH: StaffPermission[] = ['cashier:adjust', 'cashier:approve'];

const adjustment = (change: Partial<StaffAdjustment> = {}): StaffAdjustment => ({
  id: 'adj_000000001',
  customerId: 42,
  username: 'lotus1',
  amount: '50000',
  currency: 'VND',
  reason: 'Goodwill credit',
  state: 'proposed',
  proposedBy: 'Kim (cashier)',
  decidedBy: null,
  declineReason: null,
  reverses: null,
  createdAt: '2026-03-01T10:00:00Z',
  decidedAt: null,
  ...change,
});

/** The adjustments answer `list`; a POST answers `posted(path, body)`. */
function desk(list: StaffAdjustment[], posted?: (path: string, body: unknown) => FakeAnswer) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/adjustments') return ok(list);
    if (method === 'POST' && posted) return posted(path, body);
    return undefined;
  });
}

const posts = (calls: ReturnType<typeof fakeServer>) => calls.filter((call) => call.method === 'POST');

describe('Cashier: manual adjustments', () => {
  it('proposes a debit with its member, amount and reason, under one request key', async () => {
    const calls = desk([], () => ok(adjustment({ amount: '-30000' })));
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Member id'), '42');
    await user.selectOptions(screen.getByLabelText('Credit or debit'), 'debit');
    await user.type(screen.getByLabelText('Amount'), '30000');
    await user.type(screen.getByLabelText('Reason'), '  Duplicate credit  ');
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(
      await screen.findByText('Proposed: lotus1 · -30000 VND. It waits for a second approver.'),
    ).toBeInTheDocument();
    const [sent] = posts(calls);
    expect(sent?.url).toBe('/wps/staff/adjustments');
    expect(sent?.body).toEqual({
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      customerId: '42',
      direction: 'debit',
      amount: '30000',
      reason: 'Duplicate credit',
    });
  });

  it('resends a refused proposal with the same key, and a new proposal with a new one', async () => {
    let answers = 0;
    const calls = desk([], () =>
      (answers += 1) === 1 ? refusal(503, 'internal_error', 'Try again.') : ok(adjustment()),
    );
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Member id'), '42');
    await user.type(screen.getByLabelText('Amount'), '50000');
    await user.type(screen.getByLabelText('Reason'), 'Goodwill credit');
    const propose = screen.getByRole('button', { name: 'Propose' });
    await user.click(propose);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again.');
    await user.click(propose);
    await screen.findByText(/^Proposed:/);
    await user.click(propose);
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(3));
    const keys = posts(calls).map((call) => (call.body as { requestKey: string }).requestKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  // [case, member id, amount, reason, the message shown]
  it.each([
    ['no member id', '', '100', 'Goodwill', 'Enter a member id (digits only).'],
    ['a zero amount', '42', '0', 'Goodwill', 'Enter an amount above zero, such as 100 or 12.50.'],
    ['a negative amount', '42', '-5', 'Goodwill', 'Enter an amount above zero, such as 100 or 12.50.'],
    ['letters for an amount', '42', '1e9', 'Goodwill', 'Enter an amount above zero, such as 100 or 12.50.'],
    ['a two-letter reason', '42', '100', 'ok', 'Give a reason of at least 3 characters.'],
  ])('sends nothing with %s', async (_case, member, amount, reason, message) => {
    const calls = desk([]);
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const user = userEvent.setup();
    if (member) await user.type(screen.getByLabelText('Member id'), member);
    await user.type(screen.getByLabelText('Amount'), amount);
    await user.type(screen.getByLabelText('Reason'), reason);
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('approves a waiting adjustment, and shows the proposer’s refusal in words', async () => {
    const calls = desk([adjustment()], () =>
      refusal(409, 'second_approver_required', 'The approver must be someone other than the proposer.'),
    );
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const row = (await screen.findByRole('cell', { name: /lotus1/ })).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('Waiting for a second approver');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You approved this already. A second approver must be someone else.',
    );
    expect(posts(calls)).toEqual([
      { method: 'POST', url: '/wps/staff/adjustments/approve', body: { id: 'adj_000000001' } },
    ]);
  });

  it('declines with a reason only', async () => {
    const calls = desk([adjustment()], () =>
      ok(adjustment({ state: 'declined', decidedBy: 'Sam', declineReason: 'No grounds' })),
    );
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline…' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.type(screen.getByLabelText('Why it is declined'), 'No grounds');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('lotus1 · 50000 VND: declined')).toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({
      url: '/wps/staff/adjustments/decline',
      body: { id: 'adj_000000001', reason: 'No grounds' },
    });
  });

  it('proposes the reversal of a posted adjustment, and offers none for a correction or a declined one', async () => {
    const calls = desk(
      [
        adjustment({ state: 'posted', decidedBy: 'Sam' }),
        adjustment({ id: 'adj_000000002', state: 'posted', amount: '-50000', reverses: 'adj_000000009' }),
        adjustment({ id: 'adj_000000003', state: 'declined', decidedBy: 'Sam', declineReason: 'No' }),
      ],
      () => ok(adjustment({ id: 'adj_000000004', amount: '-50000', reverses: 'adj_000000001' })),
    );
    renderWithQueries(<CashierScreen permissions={BOTH} />);
    const user = userEvent.setup();
    expect(await screen.findByText('Posted · approved by Sam')).toBeInTheDocument();
    expect(screen.getByText('Correction: Goodwill credit')).toBeInTheDocument();
    expect(screen.getByText('Declined by Sam: No')).toBeInTheDocument();
    const reverse = screen.getAllByRole('button', { name: 'Reverse…' });
    expect(reverse).toHaveLength(1);
    await user.click(reverse[0] as HTMLElement);
    await user.type(screen.getByLabelText('Why it is corrected'), 'Credited twice');
    await user.click(screen.getByRole('button', { name: 'Propose the reversal' }));
    expect(await screen.findByText('lotus1 · -50000 VND: proposed')).toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({
      url: '/wps/staff/adjustments/reverse',
      body: {
        id: 'adj_000000001',
        reason: 'Credited twice',
        requestKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      },
    });
  });

  // [case, permissions, form shown, approve shown]
  it.each<[string, StaffPermission[], boolean, boolean]>([
    ['a proposer only', ['cashier:adjust'], true, false],
    ['both', BOTH, true, true],
  ])('shows %s what the permissions allow', async (_case, permissions, form, approve) => {
    desk([adjustment()]);
    renderWithQueries(<CashierScreen permissions={permissions} />);
    await screen.findByRole('cell', { name: /lotus1/ });
    expect(screen.queryByRole('button', { name: 'Propose' }) !== null).toBe(form);
    expect(screen.queryByRole('button', { name: 'Approve' }) !== null).toBe(approve);
    // Without cashier:review there is no withdrawal queue, search or reconciliation.
    expect(screen.queryByRole('heading', { name: 'Withdrawals to review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('Cashier: search by reference', () => {
  const hit: CashierSearchHit = {
    type: 'withdrawal',
    id: 'wd_00000001',
    providerRef: 'po_abc123',
    customerId: 42,
    username: 'lotus1',
    amount: '200000',
    currency: 'VND',
    state: 'paid',
    provider: 'demo',
    createdAt: '2026-03-01T10:00:00Z',
  };

  it.each([
    ['a provider reference', 'po_abc123', [hit], 'Found for po_abc123'],
    ['nothing', 'nope-nothing', [], 'Nothing found for nope-nothing.'],
  ])('finds %s', async (_case, ref, answer, text) => {
    const calls = fakeServer((_method, path) => {
      if (path === '/wps/staff/withdrawals') return ok([]);
      if (path === '/wps/staff/cashier/search') return ok(answer);
      return undefined;
    });
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reference'), `  ${ref} `);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(`/wps/staff/cashier/search?ref=${ref}`);
    if (answer.length > 0) {
      const table = screen.getByRole('table', { name: text });
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
        'Withdrawalwd_00000001po_abc123lotus1 #42200000 VNDpaid',
      );
    }
  });

  it('asks nothing for fewer than 3 characters', async () => {
    const calls = fakeServer((_method, path) => (path === '/wps/staff/withdrawals' ? ok([]) : undefined));
    renderWithQueries(<CashierScreen permissions={['cashier:review']} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reference'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Enter at least 3 characters.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/wps/staff/cashier/search'))).toBe(false);
  });
});
