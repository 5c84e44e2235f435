import {
  Children,
  Fragment,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  type History,
  type InitialEntry,
} from './history';
import { matchRoutes, type RouteObject } from './matchRoutes';
import {
  createPath,
  normalizeBasename,
  resolveTo,
  stripBasename,
  withBasename,
  type Location,
  type To,
} from './path';

/**
 * The app's router: the part of react-router 7's declarative API the app uses, with its behaviour.
 * Navigations are transitions, as react-router's are: the page on screen stays while the next one
 * loads. Rendering reads no window (StaticRouter renders on the server; the browser's first render of
 * the same URL gives the same markup), and nothing scrolls on navigation.
 */

interface RouterState {
  basename: string;
  /** The location inside the basename: `/m/home` is `/home` under "/m". */
  location: Location;
  history: History;
}

const RouterContext = createContext<RouterState | null>(null);
/** What the matched child route renders where its parent puts an <Outlet />. */
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (router === null)
    throw new Error('Router hooks and links work inside a BrowserRouter, MemoryRouter or StaticRouter.');
  return router;
}

interface RouterProps {
  /** The path the app lives under ("/m"): locations outside it render nothing. */
  basename?: string;
  children?: ReactNode;
}

function Router({
  basename = '/',
  history,
  location,
  children,
}: RouterProps & { history: History; location: Location }) {
  const base = normalizeBasename(basename);
  const inside = stripBasename(location.pathname, base);
  const value = useMemo(
    () => (inside === null ? null : { basename: base, history, location: { ...location, pathname: inside } }),
    [base, history, location, inside],
  );
  return value === null ? null : <RouterContext value={value}>{children}</RouterContext>;
}

/** The history made once for the router's life, and its location, followed in transitions. */
function useHistoryLocation(create: () => History): [History, Location] {
  const [history] = useState(create);
  const [location, setLocation] = useState(() => history.location);
  useLayoutEffect(() => {
    const follow = (next: Location) => startTransition(() => setLocation(next));
    const stop = history.listen(follow);
    // A navigation between the first render and now (a child's layout effect) is not missed.
    follow(history.location);
    return stop;
  }, [history]);
  return [history, location];
}

/** The browser's address and session history (the app). */
export function BrowserRouter({ basename, children }: RouterProps) {
  const [history, location] = useHistoryLocation(() => createBrowserHistory(window));
  return (
    <Router basename={basename} history={history} location={location}>
      {children}
    </Router>
  );
}

/** A history in memory (tests): starts at the last of `initialEntries` unless `initialIndex` says. */
export function MemoryRouter({
  basename,
  children,
  initialEntries,
  initialIndex,
}: RouterProps & { initialEntries?: InitialEntry[]; initialIndex?: number }) {
  const [history, location] = useHistoryLocation(() => createMemoryHistory(initialEntries, initialIndex));
  return (
    <Router basename={basename} history={history} location={location}>
      {children}
    </Router>
  );
}

/** One fixed location (server rendering): `location` is the request's path and query (`/m/home?x=1`). */
export function StaticRouter({
  basename,
  children,
  location = '/',
}: RouterProps & { location?: InitialEntry }) {
  const history = useMemo(() => createStaticHistory(location), [location]);
  return (
    <Router basename={basename} history={history} location={history.location}>
      {children}
    </Router>
  );
}

/** The current location, inside the basename. */
export function useLocation(): Location {
  return useRouter().location;
}

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Stored with the entry; `useLocation().state` reads it back. */
  state?: unknown;
}

/** Goes to `to` (inside the basename), or `delta` entries back (-1) or forward in the history. */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export function useNavigate(): NavigateFunction {
  const { basename, history, location } = useRouter();
  const from = location.pathname;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = withBasename(resolveTo(to, from), basename);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [basename, history, from],
  );
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string> | string[][];

/** Sets the query of the current path (the fragment is dropped), pushing unless `replace` is set. */
export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The current query, and a way to change it. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Navigates when rendered (after the commit; never on the server, where effects do not run). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const target = createPath(resolveTo(to, location.pathname));
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Inside the basename: `/home` is `<a href="/m/home">` under "/m". */
  to: To;
  /** By default a link to the current location replaces it and any other link pushes. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain left click in this tab: anything else (modified, middle, another target) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * A real `<a href>` (with the basename) that a plain left click follows in the app; the caller's
 * onClick runs first and may prevent it.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const { basename, location } = useRouter();
  const navigate = useNavigate();
  const path = resolveTo(to, location.pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, rest.target)) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} href={createPath(withBasename(path, basename))} onClick={follow} />;
}

/** Renders the matched routes, root to leaf: each route's element, its child's where it has <Outlet />. */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { location } = useRouter();
  const matches = matchRoutes(routes, location);
  if (matches === null) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, { route }) => <OutletContext value={outlet}>{route.element ?? outlet}</OutletContext>,
    null,
  );
}

/** Where a layout route shows its matched child route. */
export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  handle?: unknown;
  children?: ReactNode;
}

/** A route of <Routes> (tests): a description read by <Routes>, never rendered itself. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('<Route> is only read by <Routes>, never rendered.');
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesOf(child.props.children));
      return;
    }
    if (child.type !== Route) throw new Error('<Routes> holds only <Route> elements and fragments.');
    const { path, index, element, handle, children: nested } = child.props;
    routes.push({
      path,
      index,
      element,
      handle,
      children: nested === undefined ? undefined : routesOf(nested),
    });
  });
  return routes;
}

/** The route table written as <Route> elements. */
export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesOf(children));
}
