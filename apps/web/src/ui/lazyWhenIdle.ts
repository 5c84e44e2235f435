import { lazy } from 'react';
import { loadWhenOnline, whenIdle } from '@/platform/idle';

/**
 * `React.lazy` whose loading starts when `gate` resolves rather than at the first render; code that
 * cannot be fetched (offline) is fetched again once the network is back, meanwhile the part keeps
 * its place rather than failing the screen.
 */
export function lazyAfter(gate: () => Promise<void>): typeof lazy {
  return (load) => lazy(() => gate().then(() => loadWhenOnline(load)));
}

/**
 * A component whose code is fetched once the page is idle after its load (or at the first
 * interaction: `platform/idle.ts`), not when it first renders: for the parts of a first screen that
 * need no code to be seen — the carousel, the marquee, the rows below the fold. Render it inside a
 * `Suspense` boundary. On a page the server rendered, React keeps the boundary's server markup (seen
 * and, for links, followed) and hydrates it when the code arrives, while the rest of the page is
 * already interactive; on a page the browser renders, the boundary's fallback holds its place, so
 * the fallback must be the size of the content. Server-side the code loads at once.
 */
export const lazyWhenIdle = lazyAfter(whenIdle);
