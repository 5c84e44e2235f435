import { getMerchantCode } from '@/state/merchant';
import { dismissToast, showConfirm, showToast } from '@/ui/notices';
import { clearDeferredInstallPrompt, deferredInstallPrompt } from './installCapture';

/** How long after the page's load the worker and its prompts start: the first screen's work goes first. */
export const PWA_START_DELAY_MS = 3_000;

/**
 * Loads the service-worker registration and update prompt (`startPwa.ts`, its own chunk) once the
 * page has loaded, PWA_START_DELAY_MS later and when the main thread is idle: none of it is in the
 * first-load JavaScript of /m/home, and its work (and the worker's precaching) does not compete with
 * the first screen. The install event is captured from the start (installCapture.ts), so nothing is
 * lost by waiting.
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
  const whenIdle = () =>
    'requestIdleCallback' in win ? win.requestIdleCallback(start, { timeout: 5_000 }) : start();
  const afterPaint = () => win.setTimeout(whenIdle, PWA_START_DELAY_MS);
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
