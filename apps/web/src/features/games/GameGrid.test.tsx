import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/platform/router';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testGame } from '@/test/testGames';
import { GameGrid } from './GameGrid';

function artOf(count: number): Element[] {
  const games = Array.from({ length: count }, (_, index) => testGame({ gameId: `g${index}` }));
  const { container } = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/game']}>
      <GameGrid games={games} status="ready" />
    </MemoryRouter>,
  );
  return [...container.querySelectorAll('.game-card-art')];
}

const loadingOfArt = (count: number) => artOf(count).map((art) => art.getAttribute('loading'));
const priorityOfArt = (count: number) => artOf(count).map((art) => art.getAttribute('fetchpriority'));

describe('GameGrid: the first screenful of art loads at once, the rest lazily', () => {
  it.each([
    [1, ['eager']],
    [6, Array(6).fill('eager')],
    [8, [...Array(6).fill('eager'), 'lazy', 'lazy']],
  ])('%i cards → %j', (count, expected) => {
    expect(loadingOfArt(count)).toEqual(expected);
  });
});

describe('GameGrid: the first row’s art is fetched before other pictures (the largest paint)', () => {
  it.each([
    [1, ['high']],
    [3, ['high', 'high', 'high']],
    [5, ['high', 'high', 'high', null, null]],
  ])('%i cards → %j', (count, expected) => {
    expect(priorityOfArt(count)).toEqual(expected);
  });
});
