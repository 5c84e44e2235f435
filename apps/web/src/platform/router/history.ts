import { createPath, parsePath, type Location, type Path } from './path';

/**
 * What the router navigates: the browser's session history, a list in memory (tests), or one fixed
 * location (server rendering). Locations here are whole paths, basename included.
 */
export interface History {
  /** The current entry: the same object until the entry changes. */
  readonly location: Location;
  push(path: Path, state: unknown): void;
  replace(path: Path, state: unknown): void;
  go(delta: number): void;
  /** Called after each change of entry; answers the function that stops it. */
  listen(listener: (location: Location) => void): () => void;
}

/** An entry to start a memory or static history with: an href, or a location's parts. */
export type InitialEntry = string | Partial<Location>;

const createKey = () => Math.random().toString(36).slice(2, 10);

function toLocation(entry: InitialEntry, key: string): Location {
  const parts = typeof entry === 'string' ? { ...parsePath(entry), state: null } : entry;
  return {
    pathname: parts.pathname || '/',
    search: parts.search ?? '',
    hash: parts.hash ?? '',
    state: parts.state ?? null,
    key: parts.key ?? key,
  };
}

/** The state the router keeps in a browser history entry (react-router's shape: `usr` and `key`). */
function readEntryState(value: unknown): { usr: unknown; key: string } {
  if (typeof value !== 'object' || value === null) return { usr: null, key: 'default' };
  const { usr, key } = value as { usr?: unknown; key?: unknown };
  return { usr: usr ?? null, key: typeof key === 'string' ? key : 'default' };
}

/**
 * The browser's session history: push and replace write `history`, and the back and forward buttons
 * (popstate) are followed. The window is read only when called, never on import.
 */
export function createBrowserHistory(win: Window): History {
  const listeners = new Set<(location: Location) => void>();
  let current: Location | null = null;
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const { usr, key } = readEntryState(win.history.state);
    const same =
      current?.pathname === pathname &&
      current.search === search &&
      current.hash === hash &&
      current.key === key;
    if (current === null || !same) current = { pathname, search, hash, state: usr, key };
    return current;
  };
  const notify = () => {
    const location = read();
    for (const listener of [...listeners]) listener(location);
  };
  return {
    get location() {
      return read();
    },
    push(path, state) {
      const url = createPath(path);
      try {
        win.history.pushState({ usr: state ?? null, key: createKey() }, '', url);
      } catch (error) {
        // A state that cannot be stored is the caller's error; anything else (Safari's limit on
        // pushState calls) falls back to loading the page.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        win.location.assign(url);
        return;
      }
      notify();
    },
    replace(path, state) {
      win.history.replaceState({ usr: state ?? null, key: createKey() }, '', createPath(path));
      notify();
    },
    go(delta) {
      win.history.go(delta);
    },
    listen(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', notify);
      };
    },
  };
}

/** A history in memory, for tests: `go` stops at either end of the list. */
export function createMemoryHistory(
  initialEntries: readonly InitialEntry[] = ['/'],
  initialIndex?: number,
): History {
  const listeners = new Set<(location: Location) => void>();
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((entry, position) =>
    toLocation(entry, position === 0 ? 'default' : createKey()),
  );
  const clamp = (value: number) => Math.min(Math.max(value, 0), entries.length - 1);
  let index = clamp(initialIndex ?? entries.length - 1);
  const current = (): Location => entries[index] ?? toLocation('/', 'default');
  const notify = () => {
    const location = current();
    for (const listener of [...listeners]) listener(location);
  };
  return {
    get location() {
      return current();
    },
    push(path, state) {
      index += 1;
      entries.splice(index, entries.length, toLocation({ ...path, state }, createKey()));
      notify();
    },
    replace(path, state) {
      entries[index] = toLocation({ ...path, state }, createKey());
      notify();
    },
    go(delta) {
      index = clamp(index + delta);
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One fixed location, for rendering on the server: there is nowhere to navigate to. */
export function createStaticHistory(location: InitialEntry): History {
  const fixed = toLocation(location, 'default');
  const refuse = () => {
    throw new Error('A static router (server rendering) cannot navigate.');
  };
  return { location: fixed, push: refuse, replace: refuse, go: refuse, listen: () => () => undefined };
}
