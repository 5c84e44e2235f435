import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@/test/deferred';
import { lazyAfter } from './lazyWhenIdle';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${label} ${count}`}
    </button>
  );
}

function PartContent() {
  return (
    <section aria-label="part" style={{ height: 120 }}>
      <Counter label="part" />
    </section>
  );
}

/** The part's fallback: the same box as the part (120 px). */
function PartFallback() {
  return <div data-testid="part-fallback" style={{ height: 120 }} aria-hidden="true" />;
}

function Page({ Part }: { Part: ComponentType }) {
  return (
    <main>
      <Counter label="shell" />
      <Suspense fallback={<PartFallback />}>
        <Part />
      </Suspense>
    </main>
  );
}

/** Lets arrived chunks and React's work after them run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const loadPart = () => Promise.resolve({ default: PartContent });

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('lazyAfter: code fetched when the gate opens, not at the first render', () => {
  it('a page the browser renders: the fallback holds the place until the code is there', async () => {
    const gate = deferred<undefined>();
    const load = vi.fn(loadPart);
    const Part = lazyAfter(() => gate.promise)(load);
    render(<Page Part={Part} />);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId('part-fallback')).toHaveStyle({ height: '120px' });
    gate.resolve(undefined);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('part-fallback')).toBeNull();
    expect(screen.getByRole('region', { name: 'part' })).toHaveStyle({ height: '120px' });
  });

  it('code that cannot be fetched (offline): the place stays held, and the part comes with the network', async () => {
    const load = vi
      .fn<typeof loadPart>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(loadPart);
    const Part = lazyAfter(() => Promise.resolve())(load);
    render(<Page Part={Part} />);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    // Not an error state: the shell is there and the place is held.
    expect(screen.getByRole('button', { name: 'shell 0' })).toBeInTheDocument();
    expect(screen.getByTestId('part-fallback')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('region', { name: 'part' })).toBeInTheDocument();
  });

  it("a page the server rendered keeps the part's markup, hydrates the rest at once and the part later", async () => {
    // The server: the part's code loads at once; its second render has the part in place.
    const ServerPart = lazyAfter(() => Promise.resolve())(loadPart);
    renderToString(<Page Part={ServerPart} />);
    await settle();
    const html = renderToString(<Page Part={ServerPart} />);
    expect(html).toContain('part 0');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const gate = deferred<undefined>();
    const load = vi.fn(loadPart);
    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <Page Part={lazyAfter(() => gate.promise)(load)} />, {
        onRecoverableError,
      });
    });
    await settle();
    const page = within(container);
    // The part is on screen as the server made it, no fallback; its code is not fetched yet.
    expect(page.getByRole('region', { name: 'part' })).toBeInTheDocument();
    expect(page.queryByTestId('part-fallback')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    // The shell is interactive already.
    fireEvent.click(page.getByRole('button', { name: 'shell 0' }));
    expect(page.getByRole('button', { name: 'shell 1' })).toBeInTheDocument();

    gate.resolve(undefined);
    await settle();
    fireEvent.click(page.getByRole('button', { name: 'part 0' }));
    expect(page.getByRole('button', { name: 'part 1' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('a tap on the server markup of a part still waiting for its code is not lost: it runs once the part hydrates', async () => {
    const ServerPart = lazyAfter(() => Promise.resolve())(loadPart);
    renderToString(<Page Part={ServerPart} />);
    await settle();
    const html = renderToString(<Page Part={ServerPart} />);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const gate = deferred<undefined>();
    await act(async () => {
      root = hydrateRoot(container, <Page Part={lazyAfter(() => gate.promise)(loadPart)} />);
    });
    await settle();
    const page = within(container);
    // React cannot run the part's handler yet: the tap is dropped for now.
    fireEvent.click(page.getByRole('button', { name: 'part 0' }));
    expect(page.getByRole('button', { name: 'part 0' })).toBeInTheDocument();

    gate.resolve(undefined);
    await settle();
    // Counted once: the replay, not twice.
    expect(page.getByRole('button', { name: 'part 1' })).toBeInTheDocument();
    fireEvent.click(page.getByRole('button', { name: 'part 1' }));
    expect(page.getByRole('button', { name: 'part 2' })).toBeInTheDocument();
  });
});
