import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import * as lobby from '@/api/endpoints/lobby';
import { applyTestSettings } from '@/test/settingsFixture';
import { renderWithI18n } from '@/test/renderWithI18n';
import { GameScreen } from './GameScreen';

vi.mock('@/api/endpoints/game', () => ({
  fetchGameList: vi.fn(),
  fetchFavouriteGames: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
vi.mock('@/api/endpoints/lobby', () => ({ fetchGameCategories: vi.fn(), fetchVendors: vi.fn() }));

beforeEach(() => {
  window.localStorage.setItem(LazyStorageKey.imageFormat, 'avif');
  applyTestSettings();
  vi.mocked(lobby.fetchGameCategories).mockResolvedValue([
    { category: 'LOTT', title: 'Lottery', cards: [], gameClassify: { vendors: [] }, gameCount: 1 },
  ]);
  vi.mocked(lobby.fetchVendors).mockResolvedValue([]);
  vi.mocked(game.fetchGameList).mockResolvedValue({ list: [], page: 1, pageSize: 24, total: 0 });
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('GameScreen', () => {
  it('is the game area with category tabs, asking vendors in the browser image format', async () => {
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/game']}>
        <GameScreen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Lottery' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lobby.fetchVendors).toHaveBeenCalledWith('avif'));
  });
});
