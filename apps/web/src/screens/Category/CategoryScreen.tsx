import { useRouteHandle } from '../../routes/useRouteHandle';
import { PlaceholderScreen } from '../../ui/PlaceholderScreen';

/** One screen for every public game-category and info page; the route's handle names which. */
export function CategoryScreen() {
  return <PlaceholderScreen titleKey={useRouteHandle()?.titleKey ?? 'page_game'} />;
}
