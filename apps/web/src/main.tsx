import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureClient } from '@/api/client';
import { exposeTestHooks } from '@/api/testHooks';
import { App } from '@/app/App';
import { handleError, preloadErrorActions } from '@/features/apiErrors/handleErrorLater';
import { loadSettings, watchSettingsRefresh } from '@/features/settings/loadSettings';
import { mayAutoLogin } from '@/features/auth/autoLogin';
import { watchTokenLater } from '@/features/auth/watchTokenLater';
import { startThirdPartyChatLater } from '@/features/supportChat/supportChat';
import { checkSystemStatus } from '@/features/status/checkSystemStatus';
import { watchConnectivity } from '@/features/network/watchConnectivity';
import { watchPreloadErrors } from '@/features/pwa/preloadReload';
import { startPwaLater } from '@/features/pwa/startPwaLater';
import { startTrackingLater } from '@/features/tracking/trackEvent';
import { readArrival } from '@/platform/arrival';
import { preloadScreenFor } from '@/app/routeTable';
import { whenIdle, whenOnline } from '@/platform/idle';
import { watchDesktopLayout } from '@/platform/layout';
import { activateLanguage, initialLanguage, languageStore } from '@/state/language';
import { getMerchantCode } from '@/state/merchant';
import { watchDataScope } from '@/queries/store';
import { canHydrate, readServerState, startFromServerState } from '@/app/serverState';
import { pageMerchantCode } from '@/platform/pageMerchant';
import { settingsStore } from '@/state/settings';
import { getSession, getToken, setSession } from '@/state/session';
import '@/ui/base.css';

// Arrival first: the token leaves the address bar before anything can read or log the URL.
const arrival = readArrival(new URL(window.location.href));
const { pathname, search, hash } = window.location;
if (arrival.cleanUrl !== pathname + search + hash)
  window.history.replaceState(window.history.state, '', arrival.cleanUrl);
if (arrival.token) setSession({ ...(getSession() ?? emptySession()), token: arrival.token });
// The device id (spec section 3) is made once the page is idle: nothing before it reads it, and its
// code is not in the first load (login and registration import it themselves).
void whenIdle()
  .then(() => import('@/platform/deviceId'))
  .then(({ getDeviceId }) => getDeviceId());

const startLanguage = initialLanguage(document.documentElement.lang);
configureClient({
  // The page's merchant (the server names it in the HTML), else the settings', else the stored one.
  merchantCode: getMerchantCode,
  language: () => languageStore.get()?.language ?? startLanguage,
  token: getToken,
  // What a failed call shows: the error catalogue's action (spec section 8), its own chunk.
  onError: handleError,
});
preloadErrorActions();
// Cached answers and loaded queries are the merchant's and the session's: dropped when either changes.
watchDataScope();
exposeTestHooks(window);

watchDesktopLayout(window, (maxWidth) => {
  document.documentElement.style.setProperty('--app-max-width', maxWidth === null ? '100%' : `${maxWidth}px`);
});
watchConnectivity(window);
// A chunk of a build a deploy replaced: reload once to the new version.
watchPreloadErrors(window);

// The page's first screen, when the server rendered it: hydrated from the state it was made with.
const serverState = readServerState(document);
const hydrating = canHydrate(serverState, pageMerchantCode(document), startLanguage);
if (hydrating) startFromServerState(serverState);

// On a page the server rendered the status check waits for the page to be idle (or the first tap),
// and online: its answer changes nothing on a normal day, and the request code (api/pipeline.ts)
// comes with it.
void (hydrating
  ? whenIdle()
      .then(() => whenOnline())
      .then(checkSystemStatus)
  : checkSystemStatus());
if (!hydrating) void loadSettings();
// What a token loads (member data, the support chat): its own chunk, fetched when a token exists.
watchTokenLater();
startThirdPartyChatLater(window);
// Auto-login (its own chunk) once the merchant's settings say whether it is on.
let autoLoginStarted = false;
const startAutoLogin = () => {
  if (autoLoginStarted || settingsStore.get().status !== 'ready') return;
  autoLoginStarted = true;
  // Without remembered credentials there is nothing to log in with: the chunk is not fetched.
  if (!mayAutoLogin()) return;
  void import('@/features/auth/autoLoginRunner').then((module) => module.runAutoLogin());
};
settingsStore.subscribe(startAutoLogin);
startAutoLogin();
// A Telegram sign-in arriving elsewhere than the login page (its own chunk, only then; the mini app's
// initData read here without platform/environment, which is not in the first load).
const telegramApp = (window as { Telegram?: { WebApp?: { initData?: unknown } } }).Telegram?.WebApp;
if (
  !window.location.pathname.startsWith('/m/login') &&
  (window.location.hash.includes('tgAuthResult=') || Boolean(telegramApp?.initData))
)
  void import('@/features/socialSignIn/arrival').then((module) => module.routeTelegramArrival());
watchSettingsRefresh(document);

const root = document.getElementById('root');
if (root) {
  // The first screen's chunk (preloaded by the HTML) is waited for with the catalog, so the first
  // render shows the screen itself rather than a Suspense fallback.
  void Promise.allSettled([
    hydrating ? null : activateLanguage(startLanguage),
    preloadScreenFor(window.location.pathname),
  ]).then(() => {
    if (hydrating) {
      // In a transition, React hydrates in slices that yield to the browser every few milliseconds
      // instead of in one long task (the page is already painted; a tap makes React hydrate what it
      // lands on first).
      startTransition(() => {
        hydrateRoot(root, <App />, {
          // A mismatch is a defect (the e2e checks fail on this line); React renders that part afresh.
          onRecoverableError: (error) => console.error('hydration failed:', error),
        });
      });
    } else {
      createRoot(root).render(<App />);
    }
    // The service worker and its update prompt: their own chunk, after the first paint.
    startPwaLater(window);
    // Attribution and marketing events: their own chunks, once the page has loaded and is idle.
    startTrackingLater(window);
  });
}

function emptySession() {
  return { spanId: '', id: '', token: '', merchantCode: '', userName: '', type: null, firstTimeLogin: false };
}
