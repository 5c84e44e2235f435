/**
 * When the app's code is fetched. On a page the server rendered, once its first screen has been
 * shown: the first contentful paint presented and each of the screen's prominent images
 * (fetchpriority=high, marked with `elementtiming`: ui/firstScreenImage.ts) painted, so that on a
 * slow connection neither shares the bandwidth
 * with the app's code. Sooner at the person's first tap or key (they reach for something), and at
 * the latest FIRST_SCREEN_WAIT_MAX_MS after the entry ran (a slow or broken image never holds the
 * app back). A page the browser renders itself, or a hidden one, starts after its next paint.
 */
export const FIRST_SCREEN_WAIT_MAX_MS = 3_000;

const STARTERS = ['pointerdown', 'keydown'] as const;

/** A later task: the app starts in a few tasks, not one long one with its modules' evaluation. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The contract's AFTER_PAINT_MODULES_ELEMENT_ID, spelt out: the entry imports nothing the app's
 * chunks share, or it would import their chunk (firstScreen.test.ts ties the two).
 */
export const MODULE_LIST_ID = 'wps-modules';

/** After the browser has painted once (a hidden tab paints nothing: at once). */
export function afterNextPaint(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden') win.setTimeout(resolve, 0);
    else win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
  });
}

/**
 * Resolves at the first performance entry of `type` that `matches`; null where it is not reported.
 * Stops watching at that entry or when `stop` aborts.
 */
function observed(
  win: Window,
  type: string,
  matches: (entry: PerformanceEntry) => boolean,
  stop: AbortSignal,
): Promise<void> | null {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes(type)) return null;
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if (!list.getEntries().some(matches)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
    stop.addEventListener('abort', () => observer.disconnect());
  });
}

/**
 * Once `image` has been painted (its element-timing entry: the image carries `elementtiming`), or has
 * failed. Where the browser does not report element timing (Safari, Firefox), at once: the first
 * contentful paint is all that is waited for there.
 */
function painted(win: Window, image: HTMLImageElement, stop: AbortSignal): Promise<void> | null {
  if (image.complete && image.naturalWidth === 0) return null;
  const timed = observed(
    win,
    'element',
    (entry) => (entry as PerformanceEntry & { element?: Element }).element === image,
    stop,
  );
  if (timed === null) return null;
  const failed = new Promise<void>((resolve) =>
    image.addEventListener('error', () => resolve(), { once: true, signal: stop }),
  );
  return Promise.race([timed, failed]);
}

export function whenFirstScreenShown(win: Window): Promise<void> {
  const doc = win.document;
  if (doc.visibilityState === 'hidden' || doc.getElementById(MODULE_LIST_ID) === null)
    return afterNextPaint(win);
  return new Promise((resolve) => {
    // Whatever started it, the rest stops: the timer, the listeners and the observers.
    const stop = new AbortController();
    const timer = win.setTimeout(done, FIRST_SCREEN_WAIT_MAX_MS);
    function done() {
      win.clearTimeout(timer);
      stop.abort();
      resolve();
    }
    for (const type of STARTERS)
      win.addEventListener(type, done, { capture: true, passive: true, signal: stop.signal });
    const firstPaint =
      observed(win, 'paint', (entry) => entry.name === 'first-contentful-paint', stop.signal) ??
      afterNextPaint(win);
    void firstPaint
      .then(() =>
        Promise.all(
          [...doc.querySelectorAll<HTMLImageElement>('#root img[elementtiming]')]
            // Only what is on screen paints: an image below the fold is not waited for.
            .filter((image) => image.getBoundingClientRect().top < win.innerHeight)
            .map((image) => painted(win, image, stop.signal)),
        ),
      )
      .then(done);
  });
}

/**
 * Preloads the scripts the page lists (the app, the first screen's chunk, its catalog), one per task,
 * so the app's imports find them loading instead of asking one after another. A link starts a fetch,
 * which on a slow phone costs several milliseconds, and a page lists up to thirty: six per task made
 * tasks of 40-60 ms at 4x CPU. Resolves after the last link's task; what the app needs first comes
 * first (the server's order). Only paths under /m/assets/ are taken: the list is the server's, but a
 * link is never made to anything else.
 */
export async function preloadListedModules(win: Window): Promise<void> {
  const doc = win.document;
  let listed: unknown;
  try {
    listed = JSON.parse(doc.getElementById(MODULE_LIST_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(listed)) return;
  for (const file of listed)
    // No `..` anywhere: a path that would climb out of /m/assets/.
    if (typeof file === 'string' && /^\/m\/assets\/(?!.*\.\.)[\w./-]+\.js$/.test(file)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      doc.head.append(link);
      await nextTask();
    }
}
