import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { classifyStatus, systemStatusStore } from '@/state/systemStatus';
import { settingsStore } from '@/state/settings';
import { StatusGate } from './StatusGate';
import type { CommonSettings, SystemStatus } from '@wps/contract/system';

const base: SystemStatus = {
  maintenance: false,
  maintenanceEnd: null,
  regionRestriction: false,
  ip: '203.0.113.9',
  merchantCode: 'aurora',
};

afterEach(() => {
  systemStatusStore.set({ status: 'checking' });
  settingsStore.set({ status: 'loading' });
});

function renderGate() {
  return renderWithI18n(
    <StatusGate>
      <p>the app</p>
    </StatusGate>,
  );
}

describe('classifyStatus', () => {
  it.each([
    [{}, 'open'],
    [{ maintenance: true }, 'maintenance'],
    [{ regionRestriction: true }, 'restricted'],
    [{ maintenance: true, regionRestriction: true }, 'maintenance'],
  ])('%j → %s', (patch, expected) => {
    expect(classifyStatus({ ...base, ...patch }).status).toBe(expected);
  });
});

describe('StatusGate', () => {
  it('renders the app while the check runs and when the site is open', () => {
    renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
    act(() => systemStatusStore.set(classifyStatus(base)));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('maintenance replaces the app with System Maintenance, the end time and Contact Us', async () => {
    settingsStore.set({
      status: 'ready',
      settings: {
        customerService: [
          { path: 'https://help.example/chat', csType: 'LINK', csPosition: 'MAINTENANCE', labelIds: [] },
        ],
      } as unknown as CommonSettings,
    });
    systemStatusStore.set(
      classifyStatus({ ...base, maintenance: true, maintenanceEnd: '2026-12-01T10:00:00Z' }),
    );
    renderGate();
    expect(screen.queryByText('the app')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeInTheDocument();
    expect(screen.getByText(/End time/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'https://help.example/chat',
    );
  });

  it('a hostile contact link is not offered', async () => {
    settingsStore.set({
      status: 'ready',
      settings: {
        customerService: [
          { path: 'javascript:alert(1)', csType: 'LINK', csPosition: 'MAINTENANCE', labelIds: [] },
        ],
      } as unknown as CommonSettings,
    });
    systemStatusStore.set(classifyStatus({ ...base, maintenance: true }));
    renderGate();
    // The page itself first (its own chunk), then what it leaves out.
    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
    expect(screen.queryByText(/End time/)).toBeNull();
  });

  it('a region restriction says the site is not available in the region, with the caller ip', async () => {
    systemStatusStore.set(classifyStatus({ ...base, regionRestriction: true }));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Not available in your region' })).toBeInTheDocument();
    expect(screen.getByText(/203\.0\.113\.9/)).toBeInTheDocument();
  });

  // Not dismissed (nothing works on such a host), but never a dead end: Try again, and the official
  // site when the server names one.
  it.each([
    ['without an official site', null, ['Try again']],
    ['with the official site', 'https://official.example/', ['Try again', 'Go to the official site']],
  ])('an unknown domain keeps the app behind the popup, %s', async (_name, officialUrl, controls) => {
    systemStatusStore.set({ status: 'domainNotAvailable', domain: 'evil.example', officialUrl });
    renderGate();
    // The popup is its own chunk: only an unknown host loads it.
    const popup = await screen.findByRole('alertdialog', { name: 'Domain not available' });
    expect(popup).toHaveAccessibleDescription(/evil\.example/);
    const names = [...popup.querySelectorAll('button, a')].map((element) => element.textContent);
    expect(names).toEqual(controls);
    if (officialUrl) {
      expect(screen.getByRole('link', { name: 'Go to the official site' })).toHaveAttribute(
        'href',
        officialUrl,
      );
    }
  });
});
