import { warmUpIntl } from './intlWarmUp';

// A module of its own: the first load carries warmUpIntl (the maintenance page) but not this.
const ready = new Map<string, Promise<void>>();

/**
 * `warmUpIntl` once per locale for the page's life: what the parts that format amounts and times
 * as soon as they show wait for with their code (app/lazyParts.ts). Without workers (tests, old
 * browsers) it resolves at once.
 */
export function intlReady(locale: string): Promise<void> {
  let promise = ready.get(locale);
  if (promise === undefined) {
    promise = warmUpIntl(locale);
    ready.set(locale, promise);
  }
  return promise;
}
