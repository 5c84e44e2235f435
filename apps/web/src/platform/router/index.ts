/** The app's router (docs/architecture.md, "Web layers"): see Router.tsx. */
export {
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
  type NavigateFunction,
  type NavigateOptions,
  type RouteProps,
  type SearchParamsInit,
  type SetSearchParams,
} from './Router';
export { matchRoutes, type RouteMatch, type RouteObject } from './matchRoutes';
export type { InitialEntry } from './history';
export type { Location, Path, To } from './path';
