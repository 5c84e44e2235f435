import { AFTER_PAINT_MODULES_ELEMENT_ID } from '@wps/contract/serverRender';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_WAIT_MAX_MS,
  MODULE_LIST_ID,
  preloadListedModules,
  whenFirstScreenShown,
} from './firstScreen';

type Entry = { name: string; element?: Element };

/** A page whose performance observer reports entries when the test says so. */
function fakePage(options: { supported?: string[]; list?: boolean; hidden?: boolean } = {}) {
  const observers: {
    type: string;
    callback: (list: { getEntries: () => Entry[] }) => void;
    observer: FakeObserver;
  }[] = [];
  /** Observers observing: a disconnected one hears nothing more. */
  const watching = new Set<FakeObserver>();
  class FakeObserver {
    static supportedEntryTypes = options.supported ?? ['paint', 'element'];
    constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback, observer: this });
      watching.add(this);
    }
    disconnect() {
      watching.delete(this);
    }
  }
  document.body.innerHTML = '<div id="root"></div>';
  if (options.list !== false) {
    const list = document.createElement('script');
    list.id = MODULE_LIST_ID;
    list.type = 'application/json';
    list.textContent = '[]';
    document.body.append(list);
  }
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (options.hidden ? 'hidden' : 'visible'),
  });
  const target = new EventTarget();
  const win = Object.assign(target, {
    document,
    PerformanceObserver: FakeObserver,
    setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
    clearTimeout: (id: number) => window.clearTimeout(id),
    requestAnimationFrame: (run: () => void) => window.setTimeout(run, 16),
    innerHeight: 800,
  }) as unknown as Window;
  const report = (type: string, entry: Entry) => {
    for (const observer of observers.filter((item) => item.type === type && watching.has(item.observer)))
      observer.callback({ getEntries: () => [entry] });
  };
  return { win, report, watching };
}

function heroImage(top = 100): HTMLImageElement {
  const image = document.createElement('img');
  image.getBoundingClientRect = () => ({ top }) as DOMRect;
  image.setAttribute('fetchpriority', 'high');
  image.setAttribute('elementtiming', 'first-screen');
  // Still loading (jsdom takes an image without a source for a finished one).
  Object.defineProperty(image, 'complete', { value: false, configurable: true });
  document.getElementById('root')?.append(image);
  return image;
}

async function shown(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('whenFirstScreenShown: the app waits for the first screen, never for long', () => {
  it('the list id is the contract’s', () => {
    expect(MODULE_LIST_ID).toBe(AFTER_PAINT_MODULES_ELEMENT_ID);
  });

  it('waits for the first contentful paint, then for each prominent image to be painted', async () => {
    const page = fakePage();
    const first = heroImage();
    const second = heroImage();
    const gate = whenFirstScreenShown(page.win);
    expect(await shown(gate)).toBe(false);
    page.report('paint', { name: 'first-paint' });
    expect(await shown(gate)).toBe(false);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(await shown(gate)).toBe(false);
    page.report('element', { name: 'image-paint', element: first });
    expect(await shown(gate)).toBe(false);
    page.report('element', { name: 'image-paint', element: second });
    expect(await shown(gate)).toBe(true);
  });

  it('an image below the fold (it never paints) is not waited for', async () => {
    const page = fakePage();
    heroImage(900);
    const gate = whenFirstScreenShown(page.win);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(await shown(gate)).toBe(true);
  });

  it('an image that fails is not waited for', async () => {
    const page = fakePage();
    const image = heroImage();
    const gate = whenFirstScreenShown(page.win);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(await shown(gate)).toBe(false);
    image.dispatchEvent(new Event('error'));
    expect(await shown(gate)).toBe(true);
  });

  it('an image that already failed is not waited for', async () => {
    const page = fakePage();
    const image = heroImage();
    Object.defineProperty(image, 'complete', { value: true });
    const gate = whenFirstScreenShown(page.win);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(await shown(gate)).toBe(true);
  });

  it.each(['pointerdown', 'keydown'])('a %s starts the app at once', async (type) => {
    const page = fakePage();
    const gate = whenFirstScreenShown(page.win);
    page.win.dispatchEvent(new Event(type));
    expect(await shown(gate)).toBe(true);
  });

  it('at the latest after FIRST_SCREEN_WAIT_MAX_MS (an image that never paints)', async () => {
    const page = fakePage();
    heroImage();
    const gate = whenFirstScreenShown(page.win);
    page.report('paint', { name: 'first-contentful-paint' });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MAX_MS - 1);
    expect(await shown(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await shown(gate)).toBe(true);
  });

  it.each([
    ['the time limit', async () => vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MAX_MS)],
    ['a tap before the first paint', (win: Window) => win.dispatchEvent(new Event('pointerdown'))],
    ['a key after the first paint', (win: Window) => win.dispatchEvent(new Event('keydown'))],
  ] as const)('started by %s, it observes nothing more', async (_case, start) => {
    const page = fakePage();
    heroImage();
    const gate = whenFirstScreenShown(page.win);
    if (_case !== 'a tap before the first paint') page.report('paint', { name: 'first-contentful-paint' });
    await vi.advanceTimersByTimeAsync(0);
    await start(page.win);
    expect(await shown(gate)).toBe(true);
    expect(page.watching.size).toBe(0);
  });

  it.each([
    ['a page the browser renders itself (no list)', { list: false }],
    ['a hidden page', { hidden: true }],
    ['a browser without paint timing', { supported: [] }],
  ])('%s: after its next paint', async (_case, options) => {
    const page = fakePage(options);
    const gate = whenFirstScreenShown(page.win);
    await vi.advanceTimersByTimeAsync(20);
    expect(await shown(gate)).toBe(true);
  });

  it('without element timing (Safari, Firefox): the first contentful paint alone', async () => {
    const page = fakePage({ supported: ['paint'] });
    heroImage();
    const gate = whenFirstScreenShown(page.win);
    expect(await shown(gate)).toBe(false);
    page.report('paint', { name: 'first-contentful-paint' });
    expect(await shown(gate)).toBe(true);
  });
});

describe('preloadListedModules: the listed scripts, one per task, and nothing else', () => {
  function listing(text: string) {
    const page = fakePage({ list: false });
    const list = document.createElement('script');
    list.id = MODULE_LIST_ID;
    list.type = 'application/json';
    list.textContent = text;
    document.body.append(list);
    return page;
  }
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  it('adds a module preload for each listed script, one per task, and ends after the last', async () => {
    const files = ['/m/assets/shell-a1.js', '/m/assets/react-b2.js', '/m/assets/i18n/en-c3.js'];
    const page = listing(JSON.stringify(files));
    let done = false;
    void preloadListedModules(page.win).then(() => (done = true));
    /** Runs the task that is due, and the promise callbacks it leaves (not the task it schedules). */
    const oneTask = async () => {
      vi.advanceTimersByTime(0);
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    };
    expect(preloads()).toEqual(files.slice(0, 1));
    for (let count = 2; count <= files.length; count += 1) {
      await oneTask();
      expect(preloads()).toEqual(files.slice(0, count));
    }
    expect(done).toBe(false);
    await oneTask();
    expect(done).toBe(true);
    expect(document.head.querySelector('link')?.crossOrigin).toBe('');
  });

  it('takes the scripts among entries it refuses, in their order', async () => {
    const page = listing(
      '["/m/assets/a.js", "https://evil.example/m/assets/x.js", 7, "/m/assets/../x.js", "/m/assets/b.js"]',
    );
    await vi.advanceTimersByTimeAsync(0);
    const done = preloadListedModules(page.win);
    await vi.runAllTimersAsync();
    await done;
    expect(preloads()).toEqual(['/m/assets/a.js', '/m/assets/b.js']);
  });

  it.each([
    ['another origin', '["https://evil.example/m/assets/x.js"]'],
    ['protocol-relative', '["//evil.example/m/assets/x.js"]'],
    ['outside the assets', '["/wps/relay/x.js"]'],
    ['climbing out', '["/m/assets/../../wps/x.js"]'],
    ['a script URL', '["javascript:alert(1)"]'],
    ['not a script', '["/m/assets/x.css"]'],
    ['not a string', '[7, null, {"href": "/m/assets/x.js"}]'],
    ['not a list', '{"0": "/m/assets/x.js"}'],
    ['not JSON', '["/m/assets/x.js"'],
  ])('%s: nothing', async (_case, text) => {
    await preloadListedModules(listing(text).win);
    await vi.runAllTimersAsync();
    expect(preloads()).toEqual([]);
  });
});
