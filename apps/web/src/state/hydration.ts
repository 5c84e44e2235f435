import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Whether the page's server markup is still being hydrated: from `hydrationStarts` (main.tsx, before
 * hydrateRoot) until `hydrationEnds` (the first commit's effects). A tree the browser renders itself
 * never starts one.
 */
let hydratingPage = false;

export function hydrationStarts(): void {
  hydratingPage = true;
}

export function hydrationEnds(): void {
  hydratingPage = false;
}

const never = () => () => undefined;
const browserTree = () => !hydratingPage;
const serverTree = () => false;

/**
 * `serverValue` on the server and while the page's markup hydrates (so the browser's first render
 * matches it), then `browserValue()`; in a tree the browser rendered, `browserValue()` at once.
 *
 * The switch after hydration is a transition, rendered in slices. A store whose value differs from
 * its server value after hydration makes React render its component again synchronously, in one
 * long task, together with the parts of the page not hydrated yet.
 */
export function useAfterHydration<T>(browserValue: () => T, serverValue: T): T {
  // React reads the server's snapshot while hydrating; until hydration ends the browser's is the
  // same, so React finds nothing to render again once it has hydrated. A part that hydrates after
  // that (a boundary whose code came late) is rendered again at once by React: one small part.
  const mountedInBrowserTree = useSyncExternalStore(never, browserTree, serverTree);
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    if (!mountedInBrowserTree && !switched) startTransition(() => setSwitched(true));
  }, [mountedInBrowserTree, switched]);
  return mountedInBrowserTree || switched ? browserValue() : serverValue;
}

const yes = () => true;

/**
 * False while the page's server markup is being hydrated (and on the server), true from then on and
 * in a page the browser rendered itself. Parts the server cannot know (the member's own) render
 * their placeholder until then, so the browser's first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useAfterHydration(yes, false);
}
