/**
 * Screens whose chunk failed to load (offline, a deploy replaced the files) register how to try
 * again here; the screen boundary calls them all on Retry or when the browser is back online.
 * Its own module, so the layout can reach it without importing the route table (which imports it).
 */
const retries = new Set<() => void>();

export function onScreenRetry(retry: () => void): void {
  retries.add(retry);
}

export function retryFailedScreens(): void {
  for (const retry of retries) retry();
}
