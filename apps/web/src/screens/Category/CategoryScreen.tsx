import { categoryOfPage } from '@wps/contract/games';
import { useLocation } from '@/platform/router';
import { GameArea } from '@/features/games';
import { useRouteHandle } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { PlaceholderScreen } from '@/ui/PlaceholderScreen';

/**
 * One screen for every public game-category and info page; the route's handle names it. A game
 * category page is the game area locked to its category; the info pages (news, download, app)
 * keep their placeholder.
 */
export function CategoryScreen() {
  const { t } = useT();
  const { pathname } = useLocation();
  const titleKey = useRouteHandle()?.titleKey ?? 'page_game';
  const category = categoryOfPage(`/m${pathname.replace(/\/+$/, '').toLowerCase()}`);
  if (category === null) return <PlaceholderScreen titleKey={titleKey} />;
  return <GameArea key={category} title={t(titleKey)} lockedCategory={category} />;
}
