import type { Announcement, Paged } from '@wps/contract';
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import { renderWithI18n } from '@/test/renderWithI18n';
import { ActivityScreen } from './ActivityScreen';

vi.mock('@/api/endpoints/game', () => ({ fetchAnnouncements: vi.fn() }));
const fetchAnnouncements = vi.mocked(game.fetchAnnouncements);

function promotion(id: string, extra: Partial<Announcement> = {}): Announcement {
  return {
    id,
    type: 'PR',
    category: null,
    title: `Promotion ${id}`,
    content: `<img src=x onerror=alert(1)>\nSecond line ${id}`,
    imageBase: `/wps/game/image/promo-${id}`,
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
    ...extra,
  };
}

function paged(list: Announcement[]): Paged<Announcement> {
  return { list, page: 1, pageSize: list.length, total: list.length };
}

async function renderAt(url: string) {
  const view = renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="activity" element={<ActivityScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

afterEach(() => {
  fetchAnnouncements.mockReset();
});

describe('ActivityScreen', () => {
  it('shows the promotion of ?id= with its title, image and plain-text content', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('7')]));
    const { container } = await renderAt('/m/activity?id=7');
    expect(fetchAnnouncements).toHaveBeenCalledWith(['PR'], { id: '7' });
    expect(screen.getByRole('heading', { level: 1, name: 'Promotion 7' })).toBeInTheDocument();
    const content = screen.getByText(/Second line 7/);
    expect(content.textContent).toContain('<img src=x onerror=alert(1)>');
    // the content is text, no element was made from it
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/wps/game/image/promo-7.avif',
    );
    expect(screen.getByRole('link', { name: 'All promotions' })).toHaveAttribute('href', '/m/activity');
  });

  it('shows the end date when there is one', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('7', { endTime: '2026-12-31T12:00:00Z' })]));
    await renderAt('/m/activity?id=7');
    expect(screen.getByText(/^Until /)).toBeInTheDocument();
  });

  it.each([
    ['an unknown id', paged([])],
    ['an answer for another id', paged([promotion('8')])],
  ])('%s shows an empty state with a link home', async (_name, answer) => {
    fetchAnnouncements.mockResolvedValue(answer);
    await renderAt('/m/activity?id=7');
    expect(screen.getByText('This promotion is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
  });

  it('a failed call says so, with a link home', async () => {
    fetchAnnouncements.mockRejectedValue(new Error('down'));
    await renderAt('/m/activity?id=7');
    expect(screen.getByText('Promotions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('an over-long id is not asked for', async () => {
    await renderAt(`/m/activity?id=${'a'.repeat(80)}`);
    expect(fetchAnnouncements).not.toHaveBeenCalled();
    expect(screen.getByText('This promotion is not available.')).toBeInTheDocument();
  });

  it('without id lists the current promotions, each linking to ?id=', async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('1'), promotion('a b')]));
    await renderAt('/m/activity');
    expect(fetchAnnouncements).toHaveBeenCalledWith(['PR']);
    expect(screen.getByRole('heading', { level: 1, name: 'Current promotions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Promotion 1' })).toHaveAttribute('href', '/m/activity?id=1');
    expect(screen.getByRole('link', { name: 'Promotion a b' })).toHaveAttribute(
      'href',
      '/m/activity?id=a%20b',
    );
  });

  it("the pictures of a phone's first screen (the first two cards) load at once, the rest lazily", async () => {
    fetchAnnouncements.mockResolvedValue(paged([promotion('1'), promotion('2'), promotion('3')]));
    await renderAt('/m/activity');
    const loading = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/m/activity?id='))
      .map((link) => {
        const image = link.querySelector('img');
        return [image?.getAttribute('loading'), image?.getAttribute('fetchpriority')];
      });
    expect(loading).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
    ]);
  });

  it('without promotions says so', async () => {
    fetchAnnouncements.mockResolvedValue(paged([]));
    await renderAt('/m/activity');
    expect(screen.getByText('There are no promotions right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });
});
