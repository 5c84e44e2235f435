import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type {
  Announcement,
  AnnouncementPopup,
  Banner,
  GameCategoryCard,
  GameVendorInfo,
  Paged,
} from '@wps/contract/games';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import * as lobby from '@/api/endpoints/lobby';
import { resetImageFormatCache } from '@/features/games';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { HomeScreen } from '@/screens/Home/HomeScreen';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { stubMatchMedia } from '@/test/matchMedia';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { testGame } from '@/test/testGames';

// The home screen's tests (screens/Home/HomeScreen*.test.tsx): the lobby's answers, the screen in a
// router, and what each test starts from. The tests mock @/api/endpoints/game, @/api/endpoints/lobby and @/platform/idle
// themselves (vi.mock applies to the file that says it).

/** The game and lobby endpoints, as the test file mocked them (one object: the mocks themselves). */
export const api = { ...vi.mocked(game), ...vi.mocked(lobby) };

export function banner(
  id: string,
  linkageType: Banner['linkageType'],
  linkage: string,
  extra: Partial<Banner> = {},
): Banner {
  return {
    id,
    title: `Banner ${id}`,
    imageBase: `/wps/game/image/banner-${id}`,
    linkageType,
    linkage,
    roomId: null,
    nodeId: null,
    gameType: null,
    vendor: null,
    ...extra,
  };
}

export const BANNERS: Banner[] = [
  banner('p', 'P', '7'),
  banner('u', 'URL', '/m/sports'),
  banner('g', 'G', 'LOTTO5', { gameType: 'LOTT', roomId: 'P1', vendor: 'TCG' }),
  banner('x', 'URL', 'example.com/deal'),
  banner('bad', 'URL', 'javascript:alert(1)'),
];

export function announcement(
  id: string,
  type: Announcement['type'],
  extra: Partial<Announcement> = {},
): Announcement {
  return {
    id,
    type,
    category: null,
    title: `Notice ${id}`,
    content: `Line ${id}`,
    imageBase: null,
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
    ...extra,
  };
}

export function paged<T>(list: T[]): Paged<T> {
  return { list, page: 1, pageSize: list.length, total: list.length };
}

export function category(
  code: GameCategoryCard['category'],
  title: string,
  gameCount: number,
): GameCategoryCard {
  return { category: code, title, cards: [], gameClassify: { vendors: [] }, gameCount };
}

export const CATEGORIES = [
  category('SPORTS', 'Sports', 4),
  category('LOTT', 'Lottery', 12),
  category('RNG', 'Slots', 30),
];

export const VENDORS: GameVendorInfo[] = [
  {
    vendor: 'PG',
    displayName: 'PG Soft',
    category: 'RNG',
    gameCount: 20,
    logoUrl: '/wps/game/image/vendor-pg.webp',
    maintenance: false,
  },
];

export const NO_POPUP: AnnouncementPopup = {
  popupList: [],
  autoplay: false,
  delay: 3000,
  showClose: true,
  showTodayCheckbox: true,
  showPagination: true,
  forceRead: false,
  forcePopup: false,
  outsideClose: false,
  waitSeconds: 0,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

// The sections' parts, the game rows and the popup are lazy chunks: load them once up front, as the
export async function renderHome() {
  const view = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/home']}>
      <Routes>
        <Route path="home" element={<HomeScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return view;
}

export function slideLink(title: string): HTMLElement {
  const image = screen.getByRole('img', { name: title, hidden: true });
  const link = image.closest('a');
  if (link === null) throw new Error(`${title} is not a link`);
  return link;
}

/** The lazy parts loaded once, the lobby's answers set before each test, mocks and session cleared after. */
export function prepareHomeScreenTests(): void {
  // The sections' parts, the game rows and the popup are lazy chunks: load them once up front, as the
  // app's first visit does in the background, so each render settles within one tick.
  beforeAll(async () => {
    await Promise.all([
      import('@/screens/Home/BannerCarousel'),
      import('@/screens/Home/AnnouncementLine'),
      import('@/screens/Home/LobbyGames'),
      import('@/features/lobby/AnnouncementPopup'),
    ]);
  });

  beforeEach(() => {
    stubMatchMedia();
    window.localStorage.setItem(LazyStorageKey.imageFormat, 'webp');
    resetImageFormatCache();
    const settings = testSettings();
    settings.gameVendor = { ...settings.gameVendor, sorting: ['LOTT', 'RNG', 'SPORTS'] };
    settingsStore.set({ status: 'ready', settings });
    api.fetchBanners.mockResolvedValue(BANNERS);
    api.fetchAnnouncements.mockResolvedValue(
      paged([announcement('m1', 'MARQUEE'), announcement('m2', 'MARQUEE')]),
    );
    api.fetchPopupAnnouncement.mockResolvedValue(NO_POPUP);
    api.fetchGameCategories.mockResolvedValue(CATEGORIES);
    api.fetchHotGames.mockResolvedValue([testGame({ gameId: 'h1', displayName: 'Hot One' })]);
    api.fetchVendors.mockResolvedValue(VENDORS);
    api.fetchRecentGames.mockResolvedValue([testGame({ gameId: 'r1', displayName: 'Recent One' })]);
    api.fetchFavouriteGames.mockResolvedValue([testGame({ gameId: 'f1', displayName: 'Fav One' })]);
    api.fetchRankList.mockResolvedValue([
      {
        maskedName: 'a***e',
        gameName: 'Hot One',
        gameId: 'h1',
        amount: 1500,
        currency: 'PHP',
        at: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  afterEach(() => {
    vi.clearAllMocks();
    clearSession();
  });
}
