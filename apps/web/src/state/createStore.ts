import { useSyncExternalStore } from 'react';

/** A minimal external store: app-wide state that non-React code (the API client) can read and write. */
export interface Store<T> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
  use: () => T;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    subscribe,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    // A hook on the store object keeps every store's hook one line at the call site.
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
