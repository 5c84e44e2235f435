import type { StaffMemberSearchPage, MemberDetailView } from '@wps/contract/memberAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { MembersScreen } from './MembersScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const READ: StaffPermission[] = ['console:open', 'member:read'];
const SUPPORT: StaffPermission[] = [...READ, 'member:pii', 'member:write', 'member:reset2fa'];

const hit = (id: number, username: string) => ({
  id,
  username,
  kind: 'player' as const,
  phone: '+84 912345678',
  email: `${username}@example.com`,
  ownReferralCode: null,
  locked: false,
  createdAt: '2026-03-01T10:00:00Z',
});

const page = (
  hits: ReturnType<typeof hit>[],
  next: number | null,
  piiHidden = false,
): StaffMemberSearchPage => ({
  hits: piiHidden ? hits.map((one) => ({ ...one, phone: null, email: null })) : hits,
  next,
  piiHidden,
});

const member = (change: Partial<MemberDetailView> = {}): MemberDetailView => ({
  id: 7,
  username: 'alice',
  kind: 'player',
  phone: '+84 912345678',
  email: 'alice@example.com',
  piiHidden: false,
  language: 'EN',
  currency: 'VND',
  registeredAt: '2026-03-01T10:00:00Z',
  registerMethod: 'username',
  ownReferralCode: null,
  vipLabel: null,
  rankLevel: 0,
  lockedAt: null,
  secondFactors: ['authenticator'],
  agent: null,
  referrer: null,
  downlineCount: 0,
  sessions: [
    {
      id: 91,
      ip: '203.0.113.9',
      userAgent: 'Phone browser',
      createdAt: '2026-03-01T10:00:00Z',
      lastSeenAt: '2026-03-01T11:00:00Z',
      expiresAt: '2026-03-02T11:00:00Z',
    },
  ],
  signIns: [],
  limits: {
    profile: {
      id: 'default',
      name: 'Default',
      minAge: 18,
      coolingOffHours: 24,
      confirmWindowHours: 168,
      timeOutOptions: [],
      selfExclusionOptions: [],
      realityCheckMinutes: [],
      limitPrompt: 'registration',
    },
    currency: 'VND',
    limits: [],
    realityCheckMinutes: null,
    activeBreak: null,
    helpLines: [],
  },
  ...change,
});

function server(
  answer: (method: string, path: string, url: string, body: unknown) => FakeAnswer | undefined,
) {
  return fakeServer((method, path, body, url) => answer(method, path, url, body));
}

describe('Members', () => {
  it('searches, shows a page of results and walks to the next page', async () => {
    const calls = server((method, path, url) => {
      if (method !== 'GET' || path !== '/wps/staff/members') return undefined;
      const after = new URL(url, 'http://x').searchParams.get('after');
      return ok(after === null ? page([hit(1, 'ann'), hit(2, 'anna')], 2) : page([hit(3, 'anne')], null));
    });
    renderWithQueries(<MembersScreen permissions={SUPPORT} />);
    await userEvent.type(screen.getByLabelText('Name, id, phone, email or referral code'), '50%_off');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('ann@example.com')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/wps/staff/members?q=50%25_off');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('anne')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('after=2');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it.each<[string, FakeAnswer, string]>([
    ['nothing found', ok(page([], null)), 'No member matches.'],
    [
      'a refusal',
      refusal(403, 'staff_forbidden', 'Your role does not allow this.'),
      'Your role does not allow this.',
    ],
  ])('tells %s', async (_what, answer, text) => {
    server(() => answer);
    renderWithQueries(<MembersScreen permissions={READ} />);
    await userEvent.type(screen.getByLabelText('Name, id, phone, email or referral code'), 'zz');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('asks for something to search before calling', async () => {
    const calls = server(() => undefined);
    renderWithQueries(<MembersScreen permissions={READ} />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type something to search for, or tick agents only.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows no phone or email column for a role that may not see them', async () => {
    server(() => ok(page([hit(1, 'ann')], null, true)));
    renderWithQueries(<MembersScreen permissions={READ} />);
    await userEvent.type(screen.getByLabelText('Name, id, phone, email or referral code'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByText(/does not see phone numbers/)).toBeInTheDocument();
  });

  it('locks a member only after a reason is given, then offers the unlock', async () => {
    window.history.replaceState(null, '', '/staff/members?member=7');
    let locked = false;
    const calls = server((method, path) => {
      if (method === 'GET' && path === '/wps/staff/members/7') {
        return ok(member(locked ? { lockedAt: '2026-03-01T12:00:00Z', sessions: [] } : {}));
      }
      if (method === 'POST' && path === '/wps/staff/members/7/lock') {
        locked = true;
        return ok({ endedSessions: 1, lockedAt: '2026-03-01T12:00:00Z', secondFactors: [] });
      }
      return undefined;
    });
    renderWithQueries(<MembersScreen permissions={SUPPORT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lock account' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason (stored and audited)'), 'chargeback fraud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Locked. 1 session(s) ended.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'chargeback fraud' });
    expect(await screen.findByRole('button', { name: 'Unlock account' })).toBeInTheDocument();
  });

  it('shows a reading role the tabs but no action', async () => {
    window.history.replaceState(null, '', '/staff/members?member=7');
    server((method, path) =>
      method === 'GET' && path === '/wps/staff/members/7' ? ok(member()) : undefined,
    );
    renderWithQueries(<MembersScreen permissions={READ} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Sessions' }));
    expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Phone browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
  });

  it('tells a member of another merchant as not found, with a way back', async () => {
    window.history.replaceState(null, '', '/staff/members?member=99');
    server(() => refusal(404, 'not_found', 'No such member.'));
    renderWithQueries(<MembersScreen permissions={READ} />);
    expect(await screen.findByText('No such member.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the search' }));
    expect(screen.getByRole('search')).toBeVisible();
  });
});
