import type { StaffAuditEntry } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, type FakeAnswer, renderWithQueries } from '@/test/fakeServer';
import { AuditScreen } from './AuditScreen';

afterEach(() => vi.unstubAllGlobals());

const HASH = 'ab12cd34ef56'.padEnd(64, '0');

const link = (seq: number, change: Partial<StaffAuditEntry> = {}): StaffAuditEntry => ({
  seq,
  at: '2026-03-01T10:00:00Z',
  staffId: 3,
  staffName: 'Kim (cashier)',
  action: 'staffLimitSet',
  outcome: 'ok',
  errorCode: null,
  requestDigest: 'r'.repeat(64),
  beforeDigest: null,
  afterDigest: null,
  ip: '203.0.113.7',
  requestId: `req-${seq}`,
  prevHash: '0'.repeat(64),
  hash: HASH,
  ...change,
});

const chainOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => link(from + index));

/** The chain endpoint answered per `afterSeq` (0 when absent). */
function server(answer: (afterSeq: number) => FakeAnswer) {
  return fakeServer((method, path, _body, url) => {
    if (method !== 'GET' || path !== '/wps/staff/audit') return undefined;
    return answer(Number(new URL(url, 'http://x').searchParams.get('afterSeq') ?? 0));
  });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement | undefined) =>
  within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Audit', () => {
  it('tells an empty chain, still offering the CSV', async () => {
    server(() => ok([]));
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    expect(await screen.findByText('No staff actions recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/wps/staff/audit.csv',
    );
  });

  it.each<[string, Partial<StaffAuditEntry>, string[]]>([
    [
      'a staff write',
      {},
      ['1', 'Kim (cashier)', 'staffLimitSet', 'Done', '203.0.113.7', 'req-1', `ab12cd34ef56…Hash ${HASH}`],
    ],
    [
      'a refusal, with its errorCode',
      { outcome: 'refused', errorCode: 'rg_staff_raise_refused' },
      ['1', 'Kim (cashier)', 'staffLimitSet', 'Refused: rg_staff_raise_refused', '203.0.113.7', 'req-1'],
    ],
    [
      'a refused sign-in, by nobody',
      {
        staffId: null,
        staffName: null,
        action: 'staffLogin',
        outcome: 'refused',
        errorCode: 'staff_login_failed',
      },
      ['1', '—', 'staffLogin', 'Refused: staff_login_failed'],
    ],
    ['a staff member since removed, by id', { staffName: null }, ['1', 'Staff #3', 'staffLimitSet']],
    [
      'hostile text, as text only',
      { action: '<img src=x onerror=alert(1)>', requestId: '"><script>x</script>' },
      ['1', 'Kim (cashier)', '<img src=x onerror=alert(1)>', 'Done', '203.0.113.7', '"><script>x</script>'],
    ],
  ])('shows %s', async (_case, change, expected) => {
    server(() => ok([link(1, change)]));
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    await screen.findByRole('table', { name: 'Staff audit chain, oldest first (1 shown)' });
    const [seq, time, ...rest] = cells(rows()[0]);
    expect([seq, ...rest].slice(0, expected.length)).toEqual(expected);
    expect(time).not.toBe('');
    expect(document.querySelector('img, script')).toBeNull();
    const refused = within(rows()[0] as HTMLElement).queryByText(/^Refused:/);
    if (change.outcome === 'refused') expect(refused).toHaveClass('refused');
    else expect(refused).toBeNull();
  });

  it('shortens the hash, the full value in its title and for screen readers', async () => {
    server(() => ok([link(1)]));
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    const shown = await screen.findByText('ab12cd34ef56…');
    expect(shown).toHaveAttribute('title', HASH);
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(`Hash ${HASH}`)).toHaveClass('visually-hidden');
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(
      Array(8).fill('col'),
    );
  });

  it('loads more after the last link shown, appending, and says when nothing is newer', async () => {
    const calls = server((after) => ok(after === 0 ? chainOf(1, 100) : after === 100 ? chainOf(101, 2) : []));
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    const user = userEvent.setup();
    await screen.findByRole('table');
    expect(rows()).toHaveLength(100);
    expect(calls.map((call) => call.url)).toEqual(['/wps/staff/audit']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(102));
    expect(cells(rows()[0])[0]).toBe('1');
    expect(cells(rows()[101])[0]).toBe('102');
    expect(calls.at(-1)?.url).toBe('/wps/staff/audit?afterSeq=100');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing newer yet.');
    expect(calls.at(-1)?.url).toBe('/wps/staff/audit?afterSeq=102');
    expect(rows()).toHaveLength(102);
  });

  it.each([
    ['a refusal, in the catalog’s words', refusal(403, 'staff_forbidden'), 'Your role does not allow this.'],
    [
      'the server down, in its words',
      refusal(503, 'service_unavailable', 'Down for a moment.'),
      'Down for a moment.',
    ],
  ])('shows a failed load (%s) with a way to try again', async (_case, failure, text) => {
    let down = true;
    server(() => (down ? failure : ok([link(1)])));
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rows shown when loading more fails, and tries the same page again', async () => {
    let down = true;
    const calls = server((after) => {
      if (after === 0) return ok(chainOf(1, 100));
      return down ? refusal(503, 'service_unavailable', 'Down for a moment.') : ok([link(101)]);
    });
    renderWithQueries(<AuditScreen permissions={['audit:read']} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment.');
    expect(rows()).toHaveLength(100);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(101));
    expect(calls.filter((call) => call.url === '/wps/staff/audit?afterSeq=100')).toHaveLength(2);
  });

  it('tells a role without audit:read, and asks nothing of the server', () => {
    const calls = server(() => ok([]));
    renderWithQueries(<AuditScreen permissions={['compliance:read', 'compliance:act']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may not see the staff audit.');
    expect(calls).toEqual([]);
  });
});
