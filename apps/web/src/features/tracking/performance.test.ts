import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerformanceReport } from '@wps/contract/schemas/tracking';
import type { PerformanceMetric } from '@wps/contract/tracking';
import { startPerformanceBeacon, type BeaconDeps } from './performance';

function setup(sent = false) {
  const reporters = new Map<PerformanceMetric, (value: number) => void>();
  let hidden: () => void = () => undefined;
  let flag = sent;
  const reports: PerformanceReport[] = [];
  const deps: BeaconDeps = {
    observe: (name, report) => reporters.set(name, report),
    send: (report) => reports.push(report),
    onHidden: (listener) => {
      hidden = listener;
    },
    setTimeout: (run, ms) => void setTimeout(run, ms),
    alreadySent: () => flag,
    markSent: () => {
      flag = true;
    },
    path: '/m/home',
  };
  startPerformanceBeacon(deps);
  return { reporters, reports, hide: () => hidden(), again: () => startPerformanceBeacon(deps) };
}

describe('performance beacon (once per session, 15 s at most)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends once all four metrics are known, rounded', () => {
    const { reporters, reports } = setup();
    reporters.get('LCP')?.(1234.56);
    reporters.get('TTFB')?.(80.4);
    reporters.get('CLS')?.(0.123456);
    expect(reports).toEqual([]);
    reporters.get('INP')?.(96);
    expect(reports).toEqual([
      { kind: 'performance', path: '/m/home', metrics: { LCP: 1235, TTFB: 80, CLS: 0.1235, INP: 96 } },
    ]);
    vi.advanceTimersByTime(20_000);
    expect(reports).toHaveLength(1);
  });

  it('at 15 s sends what it has; not at 14.999 s', () => {
    const { reporters, reports } = setup();
    reporters.get('TTFB')?.(50);
    vi.advanceTimersByTime(14_999);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ kind: 'performance', path: '/m/home', metrics: { TTFB: 50 } }]);
  });

  it('a hidden page sends at once; late metrics change nothing', () => {
    const { reporters, reports, hide } = setup();
    reporters.get('LCP')?.(900);
    hide();
    reporters.get('INP')?.(40);
    hide();
    expect(reports).toEqual([{ kind: 'performance', path: '/m/home', metrics: { LCP: 900 } }]);
  });

  it('already sent in this session: nothing, ever', () => {
    const { reports, hide } = setup(true);
    hide();
    vi.advanceTimersByTime(20_000);
    expect(reports).toEqual([]);
  });

  it('a second start in the same session sends nothing more', () => {
    const { reports, hide, again } = setup();
    hide();
    again();
    vi.advanceTimersByTime(20_000);
    expect(reports).toHaveLength(1);
  });
});
