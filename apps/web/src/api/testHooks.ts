import { get, post } from './client';

/** The name a test harness defines before the app loads to receive the client. */
export const TEST_HOOKS_GLOBAL = '__WPS_TEST_HOOKS__';

/**
 * Automation only (the e2e tests): when a harness has defined `window.__WPS_TEST_HOOKS__ = {}`
 * before the app's script ran (Playwright's addInitScript), the app's own `get` and `post` are put
 * on it, so a test can send a request exactly as a screen would. The app never defines the object
 * itself, and a script that runs after start-up cannot ask for it.
 */
export function exposeTestHooks(win: Window): void {
  const slot: unknown = Reflect.get(win, TEST_HOOKS_GLOBAL);
  if (typeof slot !== 'object' || slot === null) return;
  Object.assign(slot, { get, post });
}
