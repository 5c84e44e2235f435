import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createIdleGate,
  IDLE_FALLBACK_MS,
  IDLE_TIMEOUT_MS,
  loadWhenOnline,
  whenIdle,
  whenOnline,
} from './idle';

interface FakePage {
  win: Window;
  /** Fires the load event (the page's scripts and images are in). */
  load: () => void;
  /** Runs the pending idle callbacks, with the options they were asked with. */
  idle: () => IdleRequestOptions[];
  fire: (type: string) => void;
}

function fakePage(readyState: DocumentReadyState, withIdleCallback: boolean): FakePage {
  const target = new EventTarget();
  const document = { readyState };
  const pending: { run: () => void; options: IdleRequestOptions }[] = [];
  const win = Object.assign(target, {
    document,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    ...(withIdleCallback
      ? {
          requestIdleCallback: (run: () => void, options: IdleRequestOptions) => {
            pending.push({ run, options });
            return pending.length;
          },
        }
      : {}),
  }) as unknown as Window;
  return {
    win,
    load: () => {
      document.readyState = 'complete';
      target.dispatchEvent(new Event('load'));
    },
    idle: () => pending.splice(0).map(({ run, options }) => (run(), options)),
    fire: (type) => target.dispatchEvent(new Event(type)),
  };
}

/** Whether the gate has opened, after the promise callbacks that are due have run. */
async function opened(gate: Promise<void>): Promise<boolean> {
  let done = false;
  void gate.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => vi.useRealTimers());

describe('createIdleGate: after the load, when idle — or at the first interaction', () => {
  it('waits for the load event, then for the idle callback (with a time-out)', async () => {
    const page = fakePage('interactive', true);
    const gate = createIdleGate(page.win);
    expect(page.idle()).toEqual([]);
    expect(await opened(gate)).toBe(false);
    page.load();
    expect(await opened(gate)).toBe(false);
    expect(page.idle()).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    expect(await opened(gate)).toBe(true);
  });

  it('waits for the app to have started as well, however early the load came', async () => {
    const page = fakePage('complete', true);
    let start: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      start = resolve;
    });
    const gate = createIdleGate(page.win, started);
    expect(await opened(gate)).toBe(false);
    expect(page.idle()).toEqual([]);
    start();
    expect(await opened(gate)).toBe(false);
    expect(page.idle()).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    expect(await opened(gate)).toBe(true);
  });

  it('a tap before the app has started opens it at once', async () => {
    const page = fakePage('complete', true);
    const gate = createIdleGate(page.win, new Promise<void>(() => undefined));
    page.fire('pointerdown');
    expect(await opened(gate)).toBe(true);
  });

  it('a page already loaded waits only for the idle callback', async () => {
    const page = fakePage('complete', true);
    const gate = createIdleGate(page.win);
    expect(await opened(gate)).toBe(false);
    page.idle();
    expect(await opened(gate)).toBe(true);
  });

  it('without requestIdleCallback (Safari): a short while after the load', async () => {
    vi.useFakeTimers();
    const page = fakePage('loading', false);
    const gate = createIdleGate(page.win);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS * 10);
    expect(await opened(gate)).toBe(false);
    page.load();
    await Promise.resolve(); // the app's start (resolved here) is awaited first
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(await opened(gate)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await opened(gate)).toBe(true);
  });

  it.each(['pointerdown', 'keydown', 'scroll', 'wheel'])(
    'a %s before the load opens it at once',
    async (type) => {
      const page = fakePage('loading', true);
      const gate = createIdleGate(page.win);
      page.fire(type);
      expect(await opened(gate)).toBe(true);
    },
  );

  it.each(['mousemove', 'focus', 'resize'])('a %s does not open it', async (type) => {
    const page = fakePage('loading', true);
    const gate = createIdleGate(page.win);
    page.fire(type);
    expect(await opened(gate)).toBe(false);
  });

  it('stops listening once open', async () => {
    const page = fakePage('complete', true);
    const remove = vi.spyOn(page.win, 'removeEventListener');
    const gate = createIdleGate(page.win);
    page.fire('keydown');
    expect(await opened(gate)).toBe(true);
    expect(remove.mock.calls.map(([type]) => type)).toEqual(
      expect.arrayContaining(['pointerdown', 'keydown', 'scroll', 'wheel']),
    );
  });
});

describe('whenIdle', () => {
  it("opens after the page's gate, for each caller in a task of its own, in the order they asked", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.resetModules();
    try {
      // A fresh module: the page's gate is made by the first caller (jsdom's page has loaded).
      const idle = await import('./idle');
      const seen: string[] = [];
      const caller = (name: string) =>
        void idle.whenIdle().then(() => {
          seen.push(name);
          // The end of its task: what it started there runs before the next caller does.
          queueMicrotask(() => seen.push(`${name}'s task ends`));
        });
      caller('first');
      caller('second');
      await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS - 1);
      expect(seen).toEqual([]);
      // The gate opens (its own task): the callers come in the tasks after it.
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toEqual([]);
      await vi.runOnlyPendingTimersAsync();
      expect(seen).toEqual(['first', "first's task ends", 'second', "second's task ends"]);
      // A caller once the gate is open: a task later, not at once.
      caller('late');
      await Promise.resolve();
      expect(seen).not.toContain('late');
      await vi.runOnlyPendingTimersAsync();
      expect(seen.slice(-2)).toEqual(['late', "late's task ends"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is open at once where there is no window (the server render)', async () => {
    vi.stubGlobal('window', undefined);
    try {
      expect(await opened(whenIdle())).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** A page whose connectivity a test sets, with its online event. */
function connectivity(onLine: boolean) {
  const target = new EventTarget();
  const navigator = { onLine };
  const win = Object.assign(target, { navigator }) as unknown as Window;
  return {
    win,
    backOnline: () => {
      navigator.onLine = true;
      target.dispatchEvent(new Event('online'));
    },
  };
}

describe('whenOnline', () => {
  it.each<[string, boolean, boolean]>([
    ['online: at once', true, true],
    ['offline: not before the network is back', false, false],
  ])('%s', async (_name, onLine, openAtOnce) => {
    const page = connectivity(onLine);
    const online = whenOnline(page.win);
    expect(await opened(online)).toBe(openAtOnce);
    page.backOnline();
    expect(await opened(online)).toBe(true);
  });
});

describe('loadWhenOnline: code that cannot be fetched is fetched again when the network is back', () => {
  it.each<[string, ('ok' | 'offline')[], number]>([
    ['fetched the first time', ['ok'], 1],
    ['offline once', ['offline', 'ok'], 2],
    ['offline, and again at the first return', ['offline', 'offline', 'ok'], 3],
  ])('%s', async (_name, attempts, fetches) => {
    const page = connectivity(false);
    const load = vi.fn<() => Promise<string>>();
    for (const attempt of attempts)
      load.mockImplementationOnce(() =>
        attempt === 'ok' ? Promise.resolve('code') : Promise.reject(new Error('Failed to fetch')),
      );
    const code = loadWhenOnline(load, page.win);
    for (let index = 1; index < attempts.length; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(load).toHaveBeenCalledTimes(index);
      page.backOnline();
    }
    await expect(code).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(fetches);
  });

  it('never fails: while offline it waits', async () => {
    const page = connectivity(false);
    const code = loadWhenOnline(() => Promise.reject(new Error('Failed to fetch')), page.win);
    let settled = false;
    code.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });
});
