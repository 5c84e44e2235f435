import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../state/session';
import { ensureFavouritesLoaded, favouritesStore, resetFavourites, toggleFavouriteGame } from './favourites';
import { deferred } from '../../test/deferred';
import { signIn } from '../../test/sessionFixture';

vi.mock('../../api/endpoints/game', () => ({
  fetchFavouriteGames: vi.fn(),
  toggleFavourite: vi.fn(),
}));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = () => [...favouritesStore.get().ids].sort();

beforeEach(() => {
  resetFavourites();
  signIn();
});
afterEach(() => {
  clearSession();
  resetFavourites();
});

describe('favourites toggled while the list is loading', () => {
  it.each([
    {
      name: 'a mark survives a list read before it',
      loaded: ['a'],
      taps: ['b'],
      server: 'agrees',
      expected: ['a', 'b'],
    },
    {
      name: 'a mark then an unmark leave it unmarked, though the list still has it',
      loaded: ['a', 'b'],
      taps: ['b', 'b'],
      server: 'agrees',
      expected: ['a'],
    },
    {
      name: 'a refused mark is not laid over the list',
      loaded: ['a'],
      taps: ['b'],
      server: 'refuses',
      expected: ['a'],
    },
    {
      name: 'a refused mark leaves a favourite the list has alone',
      loaded: ['a', 'b'],
      taps: ['b'],
      server: 'refuses',
      expected: ['a', 'b'],
    },
    {
      name: "the server's answer wins over the wish",
      loaded: ['a'],
      taps: ['b'],
      server: 'says not a favourite',
      expected: ['a'],
    },
    {
      name: 'no taps: the list as loaded',
      loaded: ['a', 'c'],
      taps: [],
      server: 'agrees',
      expected: ['a', 'c'],
    },
  ] as const)('$name', async ({ loaded, taps, server, expected }) => {
    const list = deferred<{ gameId: string }[]>();
    ensureFavouritesLoaded(() => list.promise);
    expect(favouritesStore.get().status).toBe('loading');
    const send = vi.fn((request: { gameId: string; favourite: boolean }) => {
      if (server === 'refuses') return Promise.reject(new Error('refused'));
      return Promise.resolve({
        gameId: request.gameId,
        favourite: server === 'agrees' ? request.favourite : false,
      });
    });
    for (const gameId of taps) await toggleFavouriteGame(gameId, send);
    list.resolve(loaded.map((gameId) => ({ gameId })));
    await flush();
    expect(favouritesStore.get().status).toBe('ready');
    expect(ids()).toEqual([...expected]);
  });

  it('marks made after the list has arrived are plain toggles', async () => {
    ensureFavouritesLoaded(() => Promise.resolve([{ gameId: 'a' }]));
    await flush();
    const send = vi.fn(() => Promise.resolve({ gameId: 'a', favourite: false }));
    await toggleFavouriteGame('a', send);
    expect(send).toHaveBeenCalledWith({ gameId: 'a', favourite: false });
    expect(ids()).toEqual([]);
  });

  it('a new session starts without the marks of a load that was cut short', async () => {
    const list = deferred<{ gameId: string }[]>();
    ensureFavouritesLoaded(() => list.promise);
    await toggleFavouriteGame('b', () => Promise.resolve({ gameId: 'b', favourite: true }));
    signIn('other');
    ensureFavouritesLoaded(() => Promise.resolve([{ gameId: 'c' }]));
    await flush();
    list.resolve([{ gameId: 'a' }]);
    await flush();
    expect(favouritesStore.get().token).toBe('other');
    expect(ids()).toEqual(['c']);
  });
});
