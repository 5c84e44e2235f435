import { apply, create, entryOf, notify, optionsOf, type Change, type QuerySpec } from './store';

/**
 * Writing a query's data from the app: a plain set, and an optimistic change the server settles
 * (the favourite star). Their own module: only the screens that write data load it.
 */

/** Sets the data of `spec` in the current scope (a missing entry is created, kept, ready). */
export function setQueryData<T>(spec: QuerySpec<T>, update: (data: T | undefined) => T): void {
  const found = entryOf(spec);
  if (found === null) return;
  if (found.entry) {
    apply(found.id, found.entry, update);
    return;
  }
  const options = { ...optionsOf(spec), keep: true };
  create(found.id, found.scope, options, { status: 'ready', data: update(undefined) });
  notify();
}

export interface QueryChange<T> {
  /** The server agreed (with `final`, if given, as what it said): stop laying the change over answers. */
  settle: (final?: (data: T | undefined) => T) => void;
  /** The server refused: forget the change; `restore`, if given, is applied to the data now. */
  cancel: (restore?: (data: T | undefined) => T) => void;
}

const ignore = () => undefined;

/**
 * An optimistic change of the data of `spec` (current scope): applied at once, and laid over every
 * answer that lands until it is settled, so an answer read before the change reached the server does
 * not undo it. Without an entry (nobody shows the query) there is nothing to change.
 */
export function changeQueryData<T>(spec: QuerySpec<T>, update: (data: T | undefined) => T): QueryChange<T> {
  const found = entryOf(spec);
  const entry = found?.entry;
  if (!found || !entry) return { settle: ignore, cancel: ignore };
  const change: Change = { update, closing: false };
  entry.changes.push(change);
  apply(found.id, entry, update);
  const drop = () => {
    entry.changes = entry.changes.filter((other) => other !== change);
  };
  return {
    settle(final) {
      if (final) {
        change.update = final;
        apply(found.id, entry, final);
      }
      if (entry.running) change.closing = true;
      else drop();
    },
    cancel(restore) {
      drop();
      if (restore) apply(found.id, entry, restore);
    },
  };
}
