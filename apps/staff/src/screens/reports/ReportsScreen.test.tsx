import type { ReportView } from '@wps/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { ReportsScreen } from './ReportsScreen';

afterEach(() => vi.unstubAllGlobals());

const GAMING: ReportView = {
  report: 'gaming',
  from: '2026-03-01',
  to: '2026-03-02',
  group: 'game',
  columns: [
    { key: 'vendor', kind: 'text' },
    { key: 'game', kind: 'text' },
    { key: 'currency', kind: 'text' },
    { key: 'bets', kind: 'count' },
    { key: 'stakes', kind: 'money' },
    { key: 'wins', kind: 'money' },
    { key: 'ggr', kind: 'money' },
  ],
  rows: [
    { vendor: 'demo', game: 'slots', currency: 'PHP', bets: '3', stakes: '100.00', wins: '125.50', ggr: '-25.50' },
    { vendor: 'demo', game: '', currency: 'PHP', bets: '1', stakes: '5.00', wins: '0.00', ggr: '5.00' },
  ],
  totals: [{ currency: 'PHP', bets: '4', stakes: '105.00', wins: '125.50', ggr: '-20.50' }],
};

function server(answer: (query: URLSearchParams) => FakeAnswer) {
  return fakeServer((method, path, _body, url) =>
    method === 'GET' && path === '/wps/staff/reports' ? answer(new URL(url, 'http://x').searchParams) : undefined,
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function ask(report: string, group: string) {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Report'), report);
  await user.clear(screen.getByLabelText('From (UTC day)'));
  await user.type(screen.getByLabelText('From (UTC day)'), '2026-03-01');
  await user.clear(screen.getByLabelText('To (UTC day, inclusive)'));
  await user.type(screen.getByLabelText('To (UTC day, inclusive)'), '2026-03-02');
  await user.selectOptions(screen.getByLabelText('Group by'), group);
  await user.click(screen.getByRole('button', { name: 'Show' }));
}

describe('Reports', () => {
  it('shows the report asked for with its totals, and offers the same as CSV', async () => {
    const seen = server(() => ok(GAMING));
    renderWithQueries(<ReportsScreen permissions={['report:read']} />);
    await ask('gaming', 'game');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Vendor',
      'Game',
      'Currency',
      'Bets',
      'Stakes',
      'Wins',
      'GGR',
    ]);
    const [, first, second, total] = within(table).getAllByRole('row');
    expect(cellsOf(first as HTMLElement)).toEqual(['demo', 'slots', 'PHP', '3', '100.00', '125.50', '-25.50']);
    // A key the data has not (a round without a game) reads as none, not as an empty cell.
    expect(cellsOf(second as HTMLElement)[1]).toBe('(none)');
    expect(cellsOf(total as HTMLElement)).toEqual(['Total', '', 'PHP', '4', '105.00', '125.50', '-20.50']);
    expect(seen[0]?.url).toBe('/wps/staff/reports?report=gaming&from=2026-03-01&to=2026-03-02&group=game');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/wps/staff/reports.csv?report=gaming&from=2026-03-01&to=2026-03-02&group=game',
    );
  });

  it.each([
    ['registrations', ['day', 'total', 'affiliate', 'campaign']],
    ['deposits', ['day', 'total']],
    ['interventions', ['day', 'total', 'action']],
  ])('offers the groupings of the %s report only', async (report, groups) => {
    server(() => ok(GAMING));
    renderWithQueries(<ReportsScreen permissions={['report:read']} />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Report'), report);
    const options = within(screen.getByLabelText('Group by')).getAllByRole('option');
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(groups);
  });

  it('tells an empty range', async () => {
    server(() => ok({ ...GAMING, rows: [], totals: [] }));
    renderWithQueries(<ReportsScreen permissions={['report:read']} />);
    await ask('gaming', 'day');
    expect(await screen.findByText('Nothing in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a range (too long) with a retry', async () => {
    server(() => refusal(400, 'invalid_request', 'The range is at most 366 days.'));
    renderWithQueries(<ReportsScreen permissions={['report:read']} />);
    await ask('deposits', 'total');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('a role without report:read is told so and asks nothing', () => {
    const seen = server(() => ok(GAMING));
    renderWithQueries(<ReportsScreen permissions={['chat:read']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may not read the reports.');
    expect(seen).toEqual([]);
  });
});
