import { useMatches } from 'react-router';
import type { RouteHandle } from '../../routes/AppLayout';
import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

/** One screen for every public game-category and info page; the route's handle names which. */
export function CategoryScreen() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return <PlaceholderScreen titleKey={handle?.titleKey ?? 'page_game'} />;
}
