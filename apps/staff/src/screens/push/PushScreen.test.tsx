import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries } from '@/test/fakeServer';
import { PushScreen } from './PushScreen';

afterEach(() => vi.unstubAllGlobals());

const ALL: StaffPermission[] = ['push:send', 'push:report', 'push:configure'];
const NOT_CONFIGURED = { configured: false };

describe('Push', () => {
  it.each<[string, (user: ReturnType<typeof userEvent.setup>) => Promise<void>, object]>([
    ['everyone', async () => undefined, { everyone: true }],
    [
      'one member',
      async (user) => {
        await user.selectOptions(screen.getByLabelText('Send to'), 'customerId');
        await user.type(screen.getByLabelText('Member id'), '42');
      },
      { customerId: 42 },
    ],
    [
      'a topic',
      async (user) => {
        await user.selectOptions(screen.getByLabelText('Send to'), 'topic');
        await user.type(screen.getByLabelText('Topic'), 'promo');
      },
      { topic: 'promo' },
    ],
    [
      'a segment, only the fields given',
      async (user) => {
        await user.selectOptions(screen.getByLabelText('Send to'), 'segment');
        await user.type(screen.getByLabelText('VIP label'), 'Gold');
        await user.type(screen.getByLabelText('Language code'), 'vi');
      },
      { segment: { vipLabel: 'Gold', language: 'vi' } },
    ],
  ])('sends a push to %s and tells the outcome', async (_case, choose, target) => {
    const calls = fakeServer((_method, path) => {
      if (path === '/wps/staff/push/send') return ok({ sent: 3, removed: 1, failed: 0 });
      if (path === '/wps/staff/push/fcm') return ok(NOT_CONFIGURED);
      return undefined;
    });
    renderWithQueries(<PushScreen permissions={ALL} />);
    const user = userEvent.setup();
    await choose(user);
    await user.type(screen.getByLabelText('Title'), ' Weekend bonus ');
    await user.type(screen.getByLabelText('Opens (a /m/ path)'), '/m/promotions');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Delivered: 3 · removed as expired: 1 · failed: 0')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls.find((call) => call.url === '/wps/staff/push/send')?.body).toEqual({
      title: 'Weekend bonus',
      path: '/m/promotions',
      ...target,
    });
  });

  it('asks for a title before sending anything', async () => {
    const calls = fakeServer(() => ok(NOT_CONFIGURED));
    renderWithQueries(<PushScreen permissions={['push:send']} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('shows the report’s totals and tables, a missing key as (none)', async () => {
    const row = { key: 'aff1', registrations: 4, firstDeposits: 1, conversion: 0.25, events: 9 };
    const calls = fakeServer((_method, path) =>
      path === '/wps/staff/push/report'
        ? ok({
            from: '2026-03-01',
            to: '2026-03-31',
            byAffiliate: [row, { ...row, key: '' }],
            byCampaign: [],
            byReferralCode: [],
            totals: { registrations: 8, firstDeposits: 2, events: 18 },
            flaggedFirstDeposits: 1,
          })
        : undefined,
    );
    renderWithQueries(<PushScreen permissions={['push:report']} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('From (UTC day)'));
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-03-01');
    await user.clear(screen.getByLabelText('To (UTC day, inclusive)'));
    await user.type(screen.getByLabelText('To (UTC day, inclusive)'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText(
        'Registrations: 8 · first deposits: 2 · events: 18 · first deposits claimed for another member (not counted): 1',
      ),
    ).toBeInTheDocument();
    const affiliates = screen.getByRole('table', { name: 'By affiliate' });
    const cells = within(affiliates)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['aff1', '4', '1', '25.0 %', '9'],
      ['(none)', '4', '1', '25.0 %', '9'],
    ]);
    expect(screen.getByRole('table', { name: 'By campaign' })).toHaveTextContent('No rows.');
    expect(calls[0]?.url).toBe('/wps/staff/push/report?from=2026-03-01&to=2026-03-31');
  });

  it('saves the FCM configuration, shows it without the key, and empties the key field', async () => {
    const saved = {
      configured: true,
      projectId: 'p1',
      apiKey: 'k',
      appId: 'a',
      messagingSenderId: 's',
      clientEmail: 'sa@p1.iam',
      updatedAt: '2026-03-02T10:00:00Z',
    };
    const calls = fakeServer((method, path) =>
      path === '/wps/staff/push/fcm' ? ok(method === 'GET' ? NOT_CONFIGURED : saved) : undefined,
    );
    renderWithQueries(<PushScreen permissions={['push:configure']} />);
    const user = userEvent.setup();
    expect(await screen.findByText('Not configured.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Project id'), 'p1');
    await user.type(screen.getByLabelText('API key'), 'k');
    await user.type(screen.getByLabelText('App id'), 'a');
    await user.type(screen.getByLabelText('Messaging sender id'), 's');
    await user.type(screen.getByLabelText('Service account key file (JSON)'), '{{"private_key":"x"}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Configured: project p1, sender s, service account sa@p1.iam/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Service account key file (JSON)')).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      serviceAccount: '{"private_key":"x"}',
    });
  });

  it.each([
    ['a refusal by role', refusal(403, 'staff_forbidden'), 'Your role does not allow this.'],
    ['a failed load', refusal(500, 'internal_error', 'Broken.'), 'Broken.'],
  ])('shows %s of the FCM configuration in words', async (_case, answer, text) => {
    fakeServer(() => answer);
    renderWithQueries(<PushScreen permissions={['push:configure']} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows only the parts the role allows', () => {
    fakeServer(() => ok(NOT_CONFIGURED));
    renderWithQueries(<PushScreen permissions={['push:report']} />);
    expect(screen.getByRole('heading', { name: 'Attribution report' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Send a push' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Firebase Cloud Messaging' })).not.toBeInTheDocument();
  });
});
