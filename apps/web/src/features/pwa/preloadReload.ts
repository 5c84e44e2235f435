import { StorageKey, sessionStore } from '@/platform/storage';

/**
 * A lazy chunk that fails to load after a deploy (`vite:preloadError`: a 404 for a file the new build
 * no longer has) reloads the page once, at the same address, so the member lands on the new version
 * where they were. Guarded against loops: no second reload within PRELOAD_RELOAD_GUARD_MS (the screen's
 * own retry state shows instead), and none while offline (the failure is the network, not a deploy).
 */
export const PRELOAD_RELOAD_GUARD_MS = 60_000;

export function shouldReloadAfterPreloadError(
  lastReloadAt: number | null,
  now: number,
  online: boolean,
): boolean {
  if (!online) return false;
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < PRELOAD_RELOAD_GUARD_MS);
}

function readLastReload(): number | null {
  const value = Number(sessionStore.getString(StorageKey.preloadReloadAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Installs the guard; `reload` is the page reload (injected for tests). */
export function watchPreloadErrors(
  win: Window,
  reload: () => void = () => win.location.reload(),
): () => void {
  const onPreloadError = (event: Event) => {
    const now = Date.now();
    if (!shouldReloadAfterPreloadError(readLastReload(), now, win.navigator.onLine)) return;
    sessionStore.setString(StorageKey.preloadReloadAt, String(now));
    // The page goes away: no error screen in between.
    event.preventDefault();
    reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
