import type { GameCard as GameCardData } from '@wps/contract';
import { fetchFavouriteGames, fetchHotGames, fetchRecentGames } from '../../api/endpoints/game';
import { useFavourites } from '../../features/games/favourites';
import { OpenGameDialog } from '../../features/games/OpenGameDialog';
import { useOpenGame, type OpenableGame } from '../../features/games/useOpenGame';
import { useT } from '../../i18n/I18nProvider';
import { useSession } from '../../state/session';
import { GameRow } from './GameRow';
import { RecentWins } from './RecentWins';
import { useLoad, type LoadState } from '../../ui/useLoad';
import { VendorStrip } from './VendorStrip';

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
 * The lobby's game rows (recently played and favourites for a member, hot games, recent wins,
 * providers): below the fold, so the home screen loads them as their own chunk after its first render.
 */
export default function LobbyGames() {
  const { t } = useT();
  const token = useSession()?.token ?? null;
  const hot = useLoad('hot', fetchHotGames);
  const opener = useOpenGame();
  return (
    <>
      {token !== null && <MemberRows key={token} token={token} onOpen={opener.openGame} />}
      <GameRow
        title={t('lobby_hot_games')}
        state={hot}
        onOpen={opener.openGame}
        showError
        testId="home-hot"
      />
      <RecentWins />
      <VendorStrip />
      <OpenGameDialog opener={opener} />
    </>
  );
}
