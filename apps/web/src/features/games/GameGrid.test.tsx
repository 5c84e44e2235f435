import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/platform/router';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testGame } from '@/test/testGames';
import { GameGrid } from './GameGrid';

function loadingOfArt(count: number): (string | null)[] {
  const games = Array.from({ length: count }, (_, index) => testGame({ gameId: `g${index}` }));
  const { container } = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/game']}>
      <GameGrid games={games} status="ready" />
    </MemoryRouter>,
  );
  return [...container.querySelectorAll('.game-card-art')].map((art) => art.getAttribute('loading'));
}

describe('GameGrid: the first screenful of art loads at once, the rest lazily', () => {
  it.each([
    [1, ['eager']],
    [6, Array(6).fill('eager')],
    [8, [...Array(6).fill('eager'), 'lazy', 'lazy']],
  ])('%i cards → %j', (count, expected) => {
    expect(loadingOfArt(count)).toEqual(expected);
  });
});
