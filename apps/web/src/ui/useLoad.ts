import { useEffect, useRef, useState } from 'react';

/** What a lobby section knows about its data. */
export type LoadState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

/**
 * Runs `load` whenever `key` changes (null: nothing to load, e.g. a member row for a visitor) and
 * reports loading, ready or failed. An answer for an older key is ignored.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ key: string | null; result: LoadState<T> }>({
    key: null,
    result: IDLE,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    loadRef.current().then(
      (data) => {
        if (live) setState({ key, result: { status: 'ready', data } });
      },
      () => {
        if (live) setState({ key, result: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (key === null) return IDLE;
  return state.key === key ? state.result : LOADING;
}
