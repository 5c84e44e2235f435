import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
  type LinkProps,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from './index';

/** What the tests read and drive: the router's location and its navigate function. */
const probe = {} as { location: Location; navigate: NavigateFunction };

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    probe.location = location;
    probe.navigate = navigate;
  });
  return null;
}

const where = () => `${probe.location.pathname}${probe.location.search}${probe.location.hash}`;

function Layout() {
  return (
    <div>
      <p data-testid="layout">{useLocation().pathname}</p>
      <Outlet />
    </div>
  );
}

const table: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <h1>Index</h1> },
      { path: 'home', element: <h1>Home</h1> },
      { path: 'game', element: <h1>Game</h1> },
      { path: '*', element: <h1>Not found</h1> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(table);
}

const inMemory = (entry: string, children: ReactNode = <AppRoutes />) =>
  render(
    <MemoryRouter basename="/m" initialEntries={[entry]}>
      {children}
      <Probe />
    </MemoryRouter>,
  );

/** Navigates with the probe, inside act so the transition is rendered. */
const go = (...args: Parameters<typeof navigateTo>) => act(() => navigateTo(...args));
function navigateTo(to: string | number, options?: { replace?: boolean; state?: unknown }) {
  if (typeof to === 'number') probe.navigate(to);
  else probe.navigate(to, options);
}

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

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="category">{params.get('category') ?? 'none'}</p>
        <button type="button" onClick={() => setParams({ category: 'live' })}>
          set
        </button>
        <button
          type="button"
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('vendor', 'a&b =');
                next.delete('category');
                return next;
              },
              { replace: true },
            )
          }
        >
          update
        </button>
        <button type="button" onClick={() => setParams('')}>
          clear
        </button>
      </>
    );
  }

  it('reads the query and changes it: push, replace with an updater, clear', async () => {
    inMemory('/m/game?category=rng&x=1#grid', <Filters />);
    expect(screen.getByTestId('category')).toHaveTextContent('rng');
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    await act(async () => undefined);
    // The path stays, the hash goes (as react-router does).
    expect(where()).toBe('/game?category=live');
    expect(screen.getByTestId('category')).toHaveTextContent('live');
    fireEvent.click(screen.getByRole('button', { name: 'update' }));
    await act(async () => undefined);
    expect(where()).toBe('/game?vendor=a%26b+%3D');
    await go(-1);
    expect(where()).toBe('/game?category=rng&x=1#grid');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    await act(async () => undefined);
    expect(where()).toBe('/game');
  });
});

describe('Link', () => {
  /** Records whether the router took the click, then stops jsdom from following the link itself. */
  let taken: boolean | null = null;
  const record = (event: MouseEvent) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  beforeEach(() => window.addEventListener('click', record));
  afterEach(() => {
    window.removeEventListener('click', record);
    taken = null;
  });

  const renderLink = (props: LinkProps, entry = '/m/home') => inMemory(entry, <Link {...props}>go</Link>);

  it.each<[string, LinkProps['to'], string]>([
    ['an absolute path', '/game', '/m/game'],
    ['a query and hash', '/game?category=live#grid', '/m/game?category=live#grid'],
    ['the root', '/', '/m'],
    ['a query alone', '?x=1', '/m/home?x=1'],
    ['a relative path', 'next', '/m/home/next'],
    ['an object', { pathname: '/game', search: '?x=1' }, '/m/game?x=1'],
    ['a protocol-relative host', '//evil.example', '/m/evil.example'],
    ['a backslash host', '/\\evil.example', '/m/evil.example'],
    ['an absolute URL', 'https://evil.example', '/m/home/https:/evil.example'],
  ])('%s: href of %j is %s', (_case, to, href) => {
    renderLink({ to });
    expect(screen.getByRole('link')).toHaveAttribute('href', href);
  });

  it('passes the anchor attributes and the ref on', () => {
    let anchor: HTMLAnchorElement | null = null;
    renderLink({
      to: '/game',
      className: 'nav',
      'aria-current': 'page',
      ref: (node) => void (anchor = node),
    });
    const link = screen.getByRole('link');
    expect(link).toHaveClass('nav');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(anchor).toBe(link);
  });

  it.each<[string, boolean, Parameters<typeof fireEvent.click>[1], string | undefined]>([
    ['a plain left click', true, {}, undefined],
    ['a left click with target _self', true, {}, '_self'],
    ['a middle click', false, { button: 1 }, undefined],
    ['a right click', false, { button: 2 }, undefined],
    ['a ctrl click', false, { ctrlKey: true }, undefined],
    ['a meta (cmd) click', false, { metaKey: true }, undefined],
    ['a shift click', false, { shiftKey: true }, undefined],
    ['an alt click', false, { altKey: true }, undefined],
    ['a click on a target=_blank link', false, {}, '_blank'],
    ['a click on a link to another frame', false, {}, 'other'],
  ])('%s is followed in the app: %s', async (_case, inApp, init, target) => {
    renderLink({ to: '/game?x=1', target });
    fireEvent.click(screen.getByRole('link'), init);
    await act(async () => undefined);
    expect(taken).toBe(inApp);
    expect(where()).toBe(inApp ? '/game?x=1' : '/home');
  });

  it('the caller’s onClick runs first and may keep the router out', async () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderLink({ to: '/game', onClick });
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/home');
  });

  it.each<[string, LinkProps, string]>([
    ['a link pushes', { to: '/game' }, '/home?x=1'],
    ['a link to the current location replaces', { to: '/home?x=1' }, '/start'],
    ['replace replaces', { to: '/game', replace: true }, '/start'],
    ['replace={false} pushes even to the same location', { to: '/home?x=1', replace: false }, '/home?x=1'],
  ])('%s (back goes to %s)', async (_case, props, back) => {
    render(
      <MemoryRouter basename="/m" initialEntries={['/m/start', '/m/home?x=1']}>
        <Link {...props}>go</Link>
        <Probe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    await go(-1);
    expect(where()).toBe(back);
  });

  it('stores the state with the entry', async () => {
    renderLink({ to: '/game', state: { from: 'link' } });
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    expect(probe.location.state).toEqual({ from: 'link' });
  });
});

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
