import type { GameCard as GameCardData } from '@wps/contract/games';
import type { MouseEvent } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { AppLink } from '@/features/navigation';
import { useSession } from '@/state/session';
import { toggleFavouriteGame, useFavourites } from './favourites';
import { GameImage } from './GameImage';
import { launchPathFor } from './launchPath';
import { OpenGameChoice } from './OpenGameChoice';
import { useHerePath, useOpenGame } from './useOpenGame';
import './games.css';

export interface GameCardProps {
  game: GameCardData;
  /**
   * Called instead of the card's own opening (see `useOpenGame`); a list that holds one opener for
   * all its cards passes it. Without it the card opens the game itself.
   */
  onOpen?: (game: GameCardData) => void;
  /** The art loads at once (a card in the first screenful); lazily otherwise. */
  eager?: boolean;
  /** The art is fetched before other pictures (the first row of a game screen: its largest paint). */
  urgent?: boolean;
}

/**
 * A game: its art, name and vendor, a Free play badge when visitors may try it, and for members a
 * favourite star. The card is a link to the game's launch page (so it can be opened elsewhere too);
 * a click goes through the opener (members launch, visitors may try free-play games).
 */
export function GameCard({ game, onOpen, eager = false, urgent = false }: GameCardProps) {
  return onOpen ? (
    <GameCardView game={game} onOpen={onOpen} eager={eager} urgent={urgent} />
  ) : (
    <SelfOpeningGameCard game={game} eager={eager} urgent={urgent} />
  );
}

function SelfOpeningGameCard({
  game,
  eager,
  urgent,
}: {
  game: GameCardData;
  eager: boolean;
  urgent: boolean;
}) {
  const opener = useOpenGame();
  return (
    <>
      <GameCardView game={game} onOpen={opener.openGame} eager={eager} urgent={urgent} />
      <OpenGameChoice opener={opener} />
    </>
  );
}

function GameCardView({
  game,
  onOpen,
  eager,
  urgent,
}: {
  game: GameCardData;
  onOpen: (game: GameCardData) => void;
  eager: boolean;
  urgent: boolean;
}) {
  const { t } = useT();
  const here = useHerePath();
  const session = useSession();
  const favourites = useFavourites();
  const favourite = favourites.ids.has(game.gameId);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    onOpen(game);
  };

  return (
    <article className="game-card" data-game-id={game.gameId}>
      <AppLink to={launchPathFor(game, here)} className="game-card-open" onClick={open}>
        <GameImage
          imageBase={game.imageBase}
          alt=""
          className="game-card-art"
          eager={eager}
          urgent={urgent}
        />
        <span className="game-card-name">{game.displayName}</span>
        <span className="game-card-vendor">{game.accountTypeName}</span>
        {game.freeplay && <span className="game-card-badge">{t('game_free_play')}</span>}
      </AppLink>
      {session && (
        <button
          type="button"
          className="game-card-star"
          aria-pressed={favourite}
          aria-label={t('game_favourite_toggle', { name: game.displayName })}
          onClick={() => void toggleFavouriteGame(game.gameId)}
        >
          <span aria-hidden="true">{favourite ? '★' : '☆'}</span>
        </button>
      )}
    </article>
  );
}
