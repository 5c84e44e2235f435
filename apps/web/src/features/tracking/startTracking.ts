import { getDeviceId } from '@/platform/deviceId';
import { currentEnvironment } from '@/platform/environment';
import { nextTask } from '@/platform/firstScreen';
import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { sessionStore } from '@/platform/storage';
import { getSession, getToken, subscribe } from '@/state/session';
import { currentSettings, settingsStore } from '@/state/settings';
import { deviceFrameUrl, loadDeviceFrame } from './deviceIdFrame';
import { startPixels } from './pixels';
import { startTokenSync } from './tokenSync';
import { captureArrivalClickIds } from './attribution';
import { deliverQueued, recordOnce } from './marketing';
import { startBrowserPerformanceBeacon } from './performance';

/** How long after a member is signed in the notification prompt waits. */
export const PUSH_PROMPT_DELAY_MS = 3_000;

function launchedFromHomeScreen(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** The push setup (its own chunk) once a member is signed in: at most once per page. */
function startPushForMembers(win: Window): void {
  let started = false;
  const check = () => {
    if (started || getSession() === null) return;
    started = true;
    win.setTimeout(() => {
      void import('@/features/push/startPush').then(
        (module) => module.startPush(window),
        () => undefined,
      );
    }, PUSH_PROMPT_DELAY_MS);
  };
  subscribe(check);
  check();
}

/**
 * After the first paint: the arrival's click ids and Meta cookies, the events earlier pages left
 * queued, firstOpen once per device, a2hsFirstOpen on the first home-screen launch, and the push
 * setup for members. In that order, each part in a task of its own: together they made a task of
 * 40-70 ms at 4x CPU (cookies, storage, beacons, the pixels' scripts) while the page was starting.
 */
export async function startTracking(win: Window): Promise<void> {
  captureArrivalClickIds(win);
  await nextTask();
  deliverQueued(win);
  recordOnce('firstOpen');
  if (launchedFromHomeScreen(win)) recordOnce('a2hsFirstOpen');
  await nextTask();
  startPushForMembers(win);
  void startBrowserPerformanceBeacon(win).catch(() => undefined);
  await nextTask();
  startTokenSync({
    path: () => currentSettings()?.gw.TOKEN_SYNC_URL,
    token: getToken,
    onSessionChange: (listener) => {
      subscribe(listener);
      settingsStore.subscribe(listener);
    },
    send: (path, init) =>
      void win.fetch(path, { ...init, credentials: 'same-origin' }).catch(() => undefined),
  });
  startDeviceFrame(win);
  await nextTask();
  const pixels = () => startPixels(win, currentSettings()?.adPixels);
  settingsStore.subscribe(pixels);
  pixels();
}

/** The device-id iframe once the settings name it (once per session). */
function startDeviceFrame(win: Window): void {
  const attempt = () => {
    const env = currentEnvironment();
    const src = deviceFrameUrl(
      {
        url: currentSettings()?.gw.DEVICE_ID_IFRAME_URL,
        isNativeApp: env.isNativeApp,
        isSafari: env.isSafari,
        alreadyLoaded: sessionStore.getString(LazyStorageKey.deviceFrameLoaded) === '1',
      },
      getDeviceId(),
    );
    if (src === null) return;
    sessionStore.setString(LazyStorageKey.deviceFrameLoaded, '1');
    loadDeviceFrame(win.document, src);
  };
  settingsStore.subscribe(attempt);
  attempt();
}
