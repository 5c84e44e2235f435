import { currentEnvironment } from '@/platform/environment';
import { getMerchantCode } from '@/state/merchant';
import { dismissToast, showConfirm, showToast } from '@/ui/notices';
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
 * The service worker from the page's side (spec section 4, "Service worker"; docs/architecture.md,
 * "Service worker"): registers /m/sw.js, and when a new version is waiting asks the member with the
 * update prompt. Only Refresh activates it (SKIP_WAITING); the page then reloads or goes to /m/home
 * (section 2). Loaded after first paint by `startPwaLater`.
 */

const UPDATING_TOAST = 'pwa-updating';
let prompting = false;

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
  const refresh = await showConfirm(
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

async function registerWorker(win: Window, container: ServiceWorkerContainer): Promise<void> {
  const registration = await container.register(workerScriptUrl(import.meta.env.MODE, getMerchantCode()), {
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
      showToast(UPDATING_TOAST, { key: 'loading' }, 0);
      worker.postMessage({ type: 'SKIP_WAITING' });
      // The worker normally takes over at once; the page goes on to the new version anyway.
      win.setTimeout(() => {
        dismissToast(UPDATING_TOAST);
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

  const ready = await container.ready;
  if (ready.active) cacheLoadedCatalogs(win, ready.active);
}

/**
 * A page the worker opened offline (the cached shell, the offline toast, sections without data) comes
 * back by itself: once the network returns, and no form is being filled in, it reloads.
 */
export function reloadWhenBackOnline(win: Window): void {
  if (win.navigator.onLine) return;
  win.addEventListener(
    'online',
    () => {
      void formsSettled(win).then(() => win.location.reload());
    },
    { once: true },
  );
}

export async function startPwa(win: Window): Promise<void> {
  reloadWhenBackOnline(win);
  const container: ServiceWorkerContainer | undefined = win.navigator.serviceWorker;
  const plan = workerPlan(currentEnvironment(), {
    hasServiceWorker: container !== undefined,
    secureContext: win.isSecureContext,
  });
  try {
    if (plan === 'register' && container) await registerWorker(win, container);
    else if (plan === 'unregisterOld' && container) await unregisterOldWorkers(win, container);
  } catch (error) {
    // The app works without its worker: no notice for the member.
    console.warn('service worker:', error);
  }
}
