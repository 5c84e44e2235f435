import { dismissToast, showToast } from '@/ui/notices';

const OFFLINE_TOAST = 'network-offline';

/** While the browser is offline a toast says so (key network_offline); it goes when the network is back. */
export function watchConnectivity(win: Window): () => void {
  const onOffline = () => showToast(OFFLINE_TOAST, { key: 'network_offline' }, 0);
  const onOnline = () => dismissToast(OFFLINE_TOAST);
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  if (!win.navigator.onLine) onOffline();
  return () => {
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('online', onOnline);
  };
}
