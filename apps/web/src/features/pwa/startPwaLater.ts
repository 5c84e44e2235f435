import { getMerchantCode } from '@/state/merchant';
import { dismissToast, showConfirm, showToast } from '@/ui/notices';
import { clearDeferredInstallPrompt, deferredInstallPrompt } from './installCapture';

/**
 * Loads the service-worker registration and update prompt (`startPwa.ts`, its own chunk) after the
 * first paint and the page's load, so none of it is in the first-load JavaScript of /m/home.
 */
export function startPwaLater(win: Window): void {
  const start = () => {
    void import('./startPwa').then((module) =>
      module.startPwa(win, {
        merchantCode: getMerchantCode,
        showConfirm,
        showToast,
        dismissToast,
        deferredInstallPrompt,
        clearDeferredInstallPrompt,
      }),
    );
  };
  const afterPaint = () => win.requestAnimationFrame(() => win.setTimeout(start, 0));
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
