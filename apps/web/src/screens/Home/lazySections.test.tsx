import type { Announcement, Banner, Paged } from '@wps/contract/games';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Idle from '@/platform/idle';
import * as lobby from '@/api/endpoints/lobby';
import { MemoryRouter } from '@/platform/router';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { BannerSection } from './BannerSection';
import { MarqueeSection } from './MarqueeSection';
import { stubMatchMedia } from '@/test/matchMedia';

// The page's idle moment, opened by hand: the sections' code waits for it (ui/lazyWhenIdle.ts).
const idle = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open: () => open() };
});
vi.mock('@/platform/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof Idle>()),
  whenIdle: () => idle.promise,
}));

vi.mock('@/api/endpoints/lobby', () => ({
  fetchBanners: vi.fn(),
  fetchAnnouncements: vi.fn(),
  fetchGameCategories: vi.fn(),
}));
const api = vi.mocked(lobby);

const BANNER: Banner = {
  id: 'b1',
  title: 'Banner one',
  imageBase: '/wps/game/image/banner-1',
  linkageType: 'URL',
  linkage: '/m/sports',
  roomId: null,
  nodeId: null,
  gameType: null,
  vendor: null,
};

const LINE: Announcement = {
  id: 'm1',
  type: 'MARQUEE',
  category: null,
  title: 'Notice',
  content: 'Maintenance tonight',
  imageBase: null,
  startTime: '2026-01-01T00:00:00Z',
  endTime: null,
};

const paged = <T,>(list: T[]): Paged<T> => ({ list, page: 1, pageSize: list.length, total: list.length });

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

// The chunks themselves, compiled once up front (the app's are built): the test waits for the gate only.
beforeAll(async () => {
  await Promise.all([import('./BannerCarousel'), import('./AnnouncementLine')]);
});

beforeEach(() => {
  settingsStore.set({ status: 'ready', settings: testSettings() });
  stubMatchMedia();
});
afterEach(() => {
  vi.clearAllMocks();
  clearSession();
});

function renderSections() {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/home']}>
      <BannerSection />
      <MarqueeSection />
    </MemoryRouter>,
  );
}

describe('the banner and announcement sections: data at once, code when the page is idle', () => {
  // Runs first: the page is not idle yet.
  it.each<[string, () => Promise<Banner[]>, () => Promise<Paged<Announcement>>, string[]]>([
    [
      'both calls fail: nothing held',
      () => Promise.reject(new Error('down')),
      () => Promise.reject(new Error('down')),
      [],
    ],
    ['nothing to show: nothing held', () => Promise.resolve([]), () => Promise.resolve(paged([])), []],
    [
      'only banners: their box alone',
      () => Promise.resolve([BANNER]),
      () => Promise.resolve(paged([])),
      ['banner-skeleton'],
    ],
    [
      'only a line: its height alone',
      () => Promise.resolve([]),
      () => Promise.resolve(paged([LINE])),
      ['marquee-skeleton'],
    ],
    [
      'still loading: both held',
      () => new Promise(() => undefined),
      () => new Promise(() => undefined),
      ['banner-skeleton', 'marquee-skeleton'],
    ],
  ])('before the code: %s', async (_name, banners, lines, held) => {
    api.fetchBanners.mockImplementation(banners);
    api.fetchAnnouncements.mockImplementation(lines);
    renderSections();
    await settle();
    const shown = ['banner-skeleton', 'marquee-skeleton'].filter((id) => screen.queryByTestId(id) !== null);
    expect(shown).toEqual(held);
  });

  it('hold the content’s place with their data in, then show it once their code has come', async () => {
    api.fetchBanners.mockResolvedValue([BANNER]);
    api.fetchAnnouncements.mockResolvedValue(paged([LINE]));
    renderSections();
    await settle();
    // The calls are not held back by the code: asked at the first render.
    expect(api.fetchBanners).toHaveBeenCalledOnce();
    expect(api.fetchAnnouncements).toHaveBeenCalledWith(['MARQUEE']);
    // Before the page is idle: the placeholders, the size of what comes.
    const bannerBox = screen.getByTestId('banner-skeleton');
    expect(bannerBox).toHaveStyle({ aspectRatio: '2 / 1' });
    // home.css: 44 px, the announcement line's own min-height (marquee.css).
    expect(screen.getByTestId('marquee-skeleton')).toHaveClass('home-marquee-skeleton');
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();

    idle.open();
    const carousel = await screen.findByRole('region', { name: 'Featured' });
    expect(carousel.querySelector('.carousel-viewport')).toHaveStyle({ aspectRatio: '2 / 1' });
    expect(screen.getByRole('img', { name: 'Banner one', hidden: true })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    expect(screen.getByRole('region', { name: 'Announcements' })).toHaveTextContent('Maintenance tonight');
    expect(screen.queryByTestId('banner-skeleton')).toBeNull();
    expect(screen.queryByTestId('marquee-skeleton')).toBeNull();
  });
});
