import { STAFF_PERMISSIONS, type StaffPermission, type StaffSignedIn } from '@wps/contract/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { App } from './App';

afterEach(() => vi.unstubAllGlobals());

const AGENT: StaffPermission[] = ['console:open', 'chat:read', 'chat:reply', 'chat:assign'];
const ADMIN: StaffPermission[] = [
  ...AGENT,
  'chat:takeover',
  'cashier:review',
  'compliance:read',
  'compliance:act',
  'audit:read',
  'cashier:adjust',
  'cashier:approve',
];
const person = (permissions: StaffPermission[]): StaffSignedIn => ({
  id: 3,
  merchantId: 1,
  role: 'admin',
  roleName: 'Admin',
  displayName: 'Kim (cashier)',
  platform: false,
  permissions,
});

/** A server where `login` answers `loginAnswer` and `me` follows the session. */
function server(loginAnswer: FakeAnswer, signedIn: StaffSignedIn | null = null) {
  let me = signedIn;
  return fakeServer((method, path) => {
    if (path === '/wps/staff/me') return me ? ok(me) : refusal(401, 'staff_not_signed_in');
    if (path === '/wps/staff/login') {
      if ((loginAnswer.body as { success: boolean }).success)
        me = (loginAnswer.body as { value: StaffSignedIn }).value;
      return loginAnswer;
    }
    if (path === '/wps/staff/logout') {
      me = null;
      return ok(null);
    }
    if (method === 'GET' && path === '/wps/staff/withdrawals') return ok([]);
    if (method === 'GET' && path === '/wps/staff/adjustments') return ok([]);
    if (method === 'GET' && path === '/wps/staff/rg/audit') return ok([]);
    return undefined;
  });
}

async function signIn(code = '123456') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('User name'), 'lotus-cashier');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.type(screen.getByLabelText('Authenticator code'), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in', () => {
  it.each([
    ['a wrong password or code', refusal(401, 'staff_login_failed'), 'Wrong user name, password or code.'],
    [
      'the lock, with its minutes from Retry-After',
      refusal(429, 'staff_login_locked', 'Locked', { 'retry-after': '300' }),
      'Too many failed sign-ins. Try again in 5 min.',
    ],
    [
      'an account without an authenticator',
      refusal(403, 'staff_second_factor_required'),
      'This account has no authenticator. Ask an administrator.',
    ],
    [
      'too many requests, in the server’s words',
      refusal(429, 'rate_limited', 'Too many requests, slow down.'),
      'Too many requests, slow down.',
    ],
  ])('tells %s in words and stays on the form', async (_case, answer, text) => {
    server(answer);
    renderWithQueries(<App />);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it.each([['12345'], ['abcdef'], ['']])('sends nothing with the code “%s”', async (code) => {
    const calls = server(ok(person(ADMIN)));
    renderWithQueries(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User name'), 'kim');
    await user.type(screen.getByLabelText('Password'), 'secret');
    if (code) await user.type(screen.getByLabelText('Authenticator code'), code);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fill in your user name, password and the 6-digit code.',
    );
    expect(calls.filter((call) => call.url === '/wps/staff/login')).toEqual([]);
  });
});

describe('the shell', () => {
  it.each<[string, StaffPermission[], string[]]>([
    ['support', AGENT, ['Support', 'Staff']],
    ['an admin', ADMIN, ['Support', 'Cashier', 'Compliance', 'Audit', 'Staff']],
    [
      'every permission',
      [...STAFF_PERMISSIONS],
      [
        'Support',
        'Push',
        'Cashier',
        'Compliance',
        'Audit',
        'Staff',
        'Merchants',
        'Theme',
        'Reports',
        'Promotions',
        'Legal pages',
        'Links and support',
        'Members',
        'Content',
        'Games',
      ],
    ],
    [
      'someone who may read the content',
      ['content:read'],
      ['Promotions', 'Legal pages', 'Links and support', 'Content'],
    ],
    ['a cashier', ['console:open', 'cashier:review'], ['Cashier', 'Staff']],
    ['someone who edits the merchant', ['merchant:read', 'merchant:write'], ['Merchants', 'Theme']],
    ['someone who may only create merchants', ['merchant:create'], ['Merchants']],
    [
      'a role with compliance but without audit:read, no Audit',
      [...AGENT, 'compliance:read', 'compliance:act'],
      ['Support', 'Compliance', 'Staff'],
    ],
    ['someone who may only read the audit chain', ['audit:read'], ['Audit']],
    ['someone who may only read the games', ['games:read'], ['Games']],
    [
      'marketing, who sends pushes and arranges the games',
      ['push:send', 'games:read', 'games:write'],
      ['Push', 'Games'],
    ],
    ['someone who may only read the report', ['push:report'], ['Push']],
    ['someone who may only approve adjustments', ['cashier:approve'], ['Cashier']],
    ['someone who may only read the reports', ['report:read'], ['Reports']],
    ['someone who may only read members', ['member:read'], ['Members']],
    [
      'marketing',
      ['console:open', 'push:send', 'push:report', 'content:read', 'content:write'],
      ['Push', 'Staff', 'Promotions', 'Legal pages', 'Links and support', 'Content'],
    ],
  ])('shows %s only the sections the role allows', async (_case, permissions, links) => {
    server(ok(person(permissions)));
    renderWithQueries(<App />);
    await signIn();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links);
    expect(within(nav).getByRole('link', { name: links[0] })).toHaveAttribute(
      'href',
      links[0] === 'Support' ? '/staff/chat' : `/staff/${links[0]?.toLowerCase()}`,
    );
  });

  it('opens the first section the role shows', async () => {
    window.history.replaceState(null, '', '/staff/');
    server(ok(person(ADMIN)));
    renderWithQueries(<App />);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Withdrawals to review' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/staff/cashier');
    expect(screen.getByRole('link', { name: 'Cashier' })).toHaveAttribute('aria-current', 'page');
  });

  it('links an agent to the support desk, the one section an agent has', async () => {
    window.history.replaceState(null, '', '/staff/');
    server(ok(person(AGENT)), person(AGENT));
    renderWithQueries(<App />);
    expect(await screen.findByText('Pick a section.')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/staff/chat');
    expect(window.location.pathname).toBe('/staff/');
  });

  it('moves between sections in the page, and signs out to the sign-in', async () => {
    window.history.replaceState(null, '', '/staff/cashier');
    const calls = server(ok(person(ADMIN)), person(ADMIN));
    renderWithQueries(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Compliance' }));
    expect(await screen.findByRole('heading', { name: 'Responsible-gaming audit' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/staff/compliance');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/staff/');
    expect(calls.some((call) => call.method === 'POST' && call.url === '/wps/staff/logout')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('says so when the role may not use the section of the address', async () => {
    window.history.replaceState(null, '', '/staff/push');
    server(ok(person(ADMIN)), person(ADMIN));
    renderWithQueries(<App />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not send pushes. Ask a supervisor.',
    );
  });

  it('shows a failed check of the session with a way to try again', async () => {
    let down = true;
    fakeServer(() => (down ? refusal(503, 'service_unavailable', 'Down for a moment.') : ok(person(ADMIN))));
    renderWithQueries(<App />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment.');
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument());
  });
});
