import type { Announcement, Paged } from '@wps/contract/games';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as lobby from '@/api/endpoints/lobby';
import { renderWithI18n } from '@/test/renderWithI18n';
import { NEWS_PAGE_SIZE } from './news';
import { NewsScreen } from './NewsScreen';

vi.mock('@/api/endpoints/lobby', () => ({ fetchAnnouncements: vi.fn() }));
const fetchAnnouncements = vi.mocked(lobby.fetchAnnouncements);

function item(id: number): Announcement {
  return {
    id: String(id),
    type: 'MARQUEE',
    category: null,
    title: `News ${id}`,
    content: `<b>bold</b>\nLine two of ${id}`,
    imageBase: null,
    startTime: '2026-03-01T00:00:00Z',
    endTime: null,
  };
}

function paged(list: Announcement[], page: number, total: number): Paged<Announcement> {
  return { list, page, pageSize: NEWS_PAGE_SIZE, total };
}

function renderAt(url: string) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="news" element={<NewsScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  fetchAnnouncements.mockReset();
});

describe('NewsScreen', () => {
  it('lists the announcements page by page', async () => {
    const first = Array.from({ length: NEWS_PAGE_SIZE }, (_, index) => item(index + 1));
    fetchAnnouncements
      .mockResolvedValueOnce(paged(first, 1, NEWS_PAGE_SIZE + 2))
      .mockResolvedValueOnce(paged([item(11), item(12)], 2, NEWS_PAGE_SIZE + 2));
    renderAt('/m/news');
    expect(await screen.findByRole('link', { name: /^News 1(?!\d)/ })).toHaveAttribute(
      'href',
      '/m/news?id=1',
    );
    expect(fetchAnnouncements).toHaveBeenCalledWith(['MARQUEE', 'POPUP'], {
      page: 1,
      pageSize: NEWS_PAGE_SIZE,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /News 12/ })).toBeInTheDocument();
    expect(fetchAnnouncements).toHaveBeenLastCalledWith(['MARQUEE', 'POPUP'], {
      page: 2,
      pageSize: NEWS_PAGE_SIZE,
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(NEWS_PAGE_SIZE + 2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is no news', async () => {
    fetchAnnouncements.mockResolvedValue(paged([], 1, 0));
    renderAt('/m/news');
    expect(await screen.findByText('There is no news right now.')).toBeInTheDocument();
  });

  it('a failed load offers a retry that loads again', async () => {
    fetchAnnouncements
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(paged([item(5)], 1, 1));
    renderAt('/m/news');
    expect(await screen.findByText('The news could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /News 5/ })).toBeInTheDocument();
  });

  it('shows one item of ?id= as plain text', async () => {
    fetchAnnouncements.mockResolvedValue(paged([item(7)], 1, 1));
    const { container } = renderAt('/m/news?id=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'News 7' })).toBeInTheDocument();
    expect(fetchAnnouncements).toHaveBeenCalledWith(['MARQUEE', 'POPUP'], { id: '7' });
    expect(screen.getByText(/Line two of 7/).textContent).toContain('<b>bold</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/m/news');
  });

  it('an unknown id: not found', async () => {
    fetchAnnouncements.mockResolvedValue(paged([], 1, 0));
    renderAt('/m/news?id=999');
    expect(await screen.findByText('This news item was not found.')).toBeInTheDocument();
  });

  it('an overlong id makes no call', async () => {
    renderAt(`/m/news?id=${'9'.repeat(65)}`);
    await waitFor(() => expect(screen.getByText('This news item was not found.')).toBeInTheDocument());
    expect(fetchAnnouncements).not.toHaveBeenCalled();
  });
});
