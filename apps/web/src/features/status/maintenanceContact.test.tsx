import type { CommonSettings, CustomerServiceEntry } from '@wps/contract/system';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { classifyStatus, systemStatusStore } from '@/state/systemStatus';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { StatusGate } from './StatusGate';

// The maintenance page's way to customer service (features/customerService's entries), behind the
// gate as the app shows it.

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/call', () => ({ call }));
const fetchMemberInfo = vi.hoisted(() => vi.fn());
vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo,
  fetchRankProgress: vi.fn(() => new Promise(() => undefined)),
  fetchUnreadCount: vi.fn(() => new Promise(() => undefined)),
}));

const entry = (
  path: string,
  csPosition: CustomerServiceEntry['csPosition'],
  labelIds: string[] = [],
  csType: CustomerServiceEntry['csType'] = 'CHAT',
): CustomerServiceEntry => ({ path, csType, csPosition, labelIds });

function useEntries(customerService: CustomerServiceEntry[]) {
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), customerService } as CommonSettings });
}

beforeEach(() => {
  clearSession();
  call.mockReset();
  fetchMemberInfo.mockReset();
});
afterEach(() => {
  settingsStore.set({ status: 'loading' });
  clearSession();
});

describe('the maintenance page’s Contact Us', () => {
  afterEach(() => {
    systemStatusStore.set({ status: 'checking' });
    window.history.replaceState(null, '', '/');
  });
  const closed = (regionRestriction = false) =>
    systemStatusStore.set(
      classifyStatus({
        maintenance: !regionRestriction,
        maintenanceEnd: null,
        regionRestriction,
        ip: '203.0.113.9',
        merchantCode: 'aurora',
      }),
    );
  const renderGate = () =>
    renderWithI18n(
      <StatusGate>
        <p>the app</p>
      </StatusGate>,
    );

  it.each<[string, CustomerServiceEntry[], string | null]>([
    [
      'a MAINTENANCE link',
      [entry('https://status.example/', 'MAINTENANCE', [], 'LINK')],
      'https://status.example/',
    ],
    ['only other positions: none', [entry('https://help.example/', 'HOME', [], 'LINK')], null],
    ['a hostile link: none', [entry('data:text/html,x', 'MAINTENANCE', [], 'LINK')], null],
    ['a visitor and a label-only entry: none', [entry('/m/supportChat', 'MAINTENANCE', ['VIP2'])], null],
    ['the built-in chat', [entry('/m/supportChat', 'MAINTENANCE')], '/m/supportChat'],
  ])('%s', async (_case, entries, href) => {
    useEntries(entries);
    closed();
    renderGate();
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeInTheDocument();
    const link = screen.queryByRole('link', { name: 'Contact Us' });
    if (href === null) expect(link).toBeNull();
    else expect(link).toHaveAttribute('href', href);
  });

  it.each([
    ['maintenance', false],
    ['a restricted region', true],
  ])('in %s the chat page stays open; any other page is closed', async (_case, restricted) => {
    closed(restricted);
    window.history.replaceState(null, '', '/m/supportChat?backUrl=%2Fm%2Fhome');
    renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
    // Leaving the chat (the chat screen asks the gate to look again): closed.
    window.history.replaceState(null, '', '/m/home');
    act(() => systemStatusStore.set({ ...systemStatusStore.get() }));
    expect(screen.queryByText('the app')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

describe('the region page (issue 29 item 8)', () => {
  afterEach(() => {
    systemStatusStore.set({ status: 'checking' });
  });
  const renderGate = () =>
    renderWithI18n(
      <StatusGate>
        <p>the app</p>
      </StatusGate>,
    );
  const restricted = (reason?: 'country') =>
    systemStatusStore.set({
      status: 'restricted',
      value: {
        maintenance: false,
        maintenanceEnd: null,
        regionRestriction: true,
        ip: '203.0.113.9',
        merchantCode: 'aurora',
      },
      ...(reason === undefined ? {} : { reason }),
    });

  it.each<[string, 'country' | undefined, RegExp]>([
    ['a visitor from a restricted address', undefined, /Access from IP address 203\.0\.113\.9 is restricted/],
    [
      'a member whose country is not served',
      'country',
      /Aurora Play is not available in the country of your account/,
    ],
  ])('tells %s, translated, instead of the app', async (_case, reason, message) => {
    useEntries([]);
    restricted(reason);
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Not available in your region' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('the app')).toBeNull();
  });

  it.each<[string, CustomerServiceEntry[], string | null]>([
    [
      'its MAINTENANCE entry first',
      [entry('https://help.example/', 'HOME', [], 'LINK'), entry('/m/supportChat', 'MAINTENANCE')],
      '/m/supportChat',
    ],
    [
      'else its home-page entry',
      [entry('https://help.example/', 'HOME', [], 'LINK')],
      'https://help.example/',
    ],
    ['else its floating button', [entry('/m/supportChat', 'FLOATING')], '/m/supportChat'],
    ['never a hostile link', [entry('javascript:alert(1)', 'HOME', [], 'LINK')], null],
    ['nothing when the merchant has no entry', [], null],
  ])('gives the merchant’s contact: %s', async (_case, entries, href) => {
    useEntries(entries);
    restricted();
    renderGate();
    await screen.findByRole('heading', { name: 'Not available in your region' });
    const link = screen.queryByRole('link', { name: 'Contact Us' });
    if (href === null) expect(link).toBeNull();
    else expect(link).toHaveAttribute('href', href);
  });
});
