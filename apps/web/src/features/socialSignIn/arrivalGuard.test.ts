import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import type * as Environment from '@/platform/environment';
import { localStore, sessionStore } from '@/platform/storage';
import { clearSession } from '@/state/session';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import { showConfirm } from '@/ui/notices';
import { completeLiffArrival, completeTelegramArrival } from './flows';
import { socialLogin } from './socialLogin';
import { noteTelegramRedirect, TELEGRAM_PENDING_MAX_AGE_MS } from './telegram';

/**
 * Login CSRF through a fragment (review of issue 14): a `#tgAuthResult` or an in-app `#access_token`
 * that someone else's link put in the address must not sign this browser in as their account.
 */

vi.mock('@/api/call', () => ({ call: vi.fn() }));
vi.mock('@/ui/notices', () => ({ showConfirm: vi.fn(), showAlert: vi.fn() }));
vi.mock('./socialLogin', () => ({ socialLogin: vi.fn(() => Promise.resolve({ status: 'success' })) }));
vi.mock('@/platform/environment', async (original) => {
  const actual = await original<typeof Environment>();
  return {
    ...actual,
    currentEnvironment: () => ({ ...actual.currentEnvironment(), inAppBrowser: 'line' as const }),
  };
});

const TELEGRAM_AUTH = { id: 42, first_name: 'Mallory', auth_date: 1_700_000_000, hash: 'a'.repeat(64) };
const TELEGRAM_HASH = `#tgAuthResult=${btoa(JSON.stringify(TELEGRAM_AUTH))}`;
const NOW = 1_800_000_000_000;

function arriveAt(hash: string) {
  window.history.replaceState(null, '', `/m/login${hash}`);
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  clearSession();
  sessionStore.remove(LazyStorageKey.telegramPending);
  localStore.remove(LazyStorageKey.lineSessionToken);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('a Telegram auth result in the address', () => {
  const settings = testSettings(['TELEGRAMLOGIN3']);
  const cases: {
    name: string;
    startedAgoMs: number | null;
    signedIn: boolean;
    logsIn: boolean;
  }[] = [
    { name: 'this tab opened the widget a minute ago', startedAgoMs: 60_000, signedIn: false, logsIn: true },
    { name: 'nobody in this tab started it (a link)', startedAgoMs: null, signedIn: false, logsIn: false },
    {
      name: 'started longer ago than the sign-in may take',
      startedAgoMs: TELEGRAM_PENDING_MAX_AGE_MS + 1,
      signedIn: false,
      logsIn: false,
    },
    {
      name: 'started "in the future" (a tampered clock value)',
      startedAgoMs: -60_000,
      signedIn: false,
      logsIn: false,
    },
    { name: 'someone is signed in already', startedAgoMs: 60_000, signedIn: true, logsIn: false },
  ];
  it.each(cases)('$name → logs in: $logsIn', async ({ startedAgoMs, signedIn, logsIn }) => {
    if (startedAgoMs !== null) {
      vi.mocked(Date.now).mockReturnValue(NOW - startedAgoMs);
      noteTelegramRedirect();
      vi.mocked(Date.now).mockReturnValue(NOW);
    }
    if (signedIn) signIn();
    arriveAt(TELEGRAM_HASH);
    await completeTelegramArrival(settings, null);
    expect(vi.mocked(socialLogin).mock.calls.length).toBe(logsIn ? 1 : 0);
    // Whatever happens, the auth result leaves the address bar, and a started flow is used up.
    expect(window.location.hash).toBe('');
    expect(sessionStore.getString(LazyStorageKey.telegramPending)).toBeNull();
  });

  it('a second arrival after the first used the started flow is ignored', async () => {
    noteTelegramRedirect();
    arriveAt(TELEGRAM_HASH);
    await completeTelegramArrival(settings, null);
    arriveAt(TELEGRAM_HASH);
    await completeTelegramArrival(settings, null);
    expect(socialLogin).toHaveBeenCalledTimes(1);
  });

  it('a stored marker that is not a time is no started flow', async () => {
    sessionStore.setString(LazyStorageKey.telegramPending, 'yes');
    arriveAt(TELEGRAM_HASH);
    await completeTelegramArrival(settings, null);
    expect(socialLogin).not.toHaveBeenCalled();
  });
});

describe('a LINE access token in the address (inside the LINE app)', () => {
  const settings = testSettings(['LINELOGIN3']);
  const exchange = { lineSessionToken: 'sealed', name: 'Mallory', picture: null };

  it.each([
    { name: 'the member confirms the account LINE names', confirmed: true, logsIn: true },
    { name: 'the member does not recognise it', confirmed: false, logsIn: false },
  ])('$name → logs in: $logsIn', async ({ confirmed, logsIn }) => {
    vi.mocked(call).mockResolvedValue(exchange);
    vi.mocked(showConfirm).mockResolvedValue(confirmed);
    arriveAt('#access_token=abc.def');
    await completeLiffArrival(settings, null);
    expect(showConfirm).toHaveBeenCalledWith(
      { key: 'line_continue_as', params: { name: 'Mallory' } },
      expect.anything(),
      expect.anything(),
    );
    expect(vi.mocked(socialLogin).mock.calls.length).toBe(logsIn ? 1 : 0);
    expect(localStore.getString(LazyStorageKey.lineSessionToken)).toBe(logsIn ? 'sealed' : null);
    expect(window.location.hash).toBe('');
  });

  it('someone signed in already: the token is dropped unread', async () => {
    signIn();
    arriveAt('#access_token=abc.def');
    await completeLiffArrival(settings, null);
    expect(call).not.toHaveBeenCalled();
    expect(socialLogin).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });
});
