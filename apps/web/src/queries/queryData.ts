import { LOADING, create, dropUnobserved, entryOf, optionsOf, start, type QuerySpec } from './store';

/**
 * Reading and loading a query's data outside components (the token's member loads, the popup, the
 * favourites): a module of its own, not in store.ts, because only lazy chunks use it and the first
 * load carries store.ts whole (docs/decisions/first-load-budget.md).
 */

const ignore = () => undefined;

/**
 * The data of `spec` in the current scope, loaded unless it is there already (a load running is
 * shared). For code outside components: the token's member loads, a popup asked once per visit. A
 * query that is not `keep` is dropped once answered unless a component observes it.
 */
export function fetchQuery<T>(spec: QuerySpec<T>): Promise<T> {
  const found = entryOf(spec);
  if (found === null) return Promise.reject(new Error('This query needs a session.'));
  const { id, entry } = found;
  if (entry?.running) return entry.running as Promise<T>;
  if (entry?.state.status === 'ready') return Promise.resolve(entry.state.data as T);
  const target = entry ?? create(id, found.scope, optionsOf(spec), LOADING);
  const done = start(id, target, 'load', spec.load) as Promise<T>;
  if (!target.keep) {
    done.finally(() => dropUnobserved(id, target)).catch(ignore);
  }
  return done;
}

/** The data of `spec` in the current scope, if any. */
export function getQueryData<T>(spec: QuerySpec<T>): T | undefined {
  return entryOf(spec)?.entry?.state.data as T | undefined;
}
