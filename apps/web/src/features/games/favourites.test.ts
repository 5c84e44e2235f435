import type { GameCard } from '@wps/contract/games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import { peek, queryId } from '@/queries/store';
import { fetchQuery, getQueryData } from '@/queries/queryData';
import { getScope } from '@/queries/scope';
import { clearSession } from '@/state/session';
import { favouritesQuery, toggleFavouriteGame } from './favourites';
import { deferred } from '@/test/deferred';
import { signIn } from '@/test/sessionFixture';
import { testGame } from '@/test/testGames';

vi.mock('@/api/endpoints/game', () => ({ fetchFavouriteGames: vi.fn(), toggleFavourite: vi.fn() }));
const fetchFavouriteGames = vi.mocked(game.fetchFavouriteGames);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = () => [...(getQueryData(favouritesQuery) ?? [])].sort();
const status = () => peek(queryId(favouritesQuery, getScope()) ?? '')?.status;
const games = (list: readonly string[]): GameCard[] => list.map((gameId) => testGame({ gameId }));

/** Starts loading the favourites of the current session, answered by `answer`. */
function loadFavourites(answer: Promise<GameCard[]>): void {
  fetchFavouriteGames.mockReturnValueOnce(answer);
  fetchQuery(favouritesQuery).catch(() => undefined);
}

beforeEach(() => {
  signIn();
});
afterEach(() => {
  clearSession();
  vi.clearAllMocks();
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
    const list = deferred<GameCard[]>();
    loadFavourites(list.promise);
    expect(status()).toBe('loading');
    const send = vi.fn((request: { gameId: string; favourite: boolean }) => {
      if (server === 'refuses') return Promise.reject(new Error('refused'));
      return Promise.resolve({
        gameId: request.gameId,
        favourite: server === 'agrees' ? request.favourite : false,
      });
    });
    for (const gameId of taps) await toggleFavouriteGame(gameId, send);
    list.resolve(games(loaded));
    await flush();
    expect(status()).toBe('ready');
    expect(ids()).toEqual([...expected]);
  });

  it('marks made after the list has arrived are plain toggles', async () => {
    loadFavourites(Promise.resolve(games(['a'])));
    await flush();
    const send = vi.fn(() => Promise.resolve({ gameId: 'a', favourite: false }));
    await toggleFavouriteGame('a', send);
    expect(send).toHaveBeenCalledWith({ gameId: 'a', favourite: false });
    expect(ids()).toEqual([]);
  });

  it('a new session starts without the marks of a load that was cut short', async () => {
    const list = deferred<GameCard[]>();
    loadFavourites(list.promise);
    await toggleFavouriteGame('b', () => Promise.resolve({ gameId: 'b', favourite: true }));
    signIn('other');
    loadFavourites(Promise.resolve(games(['c'])));
    await flush();
    list.resolve(games(['a']));
    await flush();
    expect(ids()).toEqual(['c']);
    clearSession();
    expect(getQueryData(favouritesQuery)).toBeUndefined();
  });
});
