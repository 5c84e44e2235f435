import { act, render, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from './index';
import { Layout, go, inMemory, probe, where, Probe } from '@/test/routerProbe';

describe('useRoutes with a memory history', () => {
  it.each<[string, string, string]>([
    ['/m', 'Index', '/'],
    ['/m/', 'Index', '/'],
    ['/m/home', 'Home', '/home'],
    ['/m/HOME/', 'Home', '/HOME/'],
    ['/m/home?x=1#top', 'Home', '/home'],
    ['/m/nope', 'Not found', '/nope'],
    ['/m/home/extra', 'Not found', '/home/extra'],
  ])('%s shows %s inside the layout, at %s', (entry, heading, pathname) => {
    inMemory(entry);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByTestId('layout')).toHaveTextContent(pathname);
  });

  it.each([['/mx'], ['/'], ['/home']])('%s, outside the basename, renders nothing', (entry) => {
    const { container } = inMemory(entry);
    expect(container).toBeEmptyDOMElement();
  });

  it('gives the location its parts, state and key', () => {
    inMemory('/m/home?x=1#top');
    expect(probe.location).toEqual({
      pathname: '/home',
      search: '?x=1',
      hash: '#top',
      state: null,
      key: 'default',
    });
  });
});

describe('navigation in memory', () => {
  it('pushes, replaces and goes back and forward', async () => {
    inMemory('/m/home');
    await go('/game');
    expect(screen.getByRole('heading')).toHaveTextContent('Game');
    await go('/nope', { replace: true });
    expect(where()).toBe('/nope');
    await go(-1);
    expect(where()).toBe('/home');
    await go(1);
    expect(where()).toBe('/nope');
    // At either end of the history, nothing moves.
    await go(5);
    expect(where()).toBe('/nope');
    await go(-5);
    expect(where()).toBe('/home');
  });

  it.each<[string, string, string]>([
    ['an absolute path', '/game?x=1', '/game?x=1'],
    ['a query alone', '?x=1', '/home?x=1'],
    ['a hash alone', '#top', '/home#top'],
    ['a relative path', 'next', '/home/next'],
    ['a parent path', '..', '/'],
    ['a protocol-relative host', '//evil.example', '/evil.example'],
    ['an absolute URL', 'https://evil.example/', '/home/https:/evil.example/'],
  ])('%s: %s from /m/home goes to %s', async (_case, to, expected) => {
    inMemory('/m/home');
    await go(to);
    expect(where()).toBe(expected);
  });

  it('keeps the state with the entry, and each entry has its own key', async () => {
    inMemory('/m/home');
    const first = probe.location.key;
    await go('/game', { state: { from: 'home' } });
    expect(probe.location.state).toEqual({ from: 'home' });
    expect(probe.location.key).not.toBe(first);
    await go(-1);
    expect(probe.location.key).toBe(first);
    expect(probe.location.state).toBeNull();
  });

  it.each([
    [true, '/start'],
    [false, '/old'],
  ])('<Navigate replace={%s}>: back goes to %s', async (replace, back) => {
    // Armed for the first render only: coming back to /old must not redirect again.
    let armed = true;
    function Redirect() {
      const { pathname } = useLocation();
      return armed && pathname === '/old' ? <Navigate to="/new?x=1" replace={replace} /> : null;
    }
    render(
      <MemoryRouter basename="/m" initialEntries={['/m/start', '/m/old']}>
        <Redirect />
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(where()).toBe('/new?x=1');
    armed = false;
    await go(-1);
    expect(where()).toBe(back);
  });
});

describe('Routes and Route', () => {
  it('reads nested <Route> elements, fragments and a pathless layout', () => {
    render(
      <MemoryRouter basename="/m" initialEntries={['/m/live']}>
        <Routes>
          <Route element={<Layout />}>
            <>
              <Route path="live" element={<h1>Live</h1>} />
            </>
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Live');
    expect(screen.getByTestId('layout')).toHaveTextContent('/live');
  });

  it('a route without an element renders its child in its place', () => {
    render(
      <MemoryRouter initialEntries={['/a/b']}>
        <Routes>
          <Route path="a">
            <Route path="b" element={<h1>B</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('B');
  });

  it.each<[string, ReactNode]>([
    ['a <Route> outside <Routes>', <Route key="r" path="x" element={<p />} />],
    [
      'another element inside <Routes>',
      <Routes key="r">
        <p>not a route</p>
      </Routes>,
    ],
  ])('%s is an error', (_case, ui) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<MemoryRouter>{ui}</MemoryRouter>)).toThrow();
    quiet.mockRestore();
  });

  it('the hooks outside a router are an error', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(/inside a BrowserRouter/);
    quiet.mockRestore();
  });
});
