import { SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS } from '@wps/contract/transport';
import { clearResponseCache } from '@/api/client';
import { getScope, subscribeScope, type DataScope } from './scope';

/**
 * The answers screens are showing, by query id: the data scope (merchant and session) followed by the
 * query's key. No React here; `useQuery.ts` holds the hooks. Docs: docs/architecture.md, "Loading
 * server data".
 *
 * - An entry lives while a component observes it; a `keep` entry lives on for its scope (loaded once
 *   per session). Nothing else is cached here: the client's expiring cache (spec section 9) answers
 *   the cached paths underneath.
 * - An answer counts only for the entry and the load it was asked for: a key that changed, an entry
 *   dropped or a newer load make it land nowhere.
 * - When the tab becomes visible again (debounced like the settings refresh), the observed entries
 *   that have data reload in the background: the data stays on screen until the new answer replaces it.
 * - When the scope changes, `watchDataScope` drops the client's cached answers and every entry of
 *   another scope: the one owner of that clearing.
 */

/** The parts of a query's key, in order; JSON values (`['vendors', 'webp']`). */
export type QueryKey = readonly unknown[];

export interface QuerySpec<T> {
  key: QueryKey;
  load: () => Promise<T>;
  /** Loaded once per scope and kept (not loaded again when another component observes it). */
  keep?: boolean;
  /** Needs a session: nothing is loaded for a visitor (the query is idle). */
  member?: boolean;
  /** Loaded again in the background when the tab becomes visible again; default true. */
  refreshOnReturn?: boolean;
}

export type QueryState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data?: T; error: unknown };

export type Update = (data: never) => unknown;

export interface Change {
  update: Update;
  /** Settled while a load ran: laid over that load's answer once more, then dropped. */
  closing: boolean;
}

export interface Entry {
  scope: string;
  state: QueryState<unknown>;
  load: () => Promise<unknown>;
  observers: number;
  keep: boolean;
  refreshOnReturn: boolean;
  /** The number of the latest load: only its answer counts. */
  run: number;
  running: Promise<unknown> | null;
  /** Optimistic changes not yet settled by the server: laid over every answer that lands. */
  changes: Change[];
}

export const LOADING: QueryState<never> = { status: 'loading' };

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const ignore = () => undefined;

export function notify(): void {
  for (const listener of [...listeners]) listener();
}

function setState(entry: Entry, state: QueryState<unknown>): void {
  if (entry.state === state) return;
  entry.state = state;
  notify();
}

/** The scope an entry of `spec` belongs to: merchant and session for a member's, merchant for a public one. */
export function scopeIdOf(spec: Pick<QuerySpec<unknown>, 'member'>, scope: DataScope): string {
  return spec.member ? scope.id : scope.publicId;
}

/** The id of `spec` in `scope`; null when it needs a session and there is none. */
export function queryId(spec: Pick<QuerySpec<unknown>, 'key' | 'member'>, scope: DataScope): string | null {
  if (spec.member && scope.token === null) return null;
  return scopeIdOf(spec, scope) + JSON.stringify(spec.key);
}

export interface EntryOptions {
  load: () => Promise<unknown>;
  keep: boolean;
  refreshOnReturn: boolean;
}

export function getEntry(id: string): Entry | undefined {
  return entries.get(id);
}

export function create(id: string, scope: string, options: EntryOptions, state: QueryState<unknown>): Entry {
  const entry: Entry = { scope, state, observers: 0, run: 0, running: null, changes: [], ...options };
  entries.set(id, entry);
  return entry;
}

/** Applies `update` to the entry's data now (keeping its status), unless the entry has been dropped. */
export function apply(id: string, entry: Entry, update: Update): void {
  if (entries.get(id) !== entry) return;
  const data = (update as (data: unknown) => unknown)(entry.state.data);
  setState(entry, { ...entry.state, data } as QueryState<unknown>);
}

/**
 * Runs `loader` for the entry. load: the data goes (loading, then ready or failed); refresh: the data
 * stays, a failure is kept quiet; more: the data stays while loading and after a failure.
 */
export function start(
  id: string,
  entry: Entry,
  mode: 'load' | 'refresh' | 'more',
  loader: () => Promise<unknown>,
): Promise<unknown> {
  const ticket = ++entry.run;
  const before = entry.state;
  if (mode === 'load') setState(entry, LOADING);
  else if (mode === 'more') setState(entry, { status: 'loading', data: before.data });
  const live = () => entries.get(id) === entry && entry.run === ticket;
  const land = () => {
    entry.running = null;
    const changes = entry.changes;
    entry.changes = changes.filter((change) => !change.closing);
    return changes;
  };
  let answer: Promise<unknown>;
  try {
    answer = Promise.resolve(loader());
  } catch (error) {
    answer = Promise.reject(error);
  }
  const settled = answer.then(
    (value) => {
      if (!live()) return value;
      const changes = land();
      if (mode === 'refresh' && value === before.data && changes.length === 0) return value;
      let data = value;
      for (const change of changes) data = (change.update as (data: unknown) => unknown)(data);
      setState(entry, { status: 'ready', data });
      return value;
    },
    (error: unknown) => {
      if (live()) {
        land();
        if (mode !== 'refresh') {
          setState(entry, { status: 'failed', data: mode === 'more' ? before.data : undefined, error });
        }
      }
      throw error;
    },
  );
  entry.running = settled;
  settled.catch(ignore);
  return settled;
}

/**
 * Counts `listener`'s component as an observer of entry `id` (created and loaded when missing) until
 * the returned function is called; the last observer leaving drops an entry that is not kept.
 */
export function observe(id: string, scope: string, options: EntryOptions, listener: () => void): () => void {
  listeners.add(listener);
  let entry = entries.get(id);
  if (entry === undefined) {
    entry = create(id, scope, options, LOADING);
    void start(id, entry, 'load', options.load);
  }
  entry.observers += 1;
  entry.load = options.load;
  entry.keep ||= options.keep;
  entry.refreshOnReturn = options.refreshOnReturn;
  watchVisibility();
  const observed = entry;
  return () => {
    listeners.delete(listener);
    observed.observers -= 1;
    if (!observed.keep) dropUnobserved(id, observed);
  };
}

/** Drops entry `id` when no component observes it any more (unless it has been replaced or dropped). */
export function dropUnobserved(id: string, entry: Entry): void {
  if (entry.observers === 0 && entries.get(id) === entry) entries.delete(id);
}

export function peek(id: string): QueryState<unknown> | undefined {
  return entries.get(id)?.state;
}

/** Loads a failed (or not yet loaded) entry again, from scratch. */
export function retry(id: string): void {
  const entry = entries.get(id);
  if (entry && !entry.running) void start(id, entry, 'load', entry.load);
}

/** The entry of `spec` in the current scope; null when it needs a session and there is none. */
export function entryOf(spec: QuerySpec<unknown>): { id: string; scope: string; entry?: Entry } | null {
  const scope = getScope();
  const id = queryId(spec, scope);
  return id === null ? null : { id, scope: scopeIdOf(spec, scope), entry: entries.get(id) };
}

export function optionsOf(spec: QuerySpec<unknown>): EntryOptions {
  return { load: spec.load, keep: spec.keep ?? false, refreshOnReturn: spec.refreshOnReturn ?? true };
}

/** Drops every entry (tests; components observing one show it loading until their key changes). */
export function clearQueries(): void {
  entries.clear();
  notify();
}

/**
 * From now on, when the merchant or the session changes: drops the client's cached answers (spec
 * section 9) and the entries of any other scope — the one place that clearing happens. main.tsx
 * starts it once, before the token watcher, so the member loads of a new token start on a clean cache.
 */
export function watchDataScope(): () => void {
  let scope = getScope().id;
  return subscribeScope(() => {
    const next = getScope();
    if (next.id === scope) return;
    scope = next.id;
    clearResponseCache();
    // Public entries of the same merchant stay: they are the same for every visitor and member.
    for (const [id, entry] of entries) {
      if (entry.scope !== next.id && entry.scope !== next.publicId) entries.delete(id);
    }
    notify();
  });
}

let watchingVisibility = false;

/** Once: the observed entries reload when the tab becomes visible again (debounced). */
function watchVisibility(): void {
  if (watchingVisibility || typeof document === 'undefined') return;
  watchingVisibility = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('visibilitychange', () => {
    clearTimeout(timer);
    timer = undefined;
    if (document.visibilityState !== 'visible') return;
    timer = setTimeout(() => {
      timer = undefined;
      for (const [id, entry] of entries) {
        if (
          entry.observers > 0 &&
          entry.refreshOnReturn &&
          entry.state.status === 'ready' &&
          !entry.running
        ) {
          void start(id, entry, 'refresh', entry.load);
        }
      }
    }, SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS);
  });
}

/*
 * Server rendering (entry-server.tsx): the renderer renders, loads what the render asked for, and
 * renders again with the answers; the browser starts from the same answers (`primeQueries`), so its
 * first render matches the server's markup and nothing the page carries is fetched twice.
 */
let serverLoads: Promise<unknown>[] | null = null;

/** From now on the queries a render observes load at once (no effects run on the server). */
export function startServerLoads(): void {
  entries.clear();
  serverLoads = [];
}

export function isLoadingOnServer(): boolean {
  return serverLoads !== null;
}

/** Called by a render on the server for an entry it would observe: created and loaded once. */
export function loadOnServer(id: string, scope: string, options: EntryOptions): void {
  if (serverLoads === null || entries.has(id)) return;
  const entry = create(id, scope, options, LOADING);
  serverLoads.push(start(id, entry, 'load', options.load).catch(ignore));
}

/** The loads started since the last call: the renderer waits for them before rendering again. */
export function takeServerLoads(): Promise<unknown>[] {
  const taken = serverLoads ?? [];
  if (serverLoads !== null) serverLoads = [];
  return taken;
}

export function stopServerLoads(): void {
  serverLoads = null;
}

/** The answers of the public (merchant-wide) entries that are ready: what the page carries. */
export function readyPublicAnswers(): Record<string, unknown> {
  const publicId = getScope().publicId;
  const answers: Record<string, unknown> = {};
  for (const [id, entry] of entries) {
    if (entry.scope === publicId && entry.state.status === 'ready') answers[id] = entry.state.data;
  }
  return answers;
}

const notLoadedHere = () => Promise.reject(new Error('Primed entry has no loader yet.'));

/**
 * The browser's copy of the answers the server rendered with, before the first render. Each entry
 * stays until its first observer leaves, like a loaded one; only ids of the current public scope are
 * taken, so a page of another merchant cannot put answers in this one's scope.
 */
export function primeQueries(answers: Record<string, unknown>): void {
  const publicId = getScope().publicId;
  for (const [id, data] of Object.entries(answers)) {
    if (!id.startsWith(publicId) || entries.has(id)) continue;
    create(
      id,
      publicId,
      { load: notLoadedHere, keep: false, refreshOnReturn: true },
      { status: 'ready', data },
    );
  }
}
