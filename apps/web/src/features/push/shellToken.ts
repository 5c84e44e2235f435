import { PUSH_TOKEN, RETRY_POLL_MS } from '@wps/contract/tracking';
import { call } from '@/api/call';
import { shellPushToken } from '@/features/nativeShell';
import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { localStore } from '@/platform/storage';

/**
 * Inside the native app shell (docs/native-shell.md) the device's push token is the shell's — an FCM
 * registration token it hands over with `pushToken`. It is bound with `CSP_fcmBind` like a Web Push
 * subscription; the server keeps it for a merchant that sends through FCM and refuses it (400) for
 * one that does not. Bound again when the token changes or after 7 days; a refusal is not asked
 * again for a day.
 */

const DAY_MS = 86_400_000;

interface ShellBind {
  token: string;
  at: number;
  refused?: boolean;
}

function isShellBind(value: unknown): value is ShellBind {
  const record = value as Partial<ShellBind> | null;
  return typeof record?.token === 'string' && typeof record.at === 'number';
}

/** Whether the token is to be bound now, given the last bind (or refusal) of this device. */
export function shellBindDue(last: ShellBind | null, token: string, now: number): boolean {
  if (last === null || last.token !== token) return true;
  const wait = last.refused === true ? DAY_MS : PUSH_TOKEN.refreshAfterDays * DAY_MS;
  return now - last.at >= wait || now < last.at;
}

/** The shell's token, waited for up to the callback time-out (it answers `requestPushToken` late). */
export async function waitForShellToken(
  read: () => string | null = shellPushToken,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string | null> {
  for (let waited = 0; waited < PUSH_TOKEN.callbackTimeoutMs; waited += RETRY_POLL_MS) {
    const token = read();
    if (token !== null) return token;
    await sleep(RETRY_POLL_MS);
  }
  return read();
}

/** Binds the shell's push token when due; answers what happened (for tests and nothing else). */
export async function bindShellToken(
  token: string | null,
  now: number = Date.now(),
): Promise<'none' | 'kept' | 'bound' | 'refused' | 'failed'> {
  if (token === null) return 'none';
  const last = localStore.getJSON(LazyStorageKey.pushShellBind, isShellBind);
  if (!shellBindDue(last, token, now)) return 'kept';
  try {
    await call('fcmBind', { registrationToken: token }, { handleErrors: false });
    localStore.setJSON(LazyStorageKey.pushShellBind, { token, at: now });
    return 'bound';
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 400) {
      localStore.setJSON(LazyStorageKey.pushShellBind, { token, at: now, refused: true });
      return 'refused';
    }
    return 'failed';
  }
}
