import type { GameCard as GameCardData } from '@wps/contract/games';
import { useId } from 'react';
import { GameCard, GameCardSkeletons } from '@/features/games';
import type { OpenableGame } from '@/features/games';
import { useT } from '@/i18n/I18nProvider';
import type { LoadState } from '@/queries/useQuery';

const SKELETON_CARDS = 4;

export interface GameRowProps {
  title: string;
  state: LoadState<readonly GameCardData[]>;
  onOpen: (game: OpenableGame) => void;
  /** A quiet message instead of hiding the row when the call fails. */
  showError?: boolean;
  testId?: string;
}

/**
 * A titled, horizontally scrolling row of game cards: skeleton cards while loading, hidden when empty
 * (or on failure, unless `showError`).
 */
export function GameRow({ title, state, onOpen, showError = false, testId }: GameRowProps) {
  const { t } = useT();
  const headingId = useId();
  if (state.status === 'idle') return null;
  const games = state.status === 'ready' && Array.isArray(state.data) ? state.data : [];
  if (state.status === 'ready' && games.length === 0) return null;
  if (state.status === 'failed' && !showError) return null;

  return (
    <section className="home-section" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="home-section-title">
        {title}
      </h2>
      {state.status === 'failed' ? (
        <p className="home-quiet">{t('lobby_section_error')}</p>
      ) : (
        <ul className="home-game-row" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? (
            <GameCardSkeletons count={SKELETON_CARDS} />
          ) : (
            games.map((game) => (
              <li key={game.gameId} className="game-grid-item">
                <GameCard game={game} onOpen={onOpen} />
              </li>
            ))
          )}
        </ul>
      )}
    </section>
  );
}
