import { startTransition } from 'react';
import { createRoot, hydrateRoot } from '@/platform/reactDom';
import { configureClient } from '@/api/client';
import { exposeTestHooks } from '@/api/testHooks';
import { App } from '@/app/App';
import { handleError, preloadErrorActions } from '@/features/apiErrors/handleErrorLater';
import { watchPreloadErrors } from '@/features/pwa/preloadReload';
import { readArrival } from '@/platform/arrival';
import { preloadScreenFor } from '@/app/routeTable';
import { pageTaps } from '@/platform/earlyTaps';
import { nextTask } from '@/platform/firstScreen';
import { idleAfter, whenIdle, whenOnline } from '@/platform/idle';
import { watchDesktopLayout } from '@/platform/layout';
import { activateLanguage, initialLanguage, languageStore } from '@/state/language';
import { hydrationEnds, hydrationStarts } from '@/state/hydration';
import { getMerchantCode } from '@/state/merchant';
import { watchDataScope } from '@/queries/store';
import { canHydrate, completeCatalog, readServerState, startFromServerState } from '@/app/serverState';
import { pageMerchantCode } from '@/platform/pageMerchant';
import { getSession, getToken, setSession } from '@/state/session';
import '@/ui/base.css';

async function start(): Promise<void> {
  // What waits for the page to be idle waits for the app's first commit too (the page's load event
  // comes before the app's code on a page the server rendered): never in the way of the hydration.
  let appStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    appStarted = resolve;
  });
  idleAfter(started);

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
  await nextTask();

  // Cached answers and loaded queries are the merchant's and the session's: dropped when either changes.
  watchDataScope();
  exposeTestHooks(window);

  watchDesktopLayout(window, (maxWidth) => {
    document.documentElement.style.setProperty(
      '--app-max-width',
      maxWidth === null ? '100%' : `${maxWidth}px`,
    );
  });
  // A chunk of a build a deploy replaced: reload once to the new version.
  watchPreloadErrors(window);

  await nextTask();

  // The page's first screen, when the server rendered it: hydrated from the state it was made with.
  const serverState = readServerState(document);
  const hydrating = canHydrate(serverState, pageMerchantCode(document), startLanguage);
  if (hydrating) startFromServerState(serverState);

  // On a page the server rendered the status check waits for the page to be idle (or the first tap),
  // and online: its answer changes nothing on a normal day, and the request code (api/pipeline.ts)
  // comes with it.
  const checkStatus = () =>
    import('@/features/status/checkSystemStatus').then((module) => module.checkSystemStatus());
  void (hydrating
    ? whenIdle()
        .then(() => whenOnline())
        .then(checkStatus)
    : checkStatus());
  // A page the browser renders itself asks for the merchant's settings (its own chunk: a page the
  // server rendered came with them).
  if (!hydrating) void import('@/features/settings/loadSettings').then((module) => module.loadSettings());
  const root = document.getElementById('root');
  if (root) {
    // The first screen's chunk (preloaded by the HTML) is waited for with the catalog, so the first
    // render shows the screen itself rather than a Suspense fallback.
    void Promise.allSettled([
      hydrating ? completeCatalog(serverState) : activateLanguage(startLanguage),
      preloadScreenFor(window.location.pathname),
    ]).then(() => {
      // React handles taps from here on (on markup it has not hydrated yet, by hydrating it first).
      pageTaps(window).appStarted();
      if (hydrating) {
        // What differs between the server's markup and this browser switches once this ends.
        hydrationStarts();
        const hydrated = () => {
          hydrationEnds();
          appStarted();
        };
        // In a transition, React hydrates in slices that yield to the browser every few milliseconds
        // instead of in one long task (the page is already painted; a tap makes React hydrate what it
        // lands on first).
        startTransition(() => {
          hydrateRoot(root, <App onCommitted={hydrated} />, {
            // A mismatch is a defect (the e2e checks fail on this line); React renders that part afresh.
            onRecoverableError: (error) => console.error('hydration failed:', error),
          });
        });
      } else {
        createRoot(root).render(<App onCommitted={appStarted} />);
      }
    });
  } else appStarted();
  // The rest (the worker, tracking, the token's data, auto-login, the offline notice): its own chunk,
  // once the first screen is committed.
  void started.then(() => import('@/app/afterStart')).then((module) => module.startAfterCommit(window));
}

void start();

function emptySession() {
  return { spanId: '', id: '', token: '', merchantCode: '', userName: '', type: null, firstTimeLogin: false };
}
