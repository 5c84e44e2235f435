import { getSession, subscribe } from '@/state/session';
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
 * setup for members.
 */
export function startTracking(win: Window): void {
  captureArrivalClickIds(win);
  deliverQueued(win);
  recordOnce('firstOpen');
  if (launchedFromHomeScreen(win)) recordOnce('a2hsFirstOpen');
  startPushForMembers(win);
  void startBrowserPerformanceBeacon(win).catch(() => undefined);
}
