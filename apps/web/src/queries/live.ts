import { useEffect, useRef } from 'react';
import { useScope } from './scope';
import { entryOf, getEntry, queryId, start, type QuerySpec } from './store';
import { useQuery, type QueryResult } from './useQuery';

/**
 * Queries kept live: loaded again in the background when something says the answer changed (a chat
 * socket's news) or, while nobody says so, every so often while the page is visible. Their own
 * module: only the chunks that show a live value (the unread count's badges) load it.
 */

/**
 * Loads `spec` (current scope) again in the background now: the data stays on screen, a failure is
 * quiet, and only the newest answer counts. Nothing when no entry exists (nobody shows it) or when
 * it needs a session and there is none.
 */
export function refreshQuery<T>(spec: QuerySpec<T>): void {
  const found = entryOf(spec);
  if (found?.entry === undefined) return;
  void start(found.id, found.entry, 'refresh', found.entry.load).catch(() => undefined);
}

export interface LiveOptions {
  /** Load again this often while the page is visible. */
  everyMs: number;
  /** True while something else keeps the value live (a chat socket): no polling then. */
  paused?: () => boolean;
}

/** One timer per query id, however many components show it. */
const polls = new Map<string, { components: number; timer: ReturnType<typeof setInterval> }>();

function poll(id: string, options: { current: LiveOptions }): () => void {
  let running = polls.get(id);
  if (running === undefined) {
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
      if (options.current.paused?.() === true) return;
      const entry = getEntry(id);
      if (entry === undefined || entry.running !== null || entry.state.status !== 'ready') return;
      void start(id, entry, 'refresh', entry.load).catch(() => undefined);
    }, options.current.everyMs);
    running = { components: 0, timer };
    polls.set(id, running);
  }
  running.components += 1;
  const mine = running;
  return () => {
    mine.components -= 1;
    if (mine.components === 0 && polls.get(id) === mine) {
      clearInterval(mine.timer);
      polls.delete(id);
    }
  };
}

/**
 * `useQuery` whose answer is loaded again every `everyMs` while the page is visible (and on return
 * to the tab, as every query), unless `paused()` says something else keeps it live.
 */
export function useLiveQuery<T>(spec: QuerySpec<T> | null, options: LiveOptions): QueryResult<T> {
  const result = useQuery(spec);
  const scope = useScope();
  const id = spec === null ? null : queryId(spec, scope);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => (id === null ? undefined : poll(id, latest)), [id]);
  return result;
}
