import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import * as lobby from '@/api/endpoints/lobby';
import { RouteHandleContext } from '@/features/navigation';
import type { MessageKey } from '@/i18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { renderWithI18n } from '@/test/renderWithI18n';
import { CategoryScreen } from './CategoryScreen';

vi.mock('@/api/endpoints/game', () => ({
  fetchGameList: vi.fn(),
  fetchFavouriteGames: vi.fn(),
  fetchGameMatches: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
vi.mock('@/api/endpoints/lobby', () => ({ fetchGameCategories: vi.fn(), fetchVendors: vi.fn() }));
const fetchGameList = vi.mocked(game.fetchGameList);
const fetchGameMatches = vi.mocked(game.fetchGameMatches);

/** The screen at `path` with the handle the app's route table gives it (`/m/live` → page_live). */
function renderAt(path: string) {
  const handle = { titleKey: `page_${path.slice('/m/'.length)}` as MessageKey };
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[path]}>
      <RouteHandleContext value={handle}>
        <Routes>
          <Route path="*" element={<CategoryScreen />} />
        </Routes>
      </RouteHandleContext>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.setItem(LazyStorageKey.imageFormat, 'webp');
  applyTestSettings();
  vi.mocked(lobby.fetchGameCategories).mockResolvedValue([]);
  vi.mocked(lobby.fetchVendors).mockResolvedValue([
    {
      vendor: 'EVO',
      displayName: 'Evolution',
      category: 'LIVE',
      gameCount: 3,
      logoUrl: '',
      maintenance: false,
    },
    { vendor: 'PG', displayName: 'PG', category: 'RNG', gameCount: 3, logoUrl: '', maintenance: false },
  ]);
  fetchGameList.mockResolvedValue({ list: [], page: 1, pageSize: 24, total: 0 });
  fetchGameMatches.mockResolvedValue([
    {
      matchId: 'm1',
      league: 'Premier League',
      home: 'Arsenal',
      away: 'Chelsea',
      startTime: '2026-11-28T20:30:00Z',
      odds: { home: 1.85, draw: 3.4, away: 4.1 },
      gameId: 'sb1',
    },
  ]);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('CategoryScreen', () => {
  it.each([
    ['/m/live', 'Live casino', 'LIVE'],
    ['/m/sports', 'Sports', 'SPORTS'],
    ['/m/elott', 'E-Lottery', 'ELOTT'],
  ])('%s is the game area locked to its category', async (path, title, category) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchGameList).toHaveBeenCalledWith({ category, page: 1, pageSize: 24 }));
  });

  it('the sports page shows the upcoming matches above the games', async () => {
    renderAt('/m/sports');
    const list = await screen.findByRole('list', { name: 'Upcoming matches' });
    expect(within(list).getByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming matches' })).toBeInTheDocument();
    expect(
      list.compareDocumentPosition(screen.getByRole('searchbox')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('other category pages show no matches and do not ask for them', async () => {
    renderAt('/m/live');
    await waitFor(() => expect(fetchGameList).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Upcoming matches' })).not.toBeInTheDocument();
    expect(fetchGameMatches).not.toHaveBeenCalled();
  });

  it('shows the vendors of its own category only', async () => {
    renderAt('/m/live');
    expect(await screen.findByRole('button', { name: 'Evolution' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PG' })).not.toBeInTheDocument();
  });

  it('keeps the placeholder on an info page', () => {
    renderAt('/m/news');
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(fetchGameList).not.toHaveBeenCalled();
  });
});
