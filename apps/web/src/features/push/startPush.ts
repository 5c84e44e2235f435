import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { PUSH_TOKEN, type PushErrorCode } from '@wps/contract/tracking';
import { call } from '@/api/call';
import { currentEnvironment } from '@/platform/environment';
import { localStore } from '@/platform/storage';
import { showConfirm, showToast } from '@/ui/notices';
import { waitForOfferTurn } from '@/ui/offerTurn';
import { pushErrorMessage } from './pushErrors';
import { localDay, pushDecision } from './pushRules';
import { bindShellToken, waitForShellToken } from './shellToken';
import {
  LifecycleFailure,
  NOT_REGISTERED,
  isHeartbeatList,
  isInstallation,
  recordHeartbeat,
  runLifecycle,
  type Installation,
} from './tokenLifecycle';

/**
 * The notification-permission modal and the push token bind (issue 17): a Web Push subscription with
 * the merchant's VAPID key, sent as CSP_fcmBind's registrationToken. Loaded after the first paint,
 * once a member is signed in.
 */

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
  localStore.setString(LazyStorageKey.notificationPromptClosedOn, localDay(now));
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
        () => reject(new LifecycleFailure('failed-service-worker-registration')),
        PUSH_TOKEN.callbackTimeoutMs,
      ),
    ),
  ]);
}

function readInstallation(): Installation {
  return localStore.getJSON(LazyStorageKey.pushInstallation, isInstallation) ?? NOT_REGISTERED;
}

/** The subscription's key as the installation id compares it (base64url), or null. */
function subscriptionKey(subscription: PushSubscription): string | null {
  const key = subscription.options?.applicationServerKey;
  if (!key) return null;
  const bytes = new Uint8Array(key);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Subscribes (or reuses the subscription) and binds it through the token lifecycle
 * (tokenLifecycle.ts); answers the push error of section 8 when it failed, null when bound.
 */
export async function bindPush(win: Window): Promise<PushErrorCode | null> {
  if (!('PushManager' in win && 'serviceWorker' in win.navigator)) return 'unsupported-browser';
  if ('Notification' in win && (win as PushWindow).Notification.permission !== 'granted')
    return 'permission-blocked';
  if (!win.navigator.onLine) return 'app-offline';
  let registration: ServiceWorkerRegistration;
  try {
    registration = await workerRegistration(win);
  } catch {
    return 'failed-service-worker-registration';
  }
  // A subscription the browser replaced (another endpoint) is a token to generate again.
  const stored = readInstallation();
  const current = await registration.pushManager.getSubscription().catch(() => null);
  if (
    stored.status === 2 &&
    stored.authToken.status === 2 &&
    (current === null || current.endpoint !== stored.authToken.endpoint)
  ) {
    if (!localStore.setJSON(LazyStorageKey.pushInstallation, { ...stored, authToken: { status: 0 } }))
      return 'indexed-db-unsupported';
  }
  let storageFailed = false;
  const error = await runLifecycle({
    read: readInstallation,
    write: (state) => {
      if (!localStore.setJSON(LazyStorageKey.pushInstallation, state)) storageFailed = true;
    },
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
    register: async () => (await call('pushPublicKey', {}, { handleErrors: false })).publicKey,
    generateToken: async (publicKey) => {
      if (storageFailed) throw new LifecycleFailure('indexed-db-unsupported');
      let subscription = await registration.pushManager.getSubscription();
      // Made with another key (the merchant's key changed): unusable, replaced.
      if (subscription !== null && subscriptionKey(subscription) !== publicKey) {
        await subscription.unsubscribe().catch(() => false);
        subscription = null;
      }
      if (subscription === null) {
        try {
          subscription = await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: base64urlToBytes(publicKey),
          });
        } catch {
          throw new LifecycleFailure('token-subscribe-failed');
        }
      }
      await call(
        'fcmBind',
        { registrationToken: JSON.stringify(subscription.toJSON()) },
        { handleErrors: false },
      );
      return subscription.endpoint;
    },
    clear: async () => {
      const subscription = await registration.pushManager.getSubscription();
      if (subscription !== null && !(await subscription.unsubscribe()))
        throw new LifecycleFailure('token-unsubscribe-failed');
    },
  });
  if (storageFailed) return 'indexed-db-unsupported';
  if (error === null) {
    const beats = localStore.getJSON(LazyStorageKey.pushHeartbeat, isHeartbeatList) ?? [];
    localStore.setJSON(
      LazyStorageKey.pushHeartbeat,
      recordHeartbeat(beats, new Date().toISOString().slice(0, 10), `wps-web ${win.navigator.userAgent}`),
    );
  }
  return error;
}

function showPushError(code: PushErrorCode): void {
  showToast('push-error', { key: pushErrorMessage(code) }, 4_000);
}

export async function startPush(win: PushWindow, now: () => Date = () => new Date()): Promise<void> {
  if (currentEnvironment().isNativeApp) {
    // The shell has its own push (FCM): its token is bound, no browser prompt.
    if (localStore.getString(LazyStorageKey.pushDisabled) !== '1')
      await bindShellToken(await waitForShellToken(), now().getTime());
    return;
  }
  const decision = pushDecision({
    env: currentEnvironment(),
    disabledFlag: localStore.getString(LazyStorageKey.pushDisabled) === '1',
    supported: await supported(win),
    permission: 'Notification' in win ? win.Notification.permission : null,
    closedOn: localStore.getString(LazyStorageKey.notificationPromptClosedOn),
    today: localDay(now()),
  });
  if (decision === 'skip') return;
  if (decision === 'bind') {
    // Granted before: bound again quietly; only a device the backend no longer knows is told.
    const error = await bindPush(win);
    if (error === 'not-registered' || error === 'installation-not-found') showPushError(error);
    return;
  }
  if (decision === 'iosInstallTip') {
    closePrompt(now());
    showToast('push-ios', { key: 'push_ios_install_tip' }, 6_000);
    return;
  }
  // Its turn among what opens by itself: after the lobby's popup, never over a task (a forced
  // password change, an agent creating an account) or another dialog.
  const release = await waitForOfferTurn();
  let agreed: boolean;
  try {
    agreed = await showConfirm(
      { key: 'push_prompt_msg' },
      { key: 'push_prompt_title' },
      { confirm: { key: 'push_allow' }, cancel: { key: 'push_later' } },
    );
  } finally {
    release();
  }
  closePrompt(now());
  if (!agreed) return;
  const permission = await win.Notification.requestPermission();
  if (permission === 'granted') {
    const error = await bindPush(win);
    if (error !== null) showPushError(error);
  } else if (permission === 'denied') {
    showToast('push-denied', { key: 'push_denied_tip' }, 5_000);
  }
}
