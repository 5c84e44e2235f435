import type { StaffPermission } from '@wps/contract/staff';
import type { TrustAuditEntry } from '@wps/contract/trust';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { auditSummary } from './auditSummary';
import { ComplianceScreen } from './ComplianceScreen';

afterEach(() => vi.unstubAllGlobals());

const BOTH: StaffPermission[] = ['compliance:read', 'compliance:act'];

const entry = (id: number, change: Partial<TrustAuditEntry> = {}): TrustAuditEntry => ({
  id: String(id),
  customerId: 7,
  username: 'rgmember',
  actor: 'staff',
  actorId: 3,
  actorName: null,
  action: 'limit.set',
  requested: { type: 'deposit_day', amount: '500' },
  effect: { outcome: 'applied', amount: '500' },
  at: '2026-03-01T10:00:00Z',
  ...change,
});

function server(
  audit: (url: string) => TrustAuditEntry[],
  post?: (path: string, body: unknown) => FakeAnswer,
) {
  return fakeServer((method, path, body, url) => {
    if (path === '/wps/staff/rg/audit') return ok(audit(url));
    if (method === 'POST' && post) return post(path, body);
    return undefined;
  });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Compliance', () => {
  it('shows who initiated what (staff by name, else by id), asked and took effect, a refusal marked, names as text only', async () => {
    server(() => [
      entry(4, {
        username: '<img src=x onerror=alert(1)>',
        effect: { outcome: 'refused', reason: 'raise_by_staff' },
      }),
      entry(3, { actorName: 'Kim (cashier)' }),
      entry(2, { actor: 'member', actorId: null }),
      entry(1, { actor: 'system', actorId: null, requested: null }),
    ]);
    renderWithQueries(<ComplianceScreen permissions={BOTH} />);
    await screen.findByRole('table');
    const [refused, named, byMember, bySystem] = rows();
    expect(refused).toHaveTextContent('<img src=x onerror=alert(1)> #7');
    expect(document.querySelector('img')).toBeNull();
    expect(within(refused as HTMLElement).getByText('Staff #3')).toHaveClass('actor-staff');
    expect(within(refused as HTMLElement).getByText('outcome: refused · reason: raise_by_staff')).toHaveClass(
      'refused',
    );
    expect(within(named as HTMLElement).getByText('Kim (cashier)')).toHaveClass('actor-staff');
    expect(byMember).toHaveTextContent('Member');
    expect(bySystem).toHaveTextContent('System');
    expect(bySystem).toHaveTextContent('—');
  });

  it('pages older below the last row’s id, and back to the newest', async () => {
    const full = Array.from({ length: 50 }, (_, index) => entry(100 - index));
    const calls = server((url) => (url.includes('before=') ? [entry(10)] : full));
    renderWithQueries(<ComplianceScreen permissions={['compliance:read']} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByRole('button', { name: 'Newest' });
    expect(rows()).toHaveLength(1);
    expect(calls.at(-1)?.url).toBe('/wps/staff/rg/audit?before=51');
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(50));
  });

  it('filters by member id, from the filter and from a member’s name, and back to all', async () => {
    const calls = server(() => [entry(1)]);
    renderWithQueries(<ComplianceScreen permissions={['compliance:read']} />);
    const user = userEvent.setup();
    const search = await screen.findByRole('search', { name: 'Filter the audit' });
    await user.type(within(search).getByLabelText('Member id'), '12');
    await user.click(within(search).getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/wps/staff/rg/audit?customerId=12'));
    await user.click(await screen.findByRole('button', { name: 'rgmember #7' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/wps/staff/rg/audit?customerId=7'));
    expect(within(screen.getByRole('search')).getByLabelText('Member id')).toHaveValue('7');
    await user.click(screen.getByRole('button', { name: 'All members' }));
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/wps/staff/rg/audit'));
  });

  it.each([
    [
      'an applied limit',
      ok({ currency: 'VND', limits: [{ type: 'deposit_day', amount: '500000' }] }),
      'Member #7: deposit_day is now 500000 VND.',
    ],
    [
      'a refused raise, in the server’s words',
      refusal(409, 'rg_staff_raise_refused', 'Staff may set or lower a limit, never raise or remove one.'),
      'Refused: Staff may set or lower a limit, never raise or remove one.',
    ],
  ])('sets a limit: %s, then shows the member’s trail', async (_case, answer, text) => {
    const calls = server(
      () => [entry(1)],
      () => answer,
    );
    renderWithQueries(<ComplianceScreen permissions={BOTH} />);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Set or lower a limit' });
    await user.type(within(form).getByLabelText('Member id'), '7');
    await user.selectOptions(within(form).getByLabelText('Limit'), 'deposit_day');
    await user.type(within(form).getByLabelText(/^Amount/), '500000');
    await user.type(within(form).getByLabelText('Reason'), 'Affordability review');
    await user.click(within(form).getByRole('button', { name: 'Set limit' }));
    expect(await within(form).findByText(text)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/wps/staff/rg/limits',
      body: { customerId: '7', type: 'deposit_day', amount: '500000', reason: 'Affordability review' },
    });
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/wps/staff/rg/audit?customerId=7'));
  });

  it.each([
    ['no member id', '', 'A reason', 'Enter a member id (digits only).'],
    ['a hostile member id', '1 OR 1=1', 'A reason', 'Enter a member id (digits only).'],
    ['a short reason', '7', 'ok', 'Give a reason of at least 3 characters.'],
  ])('sends no limit with %s', async (_case, id, reason, message) => {
    const calls = server(() => []);
    renderWithQueries(<ComplianceScreen permissions={BOTH} />);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Set or lower a limit' });
    if (id) await user.type(within(form).getByLabelText('Member id'), id);
    await user.type(within(form).getByLabelText(/^Amount/), '5');
    await user.type(within(form).getByLabelText('Reason'), reason);
    await user.click(within(form).getByRole('button', { name: 'Set limit' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers the lengths of the kind chosen, and starts a break only when confirmed', async () => {
    const calls = server(
      () => [],
      () => ok({ kind: 'self_exclusion', since: '2026-03-01T10:00:00Z', until: null }),
    );
    renderWithQueries(<ComplianceScreen permissions={BOTH} />);
    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Time-out or self-exclusion' });
    const lengths = () =>
      within(within(form).getByLabelText('Length'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(lengths()).toEqual(['24h', '7d', '1m', '6w']);
    await user.selectOptions(within(form).getByLabelText('Kind'), 'self_exclusion');
    expect(lengths()).toEqual(['6m', '1y', '3y', '5y', 'permanent']);
    await user.selectOptions(within(form).getByLabelText('Length'), 'permanent');
    await user.type(within(form).getByLabelText('Member id'), '7');
    await user.type(within(form).getByLabelText('Reason'), 'Asked for it');
    await user.click(within(form).getByRole('button', { name: 'Start break' }));
    const question = within(form).getByRole('alertdialog');
    expect(question).toHaveTextContent(
      'Start a self-exclusion (permanent) for member #7 and end all their sessions?',
    );
    expect(within(question).getByRole('button', { name: 'Yes, start it' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Start break' }));
    await user.click(within(form).getByRole('button', { name: 'Yes, start it' }));
    expect(await within(form).findByText('Member #7: self-exclusion with no end.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/wps/staff/rg/break',
        body: { customerId: '7', reason: 'Asked for it', kind: 'self_exclusion', duration: 'permanent' },
      },
    ]);
  });

  it('tells a role without the permissions, and asks nothing of the server', () => {
    const calls = server(() => []);
    renderWithQueries(<ComplianceScreen permissions={['chat:read']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may not see responsible-gaming records.');
    expect(calls).toEqual([]);
  });
});

describe('auditSummary', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    ['text', 'text'],
    [5, '5'],
    [[1, 'a'], '1, a'],
    [{ reason: 'r', amount: '5', outcome: 'applied' }, 'outcome: applied · amount: 5 · reason: r'],
    [{ zeta: 1, alpha: 2 }, 'alpha: 2 · zeta: 1'],
    [{ parked: { amount: '9', at: 'x' } }, 'parked: (amount: 9 · at: x)'],
    [{ parked: null }, 'parked: —'],
  ])('%j reads %j', (value, text) => {
    expect(auditSummary(value)).toBe(text);
  });
});
