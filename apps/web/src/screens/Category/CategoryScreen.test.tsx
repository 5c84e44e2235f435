import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '../../api/endpoints/game';
import { StorageKey } from '../../platform/storage';
import { applyTestSettings } from '../../test/settingsFixture';
import { renderWithI18n } from '../../test/renderWithI18n';
import { CategoryScreen } from './CategoryScreen';

vi.mock('../../api/endpoints/game', () => ({
  fetchGameCategories: vi.fn(),
  fetchVendors: vi.fn(),
  fetchGameList: vi.fn(),
  fetchFavouriteGames: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
const fetchGameList = vi.mocked(game.fetchGameList);

function renderAt(path: string) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<CategoryScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.setItem(StorageKey.imageFormat, 'webp');
  applyTestSettings();
  vi.mocked(game.fetchGameCategories).mockResolvedValue([]);
  vi.mocked(game.fetchVendors).mockResolvedValue([
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
