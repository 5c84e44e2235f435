import { createRoot } from 'react-dom/client';
import { configureClient } from '@/api/client';
import { exposeTestHooks } from '@/api/testHooks';
import { App } from '@/app/App';
import { handleError } from '@/features/apiErrors/errorActions';
import { loadSettings, watchSettingsRefresh } from '@/features/settings/loadSettings';
import { watchToken } from '@/features/auth/tokenEffects';
import { checkSystemStatus } from '@/features/status/checkSystemStatus';
import { watchConnectivity } from '@/features/network/watchConnectivity';
import { captureInstallPrompt } from '@/features/pwa/installCapture';
import { watchPreloadErrors } from '@/features/pwa/preloadReload';
import { startPwaLater } from '@/features/pwa/startPwaLater';
import { readArrival } from '@/platform/arrival';
import { preloadScreenFor } from '@/app/routeTable';
import { getDeviceId } from '@/platform/deviceId';
import { watchDesktopLayout } from '@/platform/layout';
import { activateLanguage, initialLanguage, languageStore } from '@/state/language';
import { getMerchantCode } from '@/state/merchant';
import { watchDataScope } from '@/queries/store';
import { settingsStore } from '@/state/settings';
import { getSession, getToken, setSession } from '@/state/session';
import '@/ui/base.css';

// Arrival first: the token leaves the address bar before anything can read or log the URL.
const arrival = readArrival(new URL(window.location.href));
const { pathname, search, hash } = window.location;
if (arrival.cleanUrl !== pathname + search + hash)
  window.history.replaceState(window.history.state, '', arrival.cleanUrl);
if (arrival.token) setSession({ ...(getSession() ?? emptySession()), token: arrival.token });
getDeviceId();

const startLanguage = initialLanguage(document.documentElement.lang);
configureClient({
  // The page's merchant (the server names it in the HTML), else the settings', else the stored one.
  merchantCode: getMerchantCode,
  language: () => languageStore.get()?.language ?? startLanguage,
  token: getToken,
  // What a failed call shows: the error catalogue's action (spec section 8).
  onError: handleError,
});
// Cached answers and loaded queries are the merchant's and the session's: dropped when either changes.
watchDataScope();
exposeTestHooks(window);

watchDesktopLayout(window, (maxWidth) => {
  document.documentElement.style.setProperty('--app-max-width', maxWidth === null ? '100%' : `${maxWidth}px`);
});
watchConnectivity(window);
// A chunk of a build a deploy replaced: reload once to the new version.
watchPreloadErrors(window);
// The browser's install prompt may come before the PWA chunk: kept for it (features/pwa).
captureInstallPrompt(window);

void checkSystemStatus();
void loadSettings();
watchToken();
// Auto-login (its own chunk) once the merchant's settings say whether it is on.
let autoLoginStarted = false;
const startAutoLogin = () => {
  if (autoLoginStarted || settingsStore.get().status !== 'ready') return;
  autoLoginStarted = true;
  void import('@/features/auth/autoLoginRunner').then((module) => module.runAutoLogin());
};
settingsStore.subscribe(startAutoLogin);
startAutoLogin();
watchSettingsRefresh(document);

const root = document.getElementById('root');
if (root) {
  // The first screen's chunk (preloaded by the HTML) is waited for with the catalog, so the first
  // render shows the screen itself rather than a Suspense fallback.
  void Promise.allSettled([activateLanguage(startLanguage), preloadScreenFor(window.location.pathname)]).then(
    () => {
      createRoot(root).render(<App />);
      // The service worker and its update prompt: their own chunk, after the first paint.
      startPwaLater(window);
    },
  );
}

function emptySession() {
  return { spanId: '', id: '', token: '', merchantCode: '', userName: '', type: null, firstTimeLogin: false };
}
