import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { currentEnvironment } from '@/platform/environment';
import { StorageKey, readFlag, sessionStore, writeFlag } from '@/platform/storage';
import type { dismissToast, showConfirm, showToast } from '@/ui/notices';
import { whenEngaged } from './engagement';
import type { InstallPromptEvent } from './installCapture';
import {
  installPromptAllowed,
  readInstallState,
  recordDeclined,
  runInstallPrompt,
  waitForInstallPrompt,
} from './installPrompt';
import { applyFullscreenPreference, linkManifest, loadImage } from './manifestLinks';
import {
  UPDATE_LOADING_MAX_MS,
  UPDATE_PROMPT_RECHECK_MS,
  afterUpdateHref,
  formInProgress,
  isOldWorkerScript,
  workerPlan,
  workerScriptUrl,
} from './rules';

/**
 * The service worker from the page's side (spec section 4, "Service worker"; docs/pwa.md,
 * "Service worker"): registers /m/sw.js, and when a new version is waiting asks the member with the
 * update prompt. Only Refresh activates it (SKIP_WAITING); the page then reloads or goes to /m/home
 * (section 2). Loaded after first paint by `startPwaLater`.
 */

const UPDATING_TOAST = 'pwa-updating';
let prompting = false;

/**
 * What this chunk takes from the first load, handed over by `startPwaLater` rather than imported: a
 * lazy chunk importing them splits the shared modules into more first-load chunks (+0.5 KB gzip).
 */
export interface PwaDeps {
  merchantCode: () => string | null;
  showConfirm: typeof showConfirm;
  showToast: typeof showToast;
  dismissToast: typeof dismissToast;
  /** The browser's deferred install prompt captured from the start (installCapture.ts). */
  deferredInstallPrompt: () => InstallPromptEvent | null;
  clearDeferredInstallPrompt: () => void;
}
let deps: PwaDeps;
/** The worker's registration once `startPwa` has run (null inside: none was made or it failed). */
let registered: Promise<ServiceWorkerRegistration | null> | undefined;

/** Reloads a page of the reload list, sends any other to /m/home. */
function goAfterUpdate(win: Window): void {
  const { pathname, search, hash } = win.location;
  const href = afterUpdateHref(pathname, search, hash);
  if (href === `${pathname}${search}${hash}`) win.location.reload();
  else win.location.assign(href);
}

/** Resolves once no form is in progress (login, registration, a cashier form): the prompt waits. */
function formsSettled(win: Window): Promise<void> {
  const busy = () => {
    const fields = win.document.querySelectorAll<HTMLInputElement>('input, textarea');
    return formInProgress(fields, win.document.activeElement);
  };
  return new Promise((resolve) => {
    if (!busy()) {
      resolve();
      return;
    }
    const timer = win.setInterval(() => {
      if (busy()) return;
      win.clearInterval(timer);
      resolve();
    }, UPDATE_PROMPT_RECHECK_MS);
  });
}

/** The update prompt ("Found new version, click refresh"); `apply` runs on Refresh. */
async function promptUpdate(win: Window, apply: () => void): Promise<void> {
  if (prompting) return;
  prompting = true;
  await formsSettled(win);
  const refresh = await deps.showConfirm(
    { key: 'pwa_update_msg' },
    { key: 'pwa_update_title' },
    { confirm: { key: 'refresh' } },
  );
  prompting = false;
  if (refresh) apply();
}

/** The catalog the page loaded before the worker controlled it: the worker keeps it for offline. */
function cacheLoadedCatalogs(win: Window, worker: ServiceWorker): void {
  const urls = win.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/m/assets/i18n/'));
  if (urls.length > 0) worker.postMessage({ type: 'CACHE_CATALOGS', urls });
}

async function unregisterOldWorkers(win: Window, container: ServiceWorkerContainer): Promise<void> {
  const registrations = await container.getRegistrations();
  const old = registrations.filter((registration) =>
    isOldWorkerScript((registration.active ?? registration.waiting ?? registration.installing)?.scriptURL),
  );
  await Promise.all(old.map((registration) => registration.unregister()));
  if (old.length > 0) void promptUpdate(win, () => goAfterUpdate(win));
}

/**
 * A deploy seen by the asset-hash check: the worker is asked to update first, so that when a new one
 * installs its own prompt (with SKIP_WAITING) is the one shown; otherwise the prompt reloads.
 */
async function onNewBuild(
  win: Window,
  registering: Promise<ServiceWorkerRegistration | null>,
): Promise<void> {
  const registration = await registering;
  if (registration) {
    try {
      await registration.update();
    } catch {
      // no update to be had now: the prompt below still takes the page to the new build
    }
    if (registration.installing || registration.waiting) return;
  }
  void promptUpdate(win, () => goAfterUpdate(win));
}

/**
 * The asset-hash check (its own chunk, started by `startPwaLater`) saw a deploy. It may see it before
 * `startPwa` has run (the check starts 1.5 s after the app, the worker 3 s after load): then there is
 * no registration yet and the prompt reloads to the new build.
 */
export function noticeNewBuild(win: Window, firstLoad: PwaDeps): void {
  // the same first-load functions `startPwa` is handed
  deps = firstLoad;
  void onNewBuild(win, registered ?? Promise.resolve(null));
}

async function registerWorker(
  win: Window,
  container: ServiceWorkerContainer,
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(workerScriptUrl(import.meta.env.MODE, deps.merchantCode()), {
    scope: '/m/',
    updateViaCache: 'none',
  });

  let updateRequested = false;
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    goAfterUpdate(win);
  };
  // Only after the member's Refresh: the first worker taking the page over changes nothing on screen.
  container.addEventListener('controllerchange', () => {
    if (updateRequested) leave();
  });

  const onWaiting = (worker: ServiceWorker) => {
    void promptUpdate(win, () => {
      updateRequested = true;
      deps.showToast(UPDATING_TOAST, { key: 'loading' }, 0);
      worker.postMessage({ type: 'SKIP_WAITING' });
      // The worker normally takes over at once; the page goes on to the new version anyway.
      win.setTimeout(() => {
        deps.dismissToast(UPDATING_TOAST);
        leave();
      }, UPDATE_LOADING_MAX_MS);
    });
  };
  // A new version waits only when an older one is active: the first install activates by itself.
  if (registration.waiting && registration.active) onWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.active) onWaiting(installing);
    });
  });

  void container.ready.then((ready) => {
    if (!ready.active) return;
    cacheLoadedCatalogs(win, ready.active);
    // The `from` arrival parameter: the page the worker opens for the member (sw/rules.ts, safeTargetUrl).
    // A visit without one clears an earlier visit's: `from` belongs to the visit it arrived with.
    const target = sessionStore.getString(StorageKey.swTargetUrl) ?? '';
    ready.active.postMessage({ type: 'SET_TARGET_URL', url: target });
  });
  return registration;
}

/**
 * Spec section 4, "Install prompt": on /, /m/home and /m/index.html, when the browser offers it (polled
 * 20 × 150 ms) and it was neither declined this session nor installed, the app asks (Cancel / Agree)
 * once the visitor has used the page (engagement.ts), then the browser's own prompt: accepted shows
 * a2hs_installing; Cancel or a dismissal counts a decline.
 */
export async function offerInstall(win: Window): Promise<void> {
  const facts = { pathname: win.location.pathname, env: currentEnvironment(), ...readInstallState() };
  if (!installPromptAllowed(facts)) return;
  const wait = (ms: number) => new Promise<void>((resolve) => win.setTimeout(resolve, ms));
  const event = await waitForInstallPrompt(deps.deferredInstallPrompt, wait);
  if (event === null) return;
  await whenEngaged(win);
  // Meanwhile the visitor may have left the page, installed, or used the prompt elsewhere (/m/download).
  if (!installPromptAllowed({ ...facts, pathname: win.location.pathname, ...readInstallState() })) return;
  if (deps.deferredInstallPrompt() !== event) return;
  const agree = await deps.showConfirm(
    { key: 'a2hs_msg' },
    { key: 'a2hs_title' },
    { confirm: { key: 'agree' } },
  );
  if (!agree) {
    recordDeclined();
    return;
  }
  deps.clearDeferredInstallPrompt();
  await runInstallPrompt(event, () => deps.showToast('a2hs-installing', { key: 'a2hs_installing' }));
}

/**
 * Facts of this launch the first load leaves for later: the WEBCLIP flag of an iOS web-clip launch
 * (spec section 3, read back by `platform/environment`), `fullscreen=0`, and the merchant's manifest
 * and touch icon with their waits (manifestLinks.ts).
 */
export function applyLaunchFacts(win: Window, merchantCode: string | null): void {
  const env = currentEnvironment();
  if (env.isIosWebClip) writeFlag(sessionStore, LazyStorageKey.webclip, true);
  applyFullscreenPreference(win.document, readFlag(sessionStore, StorageKey.fullscreenDisabled));
  if (env.isNativeApp) return;
  void linkManifest(win.document, {
    merchantCode,
    fetcher: (input, init) => win.fetch(input, init),
    loadImage: (href) => loadImage(win.document, href),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
  }).catch(() => {
    // the server's links stay
  });
}

export async function startPwa(win: Window, firstLoad: PwaDeps): Promise<void> {
  deps = firstLoad;
  applyLaunchFacts(win, deps.merchantCode());
  // The download bar, the install sheets and the native shell bridge: their own chunk and root.
  void import('./extras/mountExtras').then((module) => module.mountPwaExtras(win.document));
  const container: ServiceWorkerContainer | undefined = win.navigator.serviceWorker;
  const plan = workerPlan(currentEnvironment(), {
    hasServiceWorker: container !== undefined,
    secureContext: win.isSecureContext,
  });
  const registering: Promise<ServiceWorkerRegistration | null> =
    plan === 'register' && container ? registerWorker(win, container) : Promise.resolve(null);
  const registration = registering.catch((error: unknown) => {
    // The app works without its worker: no notice for the member.
    console.warn('service worker:', error);
    return null;
  });
  registered = registration;
  void offerInstall(win);
  if (plan === 'unregisterOld' && container) await unregisterOldWorkers(win, container).catch(() => {});
  await registration;
}
