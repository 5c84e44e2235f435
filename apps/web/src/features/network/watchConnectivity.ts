import { isOfflineShell } from '@/platform/offlineShell';
import { dismissToast, showToast } from '@/ui/notices';

const OFFLINE_TOAST = 'network-offline';

/**
 * While the browser is offline a toast says so (key network_offline); it goes when the network is back.
 * A page the worker answered with its offline shell is offline whatever `navigator.onLine` says (a
 * captive portal or a server out of reach leaves it true); that page reloads itself once the server
 * answers (features/pwa/backOnline.ts).
 */
export function watchConnectivity(win: Window): () => void {
  const onOffline = () => showToast(OFFLINE_TOAST, { key: 'network_offline' }, 0);
  const onOnline = () => dismissToast(OFFLINE_TOAST);
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  if (!win.navigator.onLine || isOfflineShell(win.document)) onOffline();
  return () => {
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('online', onOnline);
  };
}
