import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { PerformanceReport } from '@wps/contract/schemas/tracking';
import {
  PERFORMANCE_BEACON_MAX_WAIT_MS,
  PERFORMANCE_METRICS,
  type PerformanceMetric,
} from '@wps/contract/tracking';
import { endpoints, type EndpointInput } from '@wps/contract/endpoints';
import { sessionStore } from '@/platform/storage';
import { getMerchantCode } from '@/state/merchant';

/**
 * The performance beacon (spec sections 4 and 9): once per session, the page's LCP, INP, CLS and TTFB
 * as the `web-vitals` library measures them, sent when all four are known, when the page is hidden,
 * or PERFORMANCE_BEACON_MAX_WAIT_MS (15 s) after it started, whichever is first.
 */

export interface BeaconDeps {
  /** Registers a metric callback (web-vitals' onLCP, …). */
  observe: (name: PerformanceMetric, report: (value: number) => void) => void;
  send: (report: PerformanceReport) => void;
  onHidden: (listener: () => void) => void;
  setTimeout: (run: () => void, ms: number) => void;
  alreadySent: () => boolean;
  markSent: () => void;
  path: string;
}

export function startPerformanceBeacon(deps: BeaconDeps): void {
  if (deps.alreadySent()) return;
  const metrics: PerformanceReport['metrics'] = {};
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    deps.markSent();
    deps.send({ kind: 'performance', path: deps.path, metrics });
  };
  for (const name of PERFORMANCE_METRICS) {
    deps.observe(name, (value) => {
      if (done || !Number.isFinite(value)) return;
      metrics[name] = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
      if (PERFORMANCE_METRICS.every((metric) => metric in metrics)) finish();
    });
  }
  deps.onHidden(finish);
  deps.setTimeout(finish, PERFORMANCE_BEACON_MAX_WAIT_MS);
}

/** In the browser: web-vitals (its own chunk) and a collect beacon. */
export async function startBrowserPerformanceBeacon(win: Window): Promise<void> {
  if (sessionStore.getString(LazyStorageKey.performanceSent) === '1') return;
  const vitals = await import('web-vitals');
  const observers: Record<PerformanceMetric, (report: (metric: { value: number }) => void) => void> = {
    LCP: (report) => vitals.onLCP(report),
    INP: (report) => vitals.onINP(report),
    CLS: (report) => vitals.onCLS(report),
    TTFB: (report) => vitals.onTTFB(report),
  };
  startPerformanceBeacon({
    observe: (name, report) => observers[name]((metric) => report(metric.value)),
    send: (report) => {
      const beacon: EndpointInput<'collect'> = { merchant: getMerchantCode(), value: report };
      const body = JSON.stringify(beacon);
      if (!win.navigator.sendBeacon?.(endpoints.collect.path, new Blob([body], { type: 'text/plain' }))) {
        void fetch(endpoints.collect.path, {
          method: 'POST',
          body,
          keepalive: true,
          headers: { 'content-type': 'text/plain' },
        }).catch(() => undefined);
      }
    },
    onHidden: (listener) =>
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') listener();
      }),
    setTimeout: (run, ms) => void win.setTimeout(run, ms),
    alreadySent: () => sessionStore.getString(LazyStorageKey.performanceSent) === '1',
    markSent: () => sessionStore.setString(LazyStorageKey.performanceSent, '1'),
    path: win.location.pathname,
  });
}
