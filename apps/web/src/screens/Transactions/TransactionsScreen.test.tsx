import type { HistoryEntry, HistoryPage } from '@wps/contract/cashier';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { NETWORK_ERROR, WpsError } from '@/api/errors';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { groupRounds } from './components/history';
import { TransactionsScreen } from './TransactionsScreen';

vi.mock('@/api/endpoints/wallet', () => ({ fetchBalance: vi.fn(), fetchHistory: vi.fn() }));
const fetchHistory = vi.mocked(wallet.fetchHistory);

function entry(id: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'deposit',
    amount: '500.00',
    currency: 'PHP',
    state: 'success',
    reference: `ref-${id}`,
    round: null,
    at: '2026-11-29T05:00:00.000Z',
    ...overrides,
  };
}

function page(entries: HistoryEntry[], next: string | null = null): HistoryPage {
  return { entries, next };
}

function renderHistory() {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/transactions']}>
      <Routes>
        <Route path="transactions" element={<TransactionsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('groupRounds', () => {
  it.each<[string, HistoryEntry[], string[][]]>([
    ['no rounds', [entry('1'), entry('2')], [['1'], ['2']]],
    [
      'a bet and its win together',
      [entry('w', { round: 'r1' }), entry('b', { round: 'r1' }), entry('d')],
      [['w', 'b'], ['d']],
    ],
    [
      'the same round apart stays apart (the order is kept)',
      [entry('a', { round: 'r1' }), entry('x'), entry('b', { round: 'r1' })],
      [['a'], ['x'], ['b']],
    ],
    ['two rounds side by side', [entry('a', { round: 'r1' }), entry('b', { round: 'r2' })], [['a'], ['b']]],
    ['nothing', [], []],
  ])('%s', (_name, entries, groups) => {
    expect(groupRounds(entries).map((group) => group.entries.map((each) => each.id))).toEqual(groups);
  });
});

describe('TransactionsScreen', () => {
  it('lists each entry with its kind, signed amount, state, reference and time; a round together', async () => {
    fetchHistory.mockResolvedValue(
      page([
        entry('3', { kind: 'win', amount: '150.00', round: 'R-77', reference: 'win-77' }),
        entry('2', { kind: 'bet', amount: '-50.00', round: 'R-77', reference: 'bet-77' }),
        entry('1', { kind: 'deposit', amount: '500.00', state: 'pending', reference: 'pay_abc' }),
      ]),
    );
    renderHistory();
    const groups = await screen.findAllByTestId('history-group');
    expect(groups).toHaveLength(2);
    const round = within(groups[0] as HTMLElement);
    expect(round.getByText('Round R-77')).toBeVisible();
    expect(round.getAllByTestId('history-entry').map((row) => row.dataset.kind)).toEqual(['win', 'bet']);
    expect(round.getByText('+₱150.00')).toBeVisible();
    expect(round.getByText('-₱50.00')).toBeVisible();
    const deposit = within(groups[1] as HTMLElement);
    expect(deposit.getByText('Deposit')).toBeVisible();
    expect(deposit.getByText('+₱500.00')).toBeVisible();
    expect(deposit.getByText('Pending')).toBeVisible();
    expect(deposit.getByText('pay_abc')).toBeVisible();
    expect(deposit.getByText(/Nov 29, 2026/)).toHaveAttribute('datetime', '2026-11-29T05:00:00.000Z');
    expect(fetchHistory).toHaveBeenCalledWith({}, null);
  });

  it('a kind chip and the dates filter the list, starting again from the newest', async () => {
    fetchHistory.mockResolvedValue(page([entry('1')]));
    renderHistory();
    await screen.findAllByTestId('history-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Withdrawal' }));
    expect(screen.getByRole('button', { name: 'Withdrawal' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(fetchHistory).toHaveBeenLastCalledWith({ kind: 'withdrawal' }, null);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(fetchHistory).toHaveBeenLastCalledWith({ kind: 'withdrawal', from: '2026-11-01' }, null);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(fetchHistory).toHaveBeenLastCalledWith(
      { kind: 'withdrawal', from: '2026-11-01', to: '2026-11-30' },
      null,
    );
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(fetchHistory).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-30' }, null);
  });

  it('Load more appends the older page after `next`, shown once, and disappears at the end', async () => {
    fetchHistory.mockResolvedValueOnce(page([entry('2'), entry('1')], '1'));
    fetchHistory.mockResolvedValueOnce(page([entry('1'), entry('0')], null));
    renderHistory();
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchHistory).toHaveBeenLastCalledWith({}, '1');
    await vi.waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('empty: says so; a failure: a retry that loads again', async () => {
    fetchHistory.mockResolvedValueOnce(page([]));
    const first = renderHistory();
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No transactions yet.');
    first.unmount();
    fetchHistory.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'offline'));
    fetchHistory.mockResolvedValueOnce(page([entry('1')]));
    renderHistory();
    expect(await screen.findByText('The transactions could not be loaded.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(1);
  });
});
