import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page's server markup is being hydrated (and on the server), true from then on and
 * in a page the browser rendered itself. Parts the server cannot know (the member's own) render
 * their placeholder until then, so the browser's first render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
