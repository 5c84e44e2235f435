import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { GameCard, GameCategoryCard, GameVendorInfo, Paged } from '@wps/contract/games';
import type { GameListQuery } from '@wps/contract/schemas/games';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import * as lobby from '@/api/endpoints/lobby';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { GameArea, SEARCH_DEBOUNCE_MS } from './GameArea';
import { testGame } from '@/test/testGames';
import { deferred } from '@/test/deferred';

vi.mock('@/api/endpoints/game', () => ({
  fetchGameList: vi.fn(),
  fetchFavouriteGames: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
vi.mock('@/api/endpoints/lobby', () => ({ fetchGameCategories: vi.fn(), fetchVendors: vi.fn() }));
const fetchGameCategories = vi.mocked(lobby.fetchGameCategories);
const fetchVendors = vi.mocked(lobby.fetchVendors);
const fetchGameList = vi.mocked(game.fetchGameList);

function category(
  code: GameCategoryCard['category'],
  title: string,
  vendors: string[] = [],
): GameCategoryCard {
  return { category: code, title, cards: [], gameClassify: { vendors }, gameCount: 1 };
}

function page(list: GameCard[], total = list.length, number = 1): Paged<GameCard> {
  return { list, page: number, pageSize: 24, total };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function renderArea(entry = '/m/game', locked?: GameCategoryCard['category']) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[entry]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <GameArea title="Games" lockedCategory={locked} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const calls = () => fetchGameList.mock.calls.map(([query]) => query);
const lastCall = (): GameListQuery | undefined => calls().at(-1);

beforeEach(() => {
  window.localStorage.setItem(LazyStorageKey.imageFormat, 'webp');
  settingsStore.set({
    status: 'ready',
    settings: {
      ...testSettings(),
      gameVendor: {
        mapping: { PG: 'PG Soft' },
        sorting: ['LIVE', 'RNG'],
        vendorSorting: {},
        display: { HIDDEN: false },
        ordinal: {},
        allVendors: [],
      },
    },
  });
  fetchGameCategories.mockResolvedValue([
    category('RNG', 'Slots', ['PG', 'HIDDEN']),
    category('LIVE', 'Live casino'),
  ]);
  fetchVendors.mockResolvedValue([]);
  vi.mocked(game.fetchFavouriteGames).mockResolvedValue([]);
});

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('GameArea', () => {
  it('shows skeleton cards while loading, then the games and their count', async () => {
    const answer = deferred<Paged<GameCard>>();
    fetchGameList.mockReturnValue(answer.promise);
    renderArea();
    expect(screen.getByRole('heading', { name: 'Games' })).toBeInTheDocument();
    await waitFor(() => expect(fetchGameList).toHaveBeenCalled());
    const list = screen.getByRole('list', { name: 'Games' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
    await act(async () => answer.resolve(page([testGame({ gameId: 'a' }), testGame({ gameId: 'b' })])));
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('2 games')).toBeInTheDocument();
  });

  it('orders the category tabs by the merchant settings and opens the first', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Live casino', 'Slots']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastCall()).toEqual({ category: 'LIVE', page: 1, pageSize: 24 }));
  });

  it('holds the rows of the tabs and the vendor chips while they load, then shows them', async () => {
    const categories = deferred<GameCategoryCard[]>();
    fetchGameCategories.mockReturnValue(categories.promise);
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=RNG');
    expect(screen.getAllByTestId('pills-pending')).toHaveLength(2);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await act(async () => categories.resolve([category('RNG', 'Slots', ['PG']), category('LIVE', 'Live')]));
    await waitFor(() => expect(screen.queryAllByTestId('pills-pending')).toHaveLength(0));
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PG Soft' })).toBeInTheDocument();
  });

  const PG_INFO: GameVendorInfo = {
    vendor: 'PG',
    displayName: 'Pocket Games',
    category: 'RNG',
    gameCount: 1,
    logoUrl: '',
    maintenance: false,
  };

  it.each([
    // The list, when it has the category, is the chips; else the category's codes are.
    ['the names arrive: the chips show them', [PG_INFO], ['All', 'Pocket Games']],
    ['the list lacks the category: the codes', [], ['All', 'PG', 'HIDDEN']],
    ['the list fails: the codes', new Error('down'), ['All', 'PG', 'HIDDEN']],
  ] as const)(
    'holds the chips as grey pills while the vendors’ list (their names) loads, never a code first; %s',
    async (_case, answer, chipNames) => {
      const vendors = deferred<undefined>();
      fetchVendors.mockReturnValue(
        vendors.promise.then(() => (answer instanceof Error ? Promise.reject(answer) : [...answer])),
      );
      // No name of the merchant's for PG: its name comes with the vendors' list.
      settingsStore.set({ status: 'ready', settings: testSettings() });
      fetchGameList.mockResolvedValue(page([]));
      renderArea('/m/game?category=RNG');
      await screen.findByRole('tab', { name: 'Slots' });
      expect(screen.getAllByTestId('pills-pending')).toHaveLength(1);
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      await act(async () => vendors.resolve(undefined));
      await waitFor(() => expect(screen.queryAllByTestId('pills-pending')).toHaveLength(0));
      const chips = within(screen.getByRole('group'));
      expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(chipNames);
    },
  );

  it('lets the pending rows go when the category has no vendors', async () => {
    fetchGameCategories.mockResolvedValue([category('LIVE', 'Live')]);
    fetchGameList.mockResolvedValue(page([]));
    renderArea();
    await screen.findByRole('tab', { name: 'Live' });
    await waitFor(() => expect(screen.queryAllByTestId('pills-pending')).toHaveLength(0));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea();
    expect(await screen.findByText('No games found.')).toBeInTheDocument();
    expect(screen.getByText('0 games')).toBeInTheDocument();
  });

  it('shows an error with Retry, and retries', async () => {
    fetchGameList.mockRejectedValueOnce(new Error('down'));
    fetchGameList.mockResolvedValueOnce(page([testGame({ gameId: 'a' })]));
    renderArea();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The games could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Game a/ })).toBeInTheDocument();
    expect(fetchGameList).toHaveBeenCalledTimes(2);
  });

  it('keeps the chosen category in the URL and loads its games', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?affiliateCode=aff1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Slots' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?affiliateCode=aff1&category=RNG');
    expect(screen.getByRole('tab', { name: 'Slots' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastCall()).toMatchObject({ category: 'RNG', page: 1 }));
  });

  it('opens the category of the URL, and ignores one that is not offered', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=RNG');
    await waitFor(() => expect(calls()[0]).toMatchObject({ category: 'RNG' }));
    expect(await screen.findByRole('tab', { name: 'Slots' })).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to the first category for an unknown one', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=EVIL');
    await waitFor(() => expect(calls()[0]).toMatchObject({ category: 'LIVE' }));
  });

  it('moves between tabs with the arrow keys', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea();
    const first = await screen.findByRole('tab', { name: 'Live casino' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Slots' })).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('category=RNG');
  });

  it('searches every category once typing settles, and says so', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=RNG&vendor=PG');
    await waitFor(() => expect(lastCall()).toEqual({ category: 'RNG', vendor: 'PG', page: 1, pageSize: 24 }));
    const before = fetchGameList.mock.calls.length;
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    expect(box).toHaveAttribute('maxLength', '40');
    expect(screen.queryByTestId('search-scope')).not.toBeInTheDocument();
    await userEvent.type(box, 'luc');
    expect(fetchGameList).toHaveBeenCalledTimes(before);
    expect(screen.getByTestId('search-scope')).toHaveTextContent('Searching all categories');
    expect(box).toHaveAccessibleDescription('Searching all categories');
    // Neither the category nor the vendor narrows it.
    await waitFor(() => expect(lastCall()).toEqual({ search: 'luc', page: 1, pageSize: 24 }), {
      timeout: SEARCH_DEBOUNCE_MS * 4,
    });
    const vendors = screen.getByRole('group', { name: 'Providers' });
    expect(within(vendors).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchGameList).toHaveBeenCalledTimes(before + 1);
    // One clear control, labelled; clearing goes back to the category at once, the box keeps the focus.
    const clear = screen.getByRole('button', { name: 'Clear search' });
    await userEvent.click(clear);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByTestId('search-scope')).not.toBeInTheDocument();
    await waitFor(() => expect(lastCall()).toEqual({ category: 'RNG', vendor: 'PG', page: 1, pageSize: 24 }));
  });

  it('finds games while the categories cannot be loaded', async () => {
    fetchGameCategories.mockRejectedValue(new Error('down'));
    fetchGameList.mockResolvedValue(page([testGame({ gameId: 'x', displayName: 'Lucky X' })]));
    renderArea();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'luc');
    expect(await screen.findByRole('link', { name: /Lucky X/ })).toBeInTheDocument();
    expect(lastCall()).toEqual({ search: 'luc', page: 1, pageSize: 24 });
  });

  it('choosing a category ends a search of every category', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=RNG');
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    await userEvent.type(box, 'luc');
    await waitFor(() => expect(lastCall()).toEqual({ search: 'luc', page: 1, pageSize: 24 }), {
      timeout: SEARCH_DEBOUNCE_MS * 4,
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Live casino' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(lastCall()).toEqual({ category: 'LIVE', page: 1, pageSize: 24 }));
  });

  it('on a category page searches that category, and says so', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/live', 'LIVE');
    await waitFor(() => expect(fetchGameList).toHaveBeenCalledTimes(1));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'roul');
    expect(screen.getByTestId('search-scope')).toHaveTextContent('Searching in Games');
    await waitFor(
      () => expect(lastCall()).toEqual({ category: 'LIVE', search: 'roul', page: 1, pageSize: 24 }),
      { timeout: SEARCH_DEBOUNCE_MS * 4 },
    );
  });

  it('offers no category without games', async () => {
    fetchGameCategories.mockResolvedValue([
      category('RNG', 'Slots'),
      { ...category('PVP', 'Duels'), gameCount: 0 },
      category('LIVE', 'Live casino'),
    ]);
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=PVP');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Live casino', 'Slots']);
    await waitFor(() => expect(lastCall()).toEqual({ category: 'LIVE', page: 1, pageSize: 24 }));
  });

  it('filters by vendor chip, named by the merchant mapping, hidden vendors left out', async () => {
    fetchGameList.mockResolvedValue(page([]));
    renderArea('/m/game?category=RNG');
    const vendors = await screen.findByRole('group', { name: 'Providers' });
    expect(
      within(vendors)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'PG Soft']);
    await userEvent.click(within(vendors).getByRole('button', { name: 'PG Soft' }));
    expect(within(vendors).getByRole('button', { name: 'PG Soft' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastCall()).toMatchObject({ category: 'RNG', vendor: 'PG', page: 1 }));
    expect(screen.getByTestId('where')).toHaveTextContent('vendor=PG');
  });

  it('loads more games page by page', async () => {
    fetchGameList.mockResolvedValueOnce(page([testGame({ gameId: 'a' }), testGame({ gameId: 'b' })], 3));
    fetchGameList.mockResolvedValueOnce(page([testGame({ gameId: 'c' })], 3, 2));
    renderArea('/m/game?category=RNG');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Game c/ })).toBeInTheDocument();
    expect(lastCall()).toMatchObject({ category: 'RNG', page: 2 });
    expect(screen.getAllByRole('link', { name: /Game/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the categories cannot be loaded', async () => {
    fetchGameCategories.mockRejectedValueOnce(new Error('down'));
    fetchGameList.mockResolvedValue(page([testGame({ gameId: 'a' })]));
    renderArea();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Live casino' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Game a/ })).toBeInTheDocument();
  });

  it('locked to a category: no tabs, that category only', async () => {
    fetchGameList.mockResolvedValue(page([testGame({ gameId: 'a' })]));
    renderArea('/m/live?category=RNG', 'LIVE');
    expect(await screen.findByRole('link', { name: /Game a/ })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(calls()).toEqual([{ category: 'LIVE', page: 1, pageSize: 24 }]);
  });
});
