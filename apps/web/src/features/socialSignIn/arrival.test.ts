import type { WhitelabelFlag } from '@wps/contract/flags';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '@/features/navigation';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import { routeTelegramArrival } from './arrival';

vi.mock('@/features/navigation/navigate', () => ({ navigateTo: vi.fn() }));

function page(path: string, hash = ''): Window {
  const url = new URL(path, 'http://lotus.localhost');
  return { location: { pathname: url.pathname, search: url.search, hash } } as unknown as Window;
}

afterEach(() => {
  vi.clearAllMocks();
  clearSession();
  settingsStore.set({ status: 'loading' });
});

describe('routeTelegramArrival', () => {
  it.each<[string, string, string, WhitelabelFlag[], boolean, string | null]>([
    [
      'mini app, flag on, no session → login with go',
      '/m/home',
      '',
      ['TELEGRAMLOGIN3'],
      false,
      '/m/login?go=%2Fm%2Fhome',
    ],
    ['mini app, flag off → stays', '/m/home', '', [], false, null],
    ['mini app, signed in → stays', '/m/game?x=1', '', ['TELEGRAMLOGIN3'], true, null],
    [
      'an auth result in the hash always goes, with the hash',
      '/m/game?x=1',
      '#tgAuthResult=abc',
      [],
      true,
      '/m/login?go=%2Fm%2Fgame%3Fx%3D1#tgAuthResult=abc',
    ],
  ])('%s', (_name, path, hash, flags, session, expected) => {
    if (session) signIn();
    settingsStore.set({ status: 'ready', settings: testSettings(flags) });
    routeTelegramArrival(page(path, hash));
    if (expected === null) expect(navigateTo).not.toHaveBeenCalled();
    else expect(navigateTo).toHaveBeenCalledWith(expected, { replace: true });
  });

  it('waits for the settings', () => {
    routeTelegramArrival(page('/m/home'));
    expect(navigateTo).not.toHaveBeenCalled();
    settingsStore.set({ status: 'ready', settings: testSettings(['TELEGRAMLOGIN3']) });
    expect(navigateTo).toHaveBeenCalledTimes(1);
    settingsStore.set({ status: 'ready', settings: testSettings(['TELEGRAMLOGIN3', 'LINELOGIN3']) });
    expect(navigateTo).toHaveBeenCalledTimes(1);
  });
});
