/**
 * When code the first screen does not need may be fetched: once the page has loaded (its `load`
 * event: the first screen's scripts and images are in) and the app has started (`idleAfter`: on a
 * page the server rendered, the load comes before the app's code, which is fetched after the first
 * screen is shown) and the main thread is then idle — or earlier,
 * at the person's first interaction (a tap, a key, a scroll, the wheel), since what they reach for
 * should not wait for the idle period. Server-side (no window) it is at once.
 */

/** The idle callback's time-out: a busy page still gets its deferred code this long after the load. */
export const IDLE_TIMEOUT_MS = 2_000;
/** Where requestIdleCallback is missing (Safari): this long after the load event. */
export const IDLE_FALLBACK_MS = 200;

const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;

/**
 * A promise that resolves once, at idle after the load and `started`, or at the first interaction
 * (see above).
 */
export function createIdleGate(win: Window, started: Promise<void> = Promise.resolve()): Promise<void> {
  return new Promise((resolve) => {
    const options: AddEventListenerOptions = { capture: true, passive: true };
    const done = () => {
      for (const type of INTERACTIONS) win.removeEventListener(type, done, options);
      win.removeEventListener('load', afterLoad);
      resolve();
    };
    const afterLoad = () =>
      void started.then(() => {
        if (typeof win.requestIdleCallback === 'function')
          win.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
        else win.setTimeout(done, IDLE_FALLBACK_MS);
      });
    for (const type of INTERACTIONS) win.addEventListener(type, done, options);
    if (win.document.readyState === 'complete') afterLoad();
    else win.addEventListener('load', afterLoad, { once: true });
  });
}

let gate: Promise<void> | null = null;
let appStarted: Promise<void> = Promise.resolve();

/**
 * The page's idle gate opens only after `started` as well (main.tsx: the app's first commit). Called
 * before the first `whenIdle`; without it the gate waits for the load alone.
 */
export function idleAfter(started: Promise<void>): void {
  appStarted = started;
}

/**
 * The page's idle gate (created on first use), then a task of the caller's own: a dozen parts wait
 * for the gate, and each starts fetches (Vite's helper adds a link per file, a few milliseconds each
 * on a slow phone), so together in the gate's one task they made a task of 80-120 ms at 4x CPU.
 * Callers run in the order they asked. Resolved at once where there is no window.
 */
export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  gate ??= createIdleGate(window, appStarted);
  return gate.then(() => new Promise((resolve) => window.setTimeout(resolve, 0)));
}

/** Resolves at once while the browser is online, else at its next `online` event. */
export function whenOnline(win: Window = window): Promise<void> {
  if (win.navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Fetches code with `load`; when that fails (the network went away), fetches it again once the
 * browser is back online. What waits for it keeps waiting — a placeholder, the server's markup —
 * instead of failing. Server-side it is `load` alone.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, win?: Window): Promise<T> {
  if (win === undefined && typeof window === 'undefined') return load();
  const page = win ?? window;
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        page.addEventListener('online', () => resolve(loadWhenOnline(load, page)), { once: true });
      }),
  );
}
