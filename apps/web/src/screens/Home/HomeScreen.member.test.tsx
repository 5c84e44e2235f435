import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Idle from '@/platform/idle';
import { signIn } from '@/test/sessionFixture';
import { api, prepareHomeScreenTests, renderHome } from '@/test/homeScreenFixtures';

vi.mock('@/api/endpoints/game', () => ({
  fetchPopupAnnouncement: vi.fn(),
  fetchHotGames: vi.fn(),
  fetchRecentGames: vi.fn(),
  fetchFavouriteGames: vi.fn(),
  fetchRankList: vi.fn(),
  toggleFavourite: vi.fn(),
  trialLaunch: vi.fn(),
}));
vi.mock('@/api/endpoints/lobby', () => ({
  fetchBanners: vi.fn(),
  fetchAnnouncements: vi.fn(),
  fetchGameCategories: vi.fn(),
  fetchVendors: vi.fn(),
}));

// The sections' code loads when the page is idle (ui/lazyWhenIdle.ts): here at once, as on a page
// that has been open a moment. lazySections.test.tsx covers the wait itself.
vi.mock('@/platform/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof Idle>()),
  whenIdle: () => Promise.resolve(),
}));

prepareHomeScreenTests();

describe('HomeScreen: member', () => {
  it('shows recently played and favourites', async () => {
    signIn();
    await renderHome();
    expect(screen.getByRole('heading', { name: 'Recently played' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('home-recent')).getByRole('link', { name: /Recent One/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Favourites' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('home-favourites')).getByRole('link', { name: /Fav One/ }),
    ).toBeInTheDocument();
  });

  it('hides the member rows when they are empty', async () => {
    signIn();
    api.fetchRecentGames.mockResolvedValue([]);
    api.fetchFavouriteGames.mockResolvedValue([]);
    await renderHome();
    expect(screen.queryByRole('heading', { name: 'Recently played' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Favourites' })).not.toBeInTheDocument();
  });
});
