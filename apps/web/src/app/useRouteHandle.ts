import { matchRoutes, useLocation } from '@/platform/router';
import type { RouteHandle } from '@/features/navigation/routeHandle';
import { appRoutes, type AppRoute } from './routeTable';

/** The handle of the deepest route matching the current location (its title, for now). */
export function useMatchedRouteHandle(): RouteHandle | null {
  const location = useLocation();
  const matches = matchRoutes(appRoutes, location) ?? [];
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = (matches[index]?.route as AppRoute | undefined)?.handle;
    if (handle) return handle;
  }
  return null;
}
