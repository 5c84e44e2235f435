import type { MarketingEventName } from '@wps/contract';

/**
 * The first-load-safe door to the marketing events: a few bytes that load the events' chunk
 * (marketing.ts) when an event happens, after the first paint.
 */
export function trackEvent(
  name: MarketingEventName,
  extra?: { amount?: number; content?: string; customer?: { id: string; name: string } },
): void {
  void import('./marketing').then(
    (module) => void module.recordEvent(name, extra),
    () => undefined,
  );
}

/** Once the page has loaded and is idle: attribution, queued events, firstOpen (startTracking.ts). */
export function startTrackingLater(win: Window): void {
  const start = () =>
    void import('./startTracking').then(
      (module) => module.startTracking(win),
      () => undefined,
    );
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(start, { timeout: 5_000 });
    else win.setTimeout(start, 200);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
