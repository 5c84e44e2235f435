import type { GameCard as GameCardData } from '@wps/contract';
import { fetchFavouriteGames, fetchHotGames, fetchRecentGames } from '../../api/endpoints/game';
import { useFavourites } from '../../features/games/favourites';
import { OpenGameDialog } from '../../features/games/OpenGameDialog';
import { useOpenGame, type OpenableGame } from '../../features/games/useOpenGame';
import { AnnouncementPopup } from '../../features/lobby/AnnouncementPopup';
import { useT } from '../../i18n/I18nProvider';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { BannerSection } from './BannerSection';
import { CategorySection } from './CategorySection';
import { GameRow } from './GameRow';
import { MarqueeSection } from './MarqueeSection';
import { useLoad, type LoadState } from './useLoad';
import { VendorStrip } from './VendorStrip';
import './home.css';

/** The member's favourites, following the shared favourites store as stars are toggled. */
function useFavouriteGames(token: string | null): LoadState<readonly GameCardData[]> {
  const state = useLoad(token === null ? null : `favourites-${token}`, fetchFavouriteGames);
  const favourites = useFavourites();
  if (state.status !== 'ready' || favourites.status !== 'ready') return state;
  return { status: 'ready', data: state.data.filter((game) => favourites.ids.has(game.gameId)) };
}

function MemberRows({ token, onOpen }: { token: string; onOpen: (game: OpenableGame) => void }) {
  const { t } = useT();
  const recent = useLoad(`recent-${token}`, fetchRecentGames);
  const favourites = useFavouriteGames(token);
  return (
    <>
      <GameRow title={t('lobby_recent')} state={recent} onOpen={onOpen} testId="home-recent" />
      <GameRow title={t('lobby_favourites')} state={favourites} onOpen={onOpen} testId="home-favourites" />
    </>
  );
}

/**
 * The lobby (/m/home): the merchant's title, banners, the announcement line, the popup announcement,
 * the game categories, hot games, providers, and for a member the recently played and favourite
 * games. Every section reserves its place while loading and steps aside quietly when its call fails.
 */
export function HomeScreen() {
  const { t } = useT();
  const settings = useSettings();
  const session = useSession();
  const token = session?.token ?? null;
  const hot = useLoad('hot', fetchHotGames);
  const opener = useOpenGame();

  return (
    <section aria-labelledby="screen-title" className="home">
      <h1 id="screen-title" className="screen-title">
        {settings?.merchantName ?? t('page_home')}
      </h1>
      {settings?.mobileTemplate.app_desc && <p className="home-desc">{settings.mobileTemplate.app_desc}</p>}
      <BannerSection />
      <MarqueeSection />
      <CategorySection />
      {token !== null && <MemberRows key={token} token={token} onOpen={opener.openGame} />}
      <GameRow
        title={t('lobby_hot_games')}
        state={hot}
        onOpen={opener.openGame}
        showError
        testId="home-hot"
      />
      <VendorStrip />
      <OpenGameDialog opener={opener} />
      <AnnouncementPopup />
    </section>
  );
}
