import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTracking } from './startTracking';

const { started, step } = vi.hoisted(() => {
  /** What startTracking starts, in the order it starts them. */
  const started: string[] = [];
  const step =
    (name: string) =>
    (..._args: unknown[]): void => {
      started.push(name);
    };
  return { started, step };
});

vi.mock('./attribution', () => ({ captureArrivalClickIds: step('click ids') }));
vi.mock('./marketing', () => ({
  deliverQueued: step('queued events'),
  recordOnce: (name: string) => step(`${name} once`)(),
}));
vi.mock('./performance', () => ({
  startBrowserPerformanceBeacon: async () => step('performance beacon')(),
}));
vi.mock('./tokenSync', () => ({ startTokenSync: step('token sync') }));
vi.mock('./deviceIdFrame', () => ({
  deviceFrameUrl: () => {
    step('device frame')();
    return null;
  },
  loadDeviceFrame: step('device frame loaded'),
}));
vi.mock('./pixels', () => ({ startPixels: step('pixels') }));

/** The page's window, launched from the home screen or not. */
function page(standalone: boolean): Window {
  return Object.assign(Object.create(window) as Window, {
    navigator: { standalone },
    matchMedia: () => ({ matches: false }),
    fetch: () => Promise.resolve(new Response()),
  });
}

beforeEach(() => {
  started.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('startTracking: its parts in order, each in a task of its own', () => {
  it.each<[string, boolean, string[]]>([
    ['a browser tab', false, ['queued events', 'firstOpen once']],
    ['a launch from the home screen', true, ['queued events', 'firstOpen once', 'a2hsFirstOpen once']],
  ])('%s', async (_case, standalone, events) => {
    const done = startTracking(page(standalone));
    // The arrival's click ids first (the events recorded next carry them), alone in this task.
    expect(started).toEqual(['click ids']);
    const tasks: string[][] = [];
    for (let seen = started.length; tasks.length < 4; seen = started.length) {
      // The task that is due, and the promise callbacks it leaves (not the task it schedules).
      vi.advanceTimersByTime(0);
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      tasks.push(started.slice(seen));
    }
    await done;
    expect(tasks).toEqual([events, ['performance beacon'], ['token sync', 'device frame'], ['pixels']]);
  });
});
