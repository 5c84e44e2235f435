import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrationEnds, hydrationStarts, useAfterHydration, useHydrated } from './hydration';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** What each render of a component returned, in order. */
let seen: unknown[] = [];
/** What had rendered when the task that ran the first commit's effects ended its synchronous part. */
let seenWhenEffectsEnded: unknown[] | null = null;

function ShowHydrated() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'browser' : 'server'}</p>;
}

function ShowValue() {
  const value = useAfterHydration(() => 'browser value', 'server value');
  seen.push(value);
  return <p>{value}</p>;
}

/** The app's root: its effect is the first commit's last, as App's onCommitted is. */
function Root({ children, onCommitted }: { children: React.ReactNode; onCommitted?: () => void }) {
  useEffect(() => {
    onCommitted?.();
    queueMicrotask(() => {
      seenWhenEffectsEnded ??= [...seen];
    });
  }, [onCommitted]);
  return <main>{children}</main>;
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  // Real scheduling (no act()): the test is about which task React renders in.
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  seen = [];
  seenWhenEffectsEnded = null;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
  hydrationEnds();
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

/** Server markup, then hydration as main.tsx does it: marked, in a transition, ended by the root. */
function hydrate(element: React.ReactElement, onRecoverableError: (error: unknown) => void) {
  container.innerHTML = renderToString(<Root>{element}</Root>);
  seen = [];
  hydrationStarts();
  startTransition(() => {
    root = hydrateRoot(container, <Root onCommitted={hydrationEnds}>{element}</Root>, {
      onRecoverableError,
    });
  });
}

describe.each([
  ['useHydrated', <ShowHydrated key="h" />, false, true, 'server', 'browser'],
  [
    'useAfterHydration',
    <ShowValue key="v" />,
    'server value',
    'browser value',
    'server value',
    'browser value',
  ],
] as const)('%s', (_name, element, serverValue, browserValue, serverText, browserText) => {
  it('renders the server value on the server', () => {
    expect(renderToString(element)).toContain(serverText);
    expect(seen).toEqual([serverValue]);
  });

  it('renders the browser value at once in a tree the browser renders itself', async () => {
    root = createRoot(container);
    root.render(<Root>{element}</Root>);
    await vi.waitFor(() => expect(container.textContent).toBe(browserText));
    expect(new Set(seen)).toEqual(new Set([browserValue]));
  });

  it('hydrates on the server value without a mismatch, then switches in a later task, not in one long one', async () => {
    const onRecoverableError = vi.fn();
    hydrate(element, onRecoverableError);
    await vi.waitFor(() => expect(container.textContent).toBe(browserText));
    expect(onRecoverableError).not.toHaveBeenCalled();
    // The hydration's render only: a synchronous render after the effects would be here too.
    expect(seenWhenEffectsEnded).toEqual([serverValue]);
    expect(seen.at(-1)).toBe(browserValue);
  });

  it('renders the browser value at once in a part mounted after hydration', async () => {
    hydrate(<p>nothing yet</p>, () => undefined);
    await vi.waitFor(() => expect(seenWhenEffectsEnded).not.toBeNull());
    seen = [];
    root?.render(<Root>{element}</Root>);
    await vi.waitFor(() => expect(container.textContent).toBe(browserText));
    expect(new Set(seen)).toEqual(new Set([browserValue]));
  });
});
