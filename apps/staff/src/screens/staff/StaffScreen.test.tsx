import type { StaffMemberView, StaffSessionView } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { StaffScreen } from './StaffScreen';

afterEach(() => vi.unstubAllGlobals());

const session = (id: number, change: Partial<StaffSessionView> = {}): StaffSessionView => ({
  id,
  createdAt: '2026-03-01T10:00:00Z',
  expiresAt: '2026-03-01T22:00:00Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  current: false,
  ...change,
});

const member = (id: number, change: Partial<StaffMemberView> = {}): StaffMemberView => ({
  id,
  username: `lotus-${id}`,
  displayName: `Person ${id}`,
  role: 'support',
  roleName: 'Support',
  disabled: false,
  sessions: [],
  ...change,
});

interface World {
  own: StaffSessionView[];
  team: StaffMemberView[];
  revoke?: FakeAnswer;
}

function server(world: World) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/sessions') return ok(world.own);
    if (method === 'GET' && path === '/wps/staff/team') return ok(world.team);
    if (method === 'POST' && path.endsWith('/revoke')) {
      const { sessionId } = body as { sessionId: number };
      if (world.revoke) return world.revoke;
      const before = world.own.length + world.team.flatMap((m) => m.sessions).length;
      world.own = world.own.filter((s) => s.id !== sessionId);
      world.team = world.team.map((m) => ({ ...m, sessions: m.sessions.filter((s) => s.id !== sessionId) }));
      const after = world.own.length + world.team.flatMap((m) => m.sessions).length;
      return ok({ revoked: after < before });
    }
    return undefined;
  });
}

describe('Staff', () => {
  it('shows a staff member only their own sessions without staff:manage, and never asks for the team', async () => {
    const calls = server({ own: [session(1, { current: true }), session(2)], team: [member(9)] });
    renderWithQueries(<StaffScreen permissions={['console:open']} />);
    const own = await screen.findByRole('region', { name: 'Your sessions' });
    expect(await within(own).findAllByRole('listitem')).toHaveLength(2);
    expect(within(own).getByText('(this session)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/wps/staff/team')).toBe(false);
  });

  it('ends one of the own sessions, which leaves the list', async () => {
    const calls = server({ own: [session(1, { current: true }), session(2)], team: [] });
    renderWithQueries(<StaffScreen permissions={['console:open']} />);
    const own = await screen.findByRole('region', { name: 'Your sessions' });
    const [, other] = await within(own).findAllByRole('listitem');
    await userEvent
      .setup()
      .click(within(other as HTMLElement).getByRole('button', { name: /^End the session/ }));
    await vi.waitFor(() => expect(within(own).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/wps/staff/sessions/revoke',
      body: { sessionId: 2 },
    });
  });

  it.each<[string, StaffMemberView, string[]]>([
    ['signed in twice', member(3, { sessions: [session(5), session(6)] }), ['Person 3lotus-3', 'Support']],
    ['not signed in', member(4), ['Person 4lotus-4', 'Support', 'Not signed in']],
    [
      'disabled',
      member(7, { disabled: true, roleName: 'Cashier' }),
      ['Person 7lotus-7', 'Cashier (disabled)'],
    ],
    [
      'with hostile text, as text only',
      member(8, {
        displayName: '<img src=x onerror=alert(1)>',
        sessions: [session(9, { userAgent: '<script>x</script>' })],
      }),
      ['<img src=x onerror=alert(1)>lotus-8', 'Support'],
    ],
  ])('lists the merchant’s staff with staff:manage: one %s', async (_case, person, cells) => {
    server({ own: [], team: [person] });
    renderWithQueries(<StaffScreen permissions={['console:open', 'staff:manage']} />);
    const table = await screen.findByRole('table', {
      name: "The merchant's staff, their roles and sessions (1)",
    });
    const [row] = within(table).getAllByRole('row').slice(1);
    const texts = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(texts.slice(0, cells.length)).toEqual(cells);
    expect(within(row as HTMLElement).queryAllByRole('button')).toHaveLength(person.sessions.length);
    expect(document.querySelector('img, script')).toBeNull();
  });

  it('ends a staff member’s session with staff:manage', async () => {
    const calls = server({ own: [], team: [member(3, { sessions: [session(5)] })] });
    renderWithQueries(<StaffScreen permissions={['console:open', 'staff:manage']} />);
    const table = await screen.findByRole('table');
    await userEvent.setup().click(within(table).getByRole('button', { name: /^End the session/ }));
    expect(await within(table).findByText('Not signed in')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/wps/staff/team/sessions/revoke',
      body: { sessionId: 5 },
    });
  });

  it.each([
    ['a refusal, in the catalog’s words', refusal(403, 'staff_forbidden'), 'Your role does not allow this.'],
    ['a session already gone', ok({ revoked: false }), 'That session had already ended.'],
  ])('tells %s when ending a session', async (_case, answer, text) => {
    server({ own: [], team: [member(3, { sessions: [session(5)] })], revoke: answer });
    renderWithQueries(<StaffScreen permissions={['console:open', 'staff:manage']} />);
    const table = await screen.findByRole('table');
    await userEvent.setup().click(within(table).getByRole('button', { name: /^End the session/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
