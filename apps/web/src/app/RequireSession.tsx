import { Navigate, Outlet, useLocation } from '@/platform/router';
import { wasSignedOut } from '@/state/signedOut';
import { useHydrated } from '@/state/hydration';
import { useSession } from '@/state/session';
import { toRouterPath } from '@/features/navigation/AppLink';
import { hasSession, loginRedirectFor } from '@/lib/navigation';
import { useKeptParams } from '@/features/navigation/keptParams';
import { withKeptParams } from '@/lib/navigation';
import { ScreenSkeleton } from './ScreenSkeleton';

/**
 * Protected routes need a token from the query or the stored session; without one the user goes to
 * /m/login with `go` set to where they wanted to go. `fallback` sends elsewhere instead (the
 * feedback page goes home).
 */
export function RequireSession({ fallback }: { fallback?: string }) {
  const location = useLocation();
  const session = useSession();
  const kept = useKeptParams();
  const hydrated = useHydrated();
  // The server does not know the session: a member's screen is its placeholder until hydrated.
  if (!hydrated) return <ScreenSkeleton />;
  if (hasSession(location.search, session)) return <Outlet />;
  const target =
    fallback ??
    (wasSignedOut() ? '/m/home' : null) ??
    loginRedirectFor(`/m${location.pathname}`, location.search, location.hash);
  return <Navigate to={toRouterPath(withKeptParams(target, kept))} replace />;
}
