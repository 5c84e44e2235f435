import { AppPath } from '@wps/contract/routes';
import { Navigate, useLocation } from '@/platform/router';
import { toRouterPath } from '@/features/navigation/AppLink';
import { useSession } from '@/state/session';
import { isPasswordChangeForced } from '@/state/forcedPasswordChange';

/** While a password change is forced, every other page leads back to /m/changePsw. */
export function ForcedPasswordChange() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session?.token || !isPasswordChangeForced() || `/m${pathname}` === AppPath.changePassword) return null;
  return <Navigate to={toRouterPath(AppPath.changePassword)} replace />;
}
