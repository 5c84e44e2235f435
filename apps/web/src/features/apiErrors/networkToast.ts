import { NETWORK_TOAST_SWEEP } from '@wps/contract/transport';
import { dismissToast, showToast, toasts } from '@/ui/notices';

/** The toast a failed request raises while offline over https (spec section 8). */
export const OFFLINE_TOAST_ID = 'request-network-offline';

let sweep: ReturnType<typeof setInterval> | null = null;

/**
 * Shows the offline toast (key network_offline), then clears it each second, up to 3 times: a burst
 * of failing requests shows one short toast, not a stack. A failure after the sweep starts a new one.
 * When the connectivity watcher already shows the same text, nothing is added.
 */
export function showOfflineToast(): void {
  const shownElsewhere = toasts
    .get()
    .some(
      (toast) =>
        toast.id !== OFFLINE_TOAST_ID && 'key' in toast.message && toast.message.key === 'network_offline',
    );
  if (!shownElsewhere) showToast(OFFLINE_TOAST_ID, { key: 'network_offline' }, 0);
  if (sweep !== null) return;
  let cleared = 0;
  sweep = setInterval(() => {
    dismissToast(OFFLINE_TOAST_ID);
    cleared += 1;
    if (cleared >= NETWORK_TOAST_SWEEP.times && sweep !== null) {
      clearInterval(sweep);
      sweep = null;
    }
  }, NETWORK_TOAST_SWEEP.intervalMs);
}

/** Stops a running sweep and removes the toast (tests, logout). */
export function resetOfflineToast(): void {
  if (sweep !== null) clearInterval(sweep);
  sweep = null;
  dismissToast(OFFLINE_TOAST_ID);
}
