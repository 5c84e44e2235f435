import { Navigate, useSearchParams } from 'react-router';
import { toRouterPath } from '../../routes/AppLink';
import { useKeptParams } from '../../routes/keptParams';
import { postLoginDestination, withKeptParams } from '../../routes/navigation';
import { useSession } from '../../state/session';
import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

/** Login; a member who already has a session is sent on to the `go` target (only /m/ paths) or home. */
export function LoginScreen() {
  const session = useSession();
  const [search] = useSearchParams();
  const kept = useKeptParams();
  if (session?.token) {
    const destination = withKeptParams(postLoginDestination(search.get('go')), kept);
    return <Navigate to={toRouterPath(destination)} replace />;
  }
  return <PlaceholderScreen titleKey="page_login" />;
}
