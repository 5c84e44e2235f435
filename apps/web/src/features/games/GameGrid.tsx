import { GAME_IMAGE_RATIO, type GameCard as GameCardData } from '@wps/contract/games';
import type { CSSProperties, ReactNode } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { GameCard } from './GameCard';
import { OpenGameChoice } from './OpenGameChoice';
import { useOpenGame } from './useOpenGame';
import './games.css';

/** The cards of a phone's first screenful (two rows of three): their art is fetched at once. */
const EAGER_CARDS = 6;
/** The first row: the screen's largest paint is one of them, so their art goes before other pictures. */
const URGENT_CARDS = 3;

export type GameGridStatus = 'loading' | 'ready' | 'error';

export interface GameGridProps {
  games: readonly GameCardData[];
  /** loading: skeleton cards (after the games already shown); error: a message with Retry. */
  status: GameGridStatus;
  onRetry?: () => void;
  /** How many skeleton cards stand in while loading. */
  skeletonCount?: number;
  /** The text when there is nothing to show (default: No games found). */
  emptyText?: ReactNode;
  /** The accessible name of the list. */
  label?: string;
}

const ART_BOX: CSSProperties = { aspectRatio: `${GAME_IMAGE_RATIO}` };

/** The skeleton cards that hold the grid's place while games load: as tall as a card (no layout shift). */
export function GameCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={`skeleton-${index}`} className="game-grid-item" aria-hidden="true">
          <div className="game-card game-card-skeleton">
            <span className="game-image game-card-art game-image-placeholder" style={ART_BOX} />
            <span className="skeleton-line skeleton-line-name" />
            <span className="skeleton-line skeleton-line-short" />
          </div>
        </li>
      ))}
    </>
  );
}

/**
 * Games in a responsive grid, one opener (and one free-play choice dialog) for all of them; skeleton
 * cards while loading, an empty state, and an error state with Retry.
 */
export function GameGrid({ games, status, onRetry, skeletonCount = 6, emptyText, label }: GameGridProps) {
  const { t } = useT();
  const opener = useOpenGame();
  const loading = status === 'loading';

  if (status === 'error' && games.length === 0) {
    return (
      <div className="game-grid-state" role="alert">
        <p>{t('game_list_error')}</p>
        {onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    );
  }
  if (status === 'ready' && games.length === 0) {
    return (
      <p className="game-grid-state" role="status">
        {emptyText ?? t('game_list_empty')}
      </p>
    );
  }
  return (
    <>
      <ul className="game-grid" aria-label={label} aria-busy={loading}>
        {games.map((game, index) => (
          <li key={game.gameId} className="game-grid-item">
            <GameCard
              game={game}
              onOpen={opener.openGame}
              eager={index < EAGER_CARDS}
              urgent={index < URGENT_CARDS}
            />
          </li>
        ))}
        {loading && (
          <GameCardSkeletons count={games.length === 0 ? skeletonCount : Math.min(skeletonCount, 3)} />
        )}
      </ul>
      {loading && (
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
      )}
      {status === 'error' && games.length > 0 && (
        <div className="game-grid-state" role="alert">
          <p>{t('game_list_error')}</p>
          {onRetry && (
            <button type="button" className="button button-primary" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </div>
      )}
      <OpenGameChoice opener={opener} />
    </>
  );
}
