import { captureArrivalClickIds } from './attribution';
import { deliverQueued, recordOnce } from './marketing';

function launchedFromHomeScreen(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * After the first paint: the arrival's click ids and Meta cookies, the events earlier pages left
 * queued, firstOpen once per device and a2hsFirstOpen on the first home-screen launch.
 */
export function startTracking(win: Window): void {
  captureArrivalClickIds();
  deliverQueued(win);
  recordOnce('firstOpen');
  if (launchedFromHomeScreen(win)) recordOnce('a2hsFirstOpen');
}
