import type { GameCard as GameCardData } from '@wps/contract/games';
import { fetchFavouriteGames, fetchHotGames, fetchRecentGames } from '@/api/endpoints/game';
import { useFavourites, OpenGameChoice, useOpenGame, type OpenableGame } from '@/features/games';
import { useT } from '@/i18n/I18nProvider';
import { useQuery, type LoadState } from '@/queries/useQuery';
import { useSession } from '@/state/session';
import { GameRow } from './GameRow';
import { RecentWins } from './RecentWins';
import { VendorStrip } from './VendorStrip';

/** The member's favourites as listed on each visit, following the shared favourite ids as stars are toggled. */
function useFavouriteGames(): LoadState<readonly GameCardData[]> {
  const state = useQuery({ key: ['favouriteGames'], load: fetchFavouriteGames, member: true });
  const favourites = useFavourites();
  if (state.status !== 'ready' || favourites.status !== 'ready') return state;
  return { status: 'ready', data: state.data.filter((game) => favourites.ids.has(game.gameId)) };
}

function MemberRows({ onOpen }: { onOpen: (game: OpenableGame) => void }) {
  const { t } = useT();
  const recent = useQuery({ key: ['recentGames'], load: fetchRecentGames, member: true });
  const favourites = useFavouriteGames();
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
  const hot = useQuery({ key: ['hotGames'], load: fetchHotGames });
  const opener = useOpenGame();
  return (
    <>
      {token !== null && <MemberRows key={token} onOpen={opener.openGame} />}
      <GameRow
        title={t('lobby_hot_games')}
        state={hot}
        onOpen={opener.openGame}
        showError
        testId="home-hot"
      />
      <RecentWins />
      <VendorStrip />
      <OpenGameChoice opener={opener} />
    </>
  );
}
