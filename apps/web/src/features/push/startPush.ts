import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { PUSH_TOKEN } from '@wps/contract';
import { call } from '@/api/call';
import { currentEnvironment } from '@/platform/environment';
import { StorageKey, localStore } from '@/platform/storage';
import { showConfirm, showToast } from '@/ui/notices';
import { localDay, pushDecision } from './pushRules';

/**
 * The notification-permission modal and the push token bind (issue 17): a Web Push subscription with
 * the merchant's VAPID key, sent as CSP_fcmBind's registrationToken. Loaded after the first paint,
 * once a member is signed in.
 */

const DAY_MS = 86_400_000;

interface BoundRecord {
  endpoint: string;
  at: number;
}

function isBoundRecord(value: unknown): value is BoundRecord {
  const record = value as Partial<BoundRecord> | null;
  return typeof record?.endpoint === 'string' && typeof record.at === 'number';
}

/** Bound again when the subscription changed or the last bind is PUSH_TOKEN.refreshAfterDays old. */
export function needsBind(bound: BoundRecord | null, endpoint: string, now: number): boolean {
  return (
    bound === null || bound.endpoint !== endpoint || now - bound.at >= PUSH_TOKEN.refreshAfterDays * DAY_MS
  );
}

type PushWindow = Window & Pick<typeof globalThis, 'Notification'>;

/**
 * Push works here: the APIs exist and the app's service worker is registered (it registers itself
 * after the first paint outside the native app; until it has, the prompt waits for a later page).
 */
async function supported(win: Window): Promise<boolean> {
  if (!('Notification' in win && 'PushManager' in win && 'serviceWorker' in win.navigator)) return false;
  const registration = await win.navigator.serviceWorker.getRegistration('/m/').catch(() => undefined);
  return registration !== undefined;
}

function closePrompt(now: Date): void {
  localStore.setString(StorageKey.notificationPromptClosedOn, localDay(now));
}

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function workerRegistration(win: Window): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    win.navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      win.setTimeout(
        () => reject(new Error('failed-service-worker-registration')),
        PUSH_TOKEN.callbackTimeoutMs,
      ),
    ),
  ]);
}

/** Subscribes (or reuses the subscription) and binds it; answers false when it failed. */
export async function bindPush(win: Window): Promise<boolean> {
  try {
    const registration = await workerRegistration(win);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription === null) {
      const { publicKey } = await call('pushPublicKey', {}, { handleErrors: false });
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlToBytes(publicKey),
      });
    }
    const now = Date.now();
    if (!needsBind(localStore.getJSON(LazyStorageKey.pushBound, isBoundRecord), subscription.endpoint, now))
      return true;
    await call(
      'fcmBind',
      { registrationToken: JSON.stringify(subscription.toJSON()) },
      { handleErrors: false },
    );
    localStore.setJSON(LazyStorageKey.pushBound, { endpoint: subscription.endpoint, at: now });
    return true;
  } catch {
    return false;
  }
}

export async function startPush(win: PushWindow, now: () => Date = () => new Date()): Promise<void> {
  const decision = pushDecision({
    env: currentEnvironment(),
    disabledFlag: localStore.getString(LazyStorageKey.pushDisabled) === '1',
    supported: await supported(win),
    permission: 'Notification' in win ? win.Notification.permission : null,
    closedOn: localStore.getString(StorageKey.notificationPromptClosedOn),
    today: localDay(now()),
  });
  if (decision === 'skip') return;
  if (decision === 'bind') {
    await bindPush(win);
    return;
  }
  if (decision === 'iosInstallTip') {
    closePrompt(now());
    showToast('push-ios', { key: 'push_ios_install_tip' }, 6_000);
    return;
  }
  const agreed = await showConfirm(
    { key: 'push_prompt_msg' },
    { key: 'push_prompt_title' },
    { confirm: { key: 'push_allow' }, cancel: { key: 'push_later' } },
  );
  closePrompt(now());
  if (!agreed) return;
  const permission = await win.Notification.requestPermission();
  if (permission === 'granted') {
    if (!(await bindPush(win))) showToast('push-error', { key: 'push_error_failed' }, 4_000);
  } else if (permission === 'denied') {
    showToast('push-denied', { key: 'push_denied_tip' }, 5_000);
  }
}
