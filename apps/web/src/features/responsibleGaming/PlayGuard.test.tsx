import type { PlaySessionView } from '@wps/contract/trust';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as trust from '@/api/endpoints/trust';
import * as apiErrors from '@/features/apiErrors';
import { MemoryRouter } from '@/platform/router';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import PlayGuard from './PlayGuard';

vi.mock('@/api/endpoints/trust', () => ({ fetchPlaySession: vi.fn() }));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));
const fetchPlaySession = vi.mocked(trust.fetchPlaySession);
const performErrorAction = vi.mocked(apiErrors.performErrorAction);

const MIN = 60_000;
/** The device's clock when the page opens. */
const DEVICE_NOW = Date.parse('2026-11-29T10:00:00.000Z');

/** The session as the server sees it: started `playedMinutes` ago on a server clock `skewMs` ahead. */
function session(
  overrides: Partial<PlaySessionView> & { playedMinutes?: number; skewMs?: number } = {},
): PlaySessionView {
  const { playedMinutes = 0, skewMs = 0, ...view } = overrides;
  const serverNow = DEVICE_NOW + skewMs;
  return {
    startedAt: new Date(serverNow - playedMinutes * MIN).toISOString(),
    serverTime: new Date(serverNow).toISOString(),
    net: '-120.5',
    wagered: '800',
    currency: 'PHP',
    realityCheckMinutes: 15,
    endsAt: null,
    ...view,
  };
}

const onStop = vi.fn();
const check = () => screen.queryByRole('alertdialog', { name: 'Reality check' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function start(view: PlaySessionView) {
  fetchPlaySession.mockResolvedValue(view);
  signIn();
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/launchGame']}>
      <PlayGuard onStop={onStop} />
    </MemoryRouter>,
  );
  await advance(0);
}

beforeEach(() => {
  vi.useFakeTimers({ now: DEVICE_NOW });
  settingsStore.set({ status: 'ready', settings: testSettings() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('PlayGuard: the reality check over a game', () => {
  it('comes up every interval with the time played and the session’s result', async () => {
    await start(session());
    await advance(15 * MIN - 1);
    expect(check()).toBeNull();
    await advance(1);
    expect(check()).toHaveTextContent('You have been playing for 15 min.');
    expect(check()).toHaveTextContent('This session: net result -₱120.50, wagered ₱800.00.');
    expect(screen.getByRole('link', { name: 'View history' })).toHaveAttribute('href', '/m/transactions');
    // The figures are asked again when the check comes up.
    expect(fetchPlaySession).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Continue playing' }));
    expect(check()).toBeNull();
    await advance(15 * MIN - 1);
    expect(check()).toBeNull();
    await advance(1);
    expect(check()).toHaveTextContent('You have been playing for 30 min.');
    fireEvent.click(screen.getByRole('button', { name: 'Stop playing' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it.each<[string, { playedMinutes: number; skewMs: number; interval: number }, number]>([
    ['a session 10 minutes in: 5 minutes to go', { playedMinutes: 10, skewMs: 0, interval: 15 }, 5],
    [
      'the device 5 minutes slow: counted on the server’s clock',
      { playedMinutes: 10, skewMs: 5 * MIN, interval: 15 },
      5,
    ],
    ['the device an hour fast', { playedMinutes: 50, skewMs: -60 * MIN, interval: 30 }, 10],
    ['exactly at a boundary: the next one, not at once', { playedMinutes: 30, skewMs: 0, interval: 30 }, 30],
  ])('%s', async (_name, { playedMinutes, skewMs, interval }, minutesToGo) => {
    await start(session({ playedMinutes, skewMs, realityCheckMinutes: interval }));
    await advance(minutesToGo * MIN - 1);
    expect(check()).toBeNull();
    await advance(1);
    expect(check()).not.toBeNull();
  });

  it('never comes up without a reality check', async () => {
    await start(session({ realityCheckMinutes: null }));
    await advance(10 * 60 * MIN);
    expect(check()).toBeNull();
    expect(fetchPlaySession).toHaveBeenCalledTimes(1);
  });

  it('ends the session at the session-time limit with its message', async () => {
    await start(
      session({
        playedMinutes: 50,
        realityCheckMinutes: null,
        endsAt: new Date(DEVICE_NOW + 10 * MIN).toISOString(),
      }),
    );
    await advance(10 * MIN - 1);
    expect(performErrorAction).not.toHaveBeenCalled();
    await advance(1);
    expect(performErrorAction).toHaveBeenCalledWith({ kind: 'sessionLimit', data: { minutes: 60 } });
  });

  it('shows nothing when the session’s settings cannot be read', async () => {
    fetchPlaySession.mockRejectedValue(new Error('offline'));
    signIn();
    renderWithI18n(
      <MemoryRouter>
        <PlayGuard onStop={onStop} />
      </MemoryRouter>,
    );
    await advance(24 * 60 * MIN);
    expect(check()).toBeNull();
  });
});
