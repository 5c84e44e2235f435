/** The page does not wait longer than this for the worker (then it formats on its own thread). */
export const INTL_WARM_UP_MAX_MS = 3_000;

/**
 * Resolves once the browser's number and date data for `locale` have been loaded off the main
 * thread, by a worker making the same formatters (intlWarmUp.worker.ts). The first Intl formatter of
 * a page costs a task of 60–80 ms at 4x CPU, most of it the engine listing the locales it has data
 * for — a list the process keeps, worker or not. Without workers, or when the worker fails or is
 * slow, it resolves all the same: the page then pays that task itself. One worker per call.
 */
export function warmUpIntl(locale: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof Worker === 'undefined') {
      resolve();
      return;
    }
    let worker: Worker | null = null;
    const done = () => {
      window.clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = window.setTimeout(done, INTL_WARM_UP_MAX_MS);
    try {
      worker = new Worker(new URL('./intlWarmUp.worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('message', done);
      worker.addEventListener('error', done);
      worker.postMessage(locale);
    } catch {
      done();
    }
  });
}
