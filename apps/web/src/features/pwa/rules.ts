import { AppPath } from '@wps/contract/routes';
import type { Environment } from '@/platform/environment';

/**
 * The service worker and update rules of spec sections 2, 4 and 9, as pure functions (unit tables in
 * rules.test.ts); `startPwa.ts` applies them in the browser.
 */

/** Spec section 2: on an update, a page of this list reloads; any other page goes to /m/home. */
export const UPDATE_RELOAD_PATHS: readonly string[] = [
  AppPath.home,
  AppPath.game,
  AppPath.login,
  AppPath.index,
  AppPath.indexHtml,
  AppPath.memberHome,
  AppPath.register,
  AppPath.registerHtml,
];

/** Section 9, "Service-worker update toast loading: 5–10 s": the loading shown after Refresh, at most. */
export const UPDATE_LOADING_MIN_MS = 5_000;
export const UPDATE_LOADING_MAX_MS = 10_000;
/** While a form is in progress the prompt waits, checking again this often. */
export const UPDATE_PROMPT_RECHECK_MS = 2_000;
/** The script of old workers the native shell drops (section 4). */
export const OLD_WORKER_SCRIPT = '/m/sw';

/** Where a page goes once the new version controls it: itself (reload) or /m/home. */
export function afterUpdateHref(pathname: string, search: string, hash: string): string {
  return UPDATE_RELOAD_PATHS.includes(pathname) ? `${pathname}${search}${hash}` : AppPath.home;
}

export interface SupportFacts {
  /** `'serviceWorker' in navigator` */
  hasServiceWorker: boolean;
  /** `window.isSecureContext` (https, or localhost) */
  secureContext: boolean;
}

export type WorkerPlan =
  /** Register /m/sw.js and watch for updates. */
  | 'register'
  /** Inside the native app: unregister old /m/sw workers (and prompt when there were any). */
  | 'unregisterOld'
  /** Neither: the Line browser, or a browser that cannot run one. */
  | 'none';

/** Section 4, "Service worker": only outside the native app and the Line browser, when supported. */
export function workerPlan(
  env: Pick<Environment, 'isNativeApp' | 'inAppBrowser'>,
  support: SupportFacts,
): WorkerPlan {
  if (!support.hasServiceWorker) return 'none';
  if (env.isNativeApp) return 'unregisterOld';
  if (env.inAppBrowser === 'line' || !support.secureContext) return 'none';
  return 'register';
}

/** `/m/sw.js?environment=…&merchant=…` (section 2); a changed merchant is a new script, so an update. */
export function workerScriptUrl(environment: string, merchantCode: string | null): string {
  const params = new URLSearchParams({ environment });
  if (merchantCode) params.set('merchant', merchantCode);
  return `/m/sw.js?${params}`;
}

/** Section 4: inside the app, registrations whose script contains /m/sw are the old workers to drop. */
export function isOldWorkerScript(scriptUrl: string | undefined): boolean {
  return scriptUrl !== undefined && scriptUrl.includes(OLD_WORKER_SCRIPT);
}

/** Form-field types whose typed value a reload would lose. */
const TYPED_FIELD = /^(?:text|password|email|tel|number|search|url)$/;

interface FieldLike {
  type: string;
  value: string;
  defaultValue: string;
}

/**
 * The member is in the middle of a form (login, registration, a cashier form): a field has been
 * typed into, or one has the focus. The update prompt waits until this is over.
 */
export function formInProgress(fields: Iterable<FieldLike>, focused: { tagName: string } | null): boolean {
  if (focused !== null && ['INPUT', 'TEXTAREA', 'SELECT'].includes(focused.tagName)) return true;
  for (const field of fields) {
    if (TYPED_FIELD.test(field.type) && field.value !== field.defaultValue) return true;
  }
  return false;
}
