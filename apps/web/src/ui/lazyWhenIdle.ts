import { createElement, lazy, useEffect, type ComponentType } from 'react';
import { pageTaps, type EarlyTaps } from '@/platform/earlyTaps';
import { loadWhenOnline, whenIdle } from '@/platform/idle';

let earlyTaps: EarlyTaps | null = null;

/**
 * The part once its code is there: when it first mounts (on a server-rendered page, when React has
 * hydrated its markup) it replays the taps React dropped on markup still waiting for code
 * (platform/earlyTaps.ts). Later mounts (a client-side visit) replay nothing.
 */
function replayingEarlyTaps<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  let mounted = false;
  function PartThenReplay(props: P) {
    useEffect(() => {
      if (mounted) return;
      mounted = true;
      earlyTaps?.replay();
    }, []);
    return createElement(Part, props);
  }
  return PartThenReplay;
}

/**
 * `React.lazy` whose loading starts when `gate` resolves rather than at the first render; code that
 * cannot be fetched (offline) is fetched again once the network is back, meanwhile the part keeps
 * its place rather than failing the screen.
 */
export function lazyAfter(gate: () => Promise<void>): typeof lazy {
  if (typeof window !== 'undefined') earlyTaps ??= pageTaps(window);
  return (load) =>
    lazy(() =>
      gate()
        .then(() => loadWhenOnline(load))
        .then((module) => ({
          ...module,
          default: replayingEarlyTaps(module.default) as typeof module.default,
        })),
    );
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
