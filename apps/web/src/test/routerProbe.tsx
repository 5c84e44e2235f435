import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from '@/platform/router';

// The router's test kit (platform/router/*.test.tsx): a small route table and a probe that reads the
// location and drives navigation.

/** What the tests read and drive: the router's location and its navigate function. */
export const probe = {} as { location: Location; navigate: NavigateFunction };

export function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    probe.location = location;
    probe.navigate = navigate;
  });
  return null;
}

export const where = () => `${probe.location.pathname}${probe.location.search}${probe.location.hash}`;

export function Layout() {
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

export function AppRoutes() {
  return useRoutes(table);
}

export const inMemory = (entry: string, children: ReactNode = <AppRoutes />) =>
  render(
    <MemoryRouter basename="/m" initialEntries={[entry]}>
      {children}
      <Probe />
    </MemoryRouter>,
  );

/** Navigates with the probe, inside act so the transition is rendered. */
export const go = (...args: Parameters<typeof navigateTo>) => act(() => navigateTo(...args));
export function navigateTo(to: string | number, options?: { replace?: boolean; state?: unknown }) {
  if (typeof to === 'number') probe.navigate(to);
  else probe.navigate(to, options);
}
