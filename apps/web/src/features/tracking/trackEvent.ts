import type { MarketingEventName, ServerRecordedEvent } from '@wps/contract/tracking';
import { whenIdle } from '@/platform/idle';

/**
 * The first-load-safe door to tracking: a few bytes that load its chunk (lazy.ts) when an event
 * happens or once the page is idle after the first paint.
 */
const load = () => import('./lazy');

export function trackEvent(
  name: MarketingEventName,
  extra?: { amount?: number; content?: string; customer?: { id: string; name: string } },
): void {
  void load().then(
    (module) => void module.recordEvent(name, extra),
    () => undefined,
  );
}

/**
 * Money the server saw move (a deposit credited, a withdrawal requested): the server stored its
 * event; the ad pixels get the same event id (marketing.ts mirrorServerEvent).
 */
export function mirrorMovement(name: ServerRecordedEvent, movementId: string, amount: number): void {
  void load().then(
    (module) => void module.mirrorServerEvent(name, movementId, { amount }),
    () => undefined,
  );
}

/** The status call took over STATUS_LATENCY_REPORT_MS: its latency goes out as a beacon. */
export function reportStatusLatencyLater(ms: number, url: string): void {
  void load().then(
    (module) => module.reportStatusLatency(ms, url),
    () => undefined,
  );
}

/** Once the page is idle after loading: attribution, queued events, firstOpen (startTracking.ts). */
export function startTrackingLater(win: Window): void {
  void whenIdle()
    .then(load)
    .then(
      (module) => module.startTracking(win),
      () => undefined,
    );
}
