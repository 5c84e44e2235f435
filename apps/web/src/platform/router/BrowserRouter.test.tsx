import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Link, Navigate, StaticRouter, useLocation, useSearchParams } from './index';
import { AppRoutes, go, probe, where, Probe } from '@/test/routerProbe';

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/m/home?x=1'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  const popped = () =>
    act(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('popstate', () => resolve(), { once: true });
          window.history.back();
        }),
    );

  const inBrowser = () =>
    render(
      <BrowserRouter basename="/m">
        <AppRoutes />
        <Probe />
      </BrowserRouter>,
    );

  it('starts at the address, and push, replace and back follow the session history', async () => {
    inBrowser();
    expect(where()).toBe('/home?x=1');
    const length = window.history.length;
    await go('/game', { state: { n: 1 } });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/m/game');
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toMatchObject({ usr: { n: 1 } });
    expect(screen.getByRole('heading')).toHaveTextContent('Game');
    await go('/nope#x', { replace: true });
    expect(window.history.length).toBe(length + 1);
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/m/nope#x');
    expect(screen.getByRole('heading')).toHaveTextContent('Not found');
    await popped();
    expect(where()).toBe('/home?x=1');
    expect(screen.getByRole('heading')).toHaveTextContent('Home');
  });

  it('a link click pushes the address with the basename', async () => {
    render(
      <BrowserRouter basename="/m">
        <Link to="/game?category=live">games</Link>
        <Probe />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/m/game?category=live');
    expect(where()).toBe('/game?category=live');
  });

  it('stops following popstate when unmounted', async () => {
    const { unmount } = inBrowser();
    await go('/game');
    const seen = probe.location;
    unmount();
    await popped();
    expect(window.location.pathname).toBe('/m/home');
    expect(probe.location).toBe(seen);
  });

  it('reads an address the browser encoded as it is', () => {
    window.history.replaceState(null, '', '/m/ho%6De');
    inBrowser();
    expect(probe.location.pathname).toBe('/ho%6De');
    expect(screen.getByRole('heading')).toHaveTextContent('Home');
  });
});

describe('server rendering and hydration', () => {
  function Page() {
    const [params] = useSearchParams();
    return (
      <>
        <AppRoutes />
        <p>{`${useLocation().pathname} ${params.get('x') ?? '-'}`}</p>
        <Link to="/game">games</Link>
        <Navigate to="/elsewhere" />
      </>
    );
  }

  const serverHtml = (location: string) => {
    // The server has no window and no document: rendering must not reach for them.
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('document', undefined);
    try {
      return renderToString(
        <StaticRouter basename="/m" location={location}>
          <Page />
        </StaticRouter>,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  };

  it('renders a given location without a window, navigating nowhere', () => {
    const html = serverHtml('/m/home?x=1');
    expect(html).toContain('<h1>Home</h1>');
    expect(html).toContain('/home 1');
    expect(html).toContain('href="/m/game"');
  });

  it.each([['/m/nope'], ['/m']])('renders %s', (location) => {
    expect(serverHtml(location)).toContain(location === '/m' ? '<h1>Index</h1>' : '<h1>Not found</h1>');
  });

  it('a static router refuses to navigate', () => {
    render(
      <StaticRouter basename="/m" location="/m/home">
        <Probe />
      </StaticRouter>,
    );
    expect(() => probe.navigate('/game')).toThrow(/cannot navigate/);
  });

  it.each<[string, string, string, boolean]>([
    ['the same address', '/m/home?x=1', '/m/home?x=1', true],
    ['the basename alone', '/m', '/m', true],
    ['another address (the control: a mismatch is seen)', '/m/home?x=1', '/m/game?x=2', false],
  ])('hydrates %s: server %s, browser %s, matching %s', async (_case, serverUrl, browserUrl, matching) => {
    const html = serverHtml(serverUrl);
    window.history.replaceState(null, '', browserUrl);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let root: Root | null = null;
    await act(async () => {
      root = hydrateRoot(
        container,
        <BrowserRouter basename="/m">
          <Page />
        </BrowserRouter>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).toHaveBeenCalledTimes(matching ? 0 : 1);
    if (matching) expect(quiet).not.toHaveBeenCalled();
    quiet.mockRestore();
    // Hydrated, the effects run: <Navigate> moved the browser on.
    expect(window.location.pathname).toBe('/m/elsewhere');
    act(() => root?.unmount());
    container.remove();
  });
});
