import { getMerchantCode } from '@/state/merchant';
import { dismissToast, showConfirm, showToast } from '@/ui/notices';
import { clearDeferredInstallPrompt, deferredInstallPrompt } from './installCapture';
import type { PwaDeps } from './startPwa';
import { ASSET_HASH_FIRST_CHECK_MS, PWA_START_DELAY_MS } from './timing';

const firstLoadDeps: PwaDeps = {
  merchantCode: getMerchantCode,
  showConfirm,
  showToast,
  dismissToast,
  deferredInstallPrompt,
  clearDeferredInstallPrompt,
};

/**
 * Starts the page's PWA work without putting it in the first-load JavaScript of /m/home:
 * - the asset-hash update check (`assetHash.ts`, a chunk of under half a kilobyte) is loaded
 *   ASSET_HASH_FIRST_CHECK_MS after the app starts and checks at once (spec section 9);
 * - the service-worker registration and update prompt (`startPwa.ts`, its own chunk) once the page
 *   has loaded, PWA_START_DELAY_MS later and when the main thread is idle, so its parse and the
 *   worker's precaching do not compete with the first screen. The install event is captured from
 *   the start (installCapture.ts), so nothing is lost by waiting.
 */
export function startPwaLater(win: Window): void {
  const loadPwa = () => import('./startPwa');
  win.setTimeout(() => {
    void import('./assetHash').then((module) =>
      module.startAssetHashCheck(win, () => {
        void loadPwa().then((pwa) => pwa.noticeNewBuild(win, firstLoadDeps));
      }),
    );
  }, ASSET_HASH_FIRST_CHECK_MS);

  const start = () => {
    void loadPwa().then((module) => module.startPwa(win, firstLoadDeps));
  };
  const whenIdle = () =>
    'requestIdleCallback' in win ? win.requestIdleCallback(start, { timeout: 5_000 }) : start();
  const afterPaint = () => win.setTimeout(whenIdle, PWA_START_DELAY_MS);
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
