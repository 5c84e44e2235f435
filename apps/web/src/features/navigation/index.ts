// Navigation's face (docs/architecture.md, "Web layers"): links, the kept parameters, the route handle,
// navigating from outside React. The first load imports its modules one by one (first-load entries).
export { AppLink, toRouterPath } from './AppLink';
export { useKeptHref, useKeptParams } from './keptParams';
export { navigateTo, registerNavigate, type NavigateFn } from './navigate';
export { RouteHandleContext, useRouteHandle, type RouteHandle } from './routeHandle';
export { useAppNavigate } from './useAppNavigate';
