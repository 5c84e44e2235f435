import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Idle from '@/platform/idle';
import { settingsStore } from '@/state/settings';
import { testSettings } from '@/test/settingsFixture';
import { signIn } from '@/test/sessionFixture';
import {
  CATEGORIES,
  NO_POPUP,
  announcement,
  api,
  category,
  paged,
  prepareHomeScreenTests,
  renderHome,
  slideLink,
} from '@/test/homeScreenFixtures';

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

describe('HomeScreen: visitor', () => {
  it("keeps the merchant's title and shows the lobby sections", async () => {
    await renderHome();
    // For screen readers only: the shell's header already shows the name.
    expect(screen.getByRole('heading', { level: 1, name: 'Aurora Play' })).toHaveClass('home-title');
    expect(screen.getByRole('region', { name: 'Featured' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Game categories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hot games' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Hot One/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Game providers' })).toBeInTheDocument();
    expect(api.fetchAnnouncements).toHaveBeenCalledWith(['MARQUEE']);
    expect(api.fetchVendors).toHaveBeenCalledWith('webp');
  });

  it('shows no member rows and does not ask for them', async () => {
    await renderHome();
    expect(screen.queryByRole('heading', { name: 'Recently played' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Favourites' })).not.toBeInTheDocument();
    expect(api.fetchRecentGames).not.toHaveBeenCalled();
  });

  it('banner links follow the banner rule', async () => {
    await renderHome();
    expect(slideLink('Banner p')).toHaveAttribute('href', '/m/activity?id=7');
    expect(slideLink('Banner u')).toHaveAttribute('href', '/m/sports');
    const launch = '/m/launchGame?prize_mode=P1&code=LOTTO5&playType=NORMAL&backUrl=%2Fm%2Fhome';
    expect(slideLink('Banner g')).toHaveAttribute('href', `/m/login?go=${encodeURIComponent(launch)}`);
    const external = slideLink('Banner x');
    expect(external).toHaveAttribute('href', 'https://example.com/deal');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');
    // a hostile link is not clickable at all
    expect(screen.getByRole('img', { name: 'Banner bad', hidden: true }).closest('a')).toBeNull();
  });

  it('the first banner loads eagerly with high priority, the rest lazily', async () => {
    await renderHome();
    const first = screen.getByRole('img', { name: 'Banner p', hidden: true });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    const second = screen.getByRole('img', { name: 'Banner u', hidden: true });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(first.closest('picture')?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/wps/game/image/banner-p.avif',
    );
  });

  it.each([
    ['Banner p', '/m/activity?id=7', 0],
    ['Banner u', '/m/sports', 1],
    [
      'Banner g',
      '/m/login?go=%2Fm%2FlaunchGame%3Fprize_mode%3DP1%26code%3DLOTTO5%26playType%3DNORMAL%26backUrl%3D%252Fm%252Fhome',
      2,
    ],
  ])('clicking %s goes to %s', async (title, where, slide) => {
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: `Slide ${slide + 1}` }));
    fireEvent.click(slideLink(title));
    expect(await screen.findByTestId('where')).toHaveTextContent(where);
  });

  it('a member clicking a game banner goes straight to the launch', async () => {
    signIn();
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }));
    fireEvent.click(slideLink('Banner g'));
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/m/launchGame?prize_mode=P1&code=LOTTO5&playType=NORMAL&backUrl=%2Fm%2Fhome',
    );
  });

  it('categories follow the merchant order, link to their page and show their game count', async () => {
    await renderHome();
    const list = screen.getByTestId('home-categories');
    const links = within(list).getAllByRole('link');
    expect(within(list).getByRole('link', { name: 'Lottery 12 games' })).toHaveAttribute(
      'data-category',
      'LOTT',
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'Lottery 12 games',
      'Slots 30 games',
      'Sports 4 games',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/m/game?category=LOTT',
      '/m/rng',
      '/m/sports',
    ]);
  });

  it('never offers a category without games', async () => {
    api.fetchGameCategories.mockResolvedValue([...CATEGORIES, category('PVP', 'PvP', 0)]);
    await renderHome();
    const list = screen.getByTestId('home-categories');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).queryByRole('link', { name: /PvP/ })).not.toBeInTheDocument();
  });

  it('holds the tiles the settings name with blank tiles while loading, never default categories', async () => {
    const settings = testSettings();
    settings.gameVendor = { ...settings.gameVendor, sorting: ['LOTT', 'RNG', 'SPORTS', 'LIVE', 'FISH'] };
    settingsStore.set({ status: 'ready', settings });
    api.fetchGameCategories.mockReturnValue(new Promise(() => undefined));
    await renderHome();
    const list = screen.getByTestId('home-categories');
    expect(list).toHaveAttribute('aria-busy', 'true');
    // The settings name five categories: five tiles' place, none of them a link yet.
    expect(within(list).getAllByTestId('category-skeleton')).toHaveLength(5);
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
  });

  it('holds one row of blank tiles when the settings name no category', async () => {
    settingsStore.set({ status: 'ready', settings: testSettings() });
    api.fetchGameCategories.mockReturnValue(new Promise(() => undefined));
    await renderHome();
    expect(within(screen.getByTestId('home-categories')).getAllByTestId('category-skeleton')).toHaveLength(3);
  });

  it('is hidden when the merchant has no category with games', async () => {
    api.fetchGameCategories.mockResolvedValue([category('PVP', 'PvP', 0)]);
    await renderHome();
    expect(screen.queryByRole('heading', { name: 'Game categories' })).not.toBeInTheDocument();
  });

  it('without categories the pages of the categories the settings name stay reachable', async () => {
    api.fetchGameCategories.mockRejectedValue(new Error('down'));
    await renderHome();
    const list = screen.getByTestId('home-categories');
    expect(within(list).getByRole('link', { name: 'Sports' })).toHaveAttribute('href', '/m/sports');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/m/sports', '/m/rng']);
  });

  it('shows recent wins as plain text between hot games and providers', async () => {
    await renderHome();
    const list = screen.getByRole('list', { name: 'Recent wins' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('a***e won ₱1,500.00 on Hot One');
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const at = (name: string) => headings.indexOf(name);
    expect(at('Hot games')).toBeLessThan(at('Recent wins'));
    expect(at('Recent wins')).toBeLessThan(at('Game providers'));
  });

  it('vendors show their logos and lead to the game area', async () => {
    await renderHome();
    const link = screen.getByRole('link', { name: 'PG Soft' });
    expect(link).toHaveAttribute('href', '/m/game?category=RNG&vendor=PG');
    expect(link.querySelector('img')).toHaveAttribute('src', '/wps/game/image/vendor-pg.webp');
  });

  it('the marquee opens the announcement list', async () => {
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Show all announcements' }));
    // The list is its own chunk, fetched on the tap.
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(within(dialog).getByRole('heading', { name: 'Notice m2' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the popup announcement', async () => {
    api.fetchPopupAnnouncement.mockResolvedValue({ ...NO_POPUP, popupList: [announcement('p1', 'POPUP')] });
    await renderHome();
    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    expect(within(dialog).getByText('Line p1')).toBeInTheDocument();
  });

  it('sections step aside quietly when their calls fail', async () => {
    api.fetchBanners.mockRejectedValue(new Error('down'));
    api.fetchAnnouncements.mockRejectedValue(new Error('down'));
    api.fetchVendors.mockRejectedValue(new Error('down'));
    api.fetchHotGames.mockRejectedValue(new Error('down'));
    api.fetchRankList.mockRejectedValue(new Error('down'));
    await renderHome();
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('banner-skeleton')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Game providers' })).not.toBeInTheDocument();
    expect(screen.getByTestId('home-hot')).toHaveTextContent('This section could not be loaded.');
    expect(screen.queryByRole('heading', { name: 'Recent wins' })).not.toBeInTheDocument();
  });

  it('reserves the banner box while loading and hides empty sections', async () => {
    api.fetchBanners.mockReturnValue(new Promise(() => undefined));
    api.fetchAnnouncements.mockResolvedValue(paged([]));
    api.fetchHotGames.mockResolvedValue([]);
    await renderHome();
    expect(screen.getByTestId('banner-skeleton')).toHaveStyle({ aspectRatio: '2 / 1' });
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Hot games' })).not.toBeInTheDocument();
  });
});
