import type { Announcement, AnnouncementPopup as PopupAnswer } from '@wps/contract/games';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as game from '@/api/endpoints/game';
import { applyTestSettings } from '@/test/settingsFixture';
import { renderWithI18n } from '@/test/renderWithI18n';
import { AnnouncementPopup } from './AnnouncementPopup';
import { popupHiddenOnKey, popupShownKey } from './popupRules';
import { stubMatchMedia } from '@/test/matchMedia';

vi.mock('@/api/endpoints/game', () => ({ fetchPopupAnnouncement: vi.fn() }));
const fetchPopup = vi.mocked(game.fetchPopupAnnouncement);

function page(id: string): Announcement {
  return {
    id,
    type: 'POPUP',
    category: null,
    title: `Title ${id}`,
    content: `<b>Content ${id}</b>`,
    imageBase: null,
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
  };
}

function popupOf(options: Partial<PopupAnswer> = {}): PopupAnswer {
  return {
    popupList: [page('1'), page('2'), page('3')],
    autoplay: false,
    delay: 3000,
    showClose: true,
    showTodayCheckbox: true,
    showPagination: true,
    forceRead: false,
    forcePopup: false,
    outsideClose: false,
    waitSeconds: 0,
    ...options,
  };
}

async function renderPopup(answer: PopupAnswer) {
  fetchPopup.mockResolvedValue(answer);
  const view = renderWithI18n(<AnnouncementPopup />);
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

function visibleTitle(): string {
  const slides = screen
    .getAllByRole('group', { hidden: true })
    .filter(
      (slide) => slide.getAttribute('aria-roledescription') === 'slide' && !slide.hasAttribute('aria-hidden'),
    );
  return slides[0]?.querySelector('h3')?.textContent ?? '';
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 22, 10, 0, 0) });
  stubMatchMedia();
  applyTestSettings();
});

afterEach(() => {
  vi.useRealTimers();
  fetchPopup.mockReset();
});

describe('AnnouncementPopup', () => {
  it('is an accessible modal with plain-text content, closed by its button', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    await renderPopup(popupOf());
    const dialog = screen.getByRole('dialog', { name: 'Announcement' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus moves in once the dialog has been painted (ui/Modal.tsx): the next frame.
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(dialog).toHaveFocus();
    // the content is text: the markup shows as typed, nothing is parsed
    expect(screen.getByText('<b>Content 1</b>')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('does not show for an empty list', async () => {
    await renderPopup(popupOf({ popupList: [] }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows once per session', async () => {
    const first = await renderPopup(popupOf());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(popupShownKey('aurora'))).toBe('1');
    first.unmount();
    await renderPopup(popupOf());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('forcePopup shows every time and offers no today checkbox', async () => {
    window.sessionStorage.setItem(popupShownKey('aurora'), '1');
    window.localStorage.setItem(popupHiddenOnKey('aurora'), '2026-11-22');
    await renderPopup(popupOf({ forcePopup: true }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("'don't show again today' stores the local date and hides it until the next day", async () => {
    const first = await renderPopup(popupOf());
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show again today" }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(window.localStorage.getItem(popupHiddenOnKey('aurora'))).toBe('2026-11-22');
    first.unmount();
    window.sessionStorage.clear(); // a new session, the same day
    const second = await renderPopup(popupOf());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();
    vi.setSystemTime(new Date(2026, 10, 23, 0, 0, 1));
    await renderPopup(popupOf());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('without showTodayCheckbox there is no checkbox', async () => {
    await renderPopup(popupOf({ showTodayCheckbox: false }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('waitSeconds: close disabled with a countdown until the wait is over; Escape waits too', async () => {
    await renderPopup(popupOf({ waitSeconds: 3 }));
    const close = screen.getByRole('button', { name: 'Close in 3 s' });
    expect(close).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Close in 2 s' })).toBeDisabled();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('forceRead: close disabled until every page has been seen', async () => {
    await renderPopup(popupOf({ forceRead: true }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(screen.getByText('Read every page to close')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAccessibleDescription(
      'Read every page to close',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    // still in the layout, so the dialog keeps its size, but no longer shown or announced
    expect(screen.getByText('Read every page to close')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveAccessibleDescription();
  });

  it('showPagination false: no dots, pages still reachable with previous/next', async () => {
    await renderPopup(popupOf({ showPagination: false }));
    expect(screen.queryByRole('button', { name: 'Slide 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleTitle()).toBe('Title 2');
  });

  it('autoplay turns the pages every `delay` ms', async () => {
    await renderPopup(popupOf({ autoplay: true, delay: 2000 }));
    expect(visibleTitle()).toBe('Title 1');
    act(() => void vi.advanceTimersByTime(2000));
    expect(visibleTitle()).toBe('Title 2');
    act(() => void vi.advanceTimersByTime(2000));
    expect(visibleTitle()).toBe('Title 3');
  });

  it('autoplay keeps turning the pages while the wait counts down', async () => {
    await renderPopup(popupOf({ autoplay: true, delay: 2000, waitSeconds: 10 }));
    // Tick by tick, as a browser renders: every countdown tick re-renders the dialog.
    for (let tick = 0; tick < 8; tick += 1) act(() => void vi.advanceTimersByTime(250));
    expect(visibleTitle()).toBe('Title 2');
  });

  it('without autoplay the page stays', async () => {
    await renderPopup(popupOf({ autoplay: false, delay: 2000 }));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(visibleTitle()).toBe('Title 1');
  });

  it('outsideClose: a backdrop tap closes once closing is allowed', async () => {
    await renderPopup(popupOf({ outsideClose: true, waitSeconds: 2 }));
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // a tap inside the dialog never closes it
    act(() => void vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without outsideClose a backdrop tap does nothing', async () => {
    await renderPopup(popupOf({ outsideClose: false }));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('showClose false with outsideClose: no close button, the backdrop closes', async () => {
    await renderPopup(popupOf({ showClose: false, outsideClose: true }));
    expect(screen.queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside while open', async () => {
    await renderPopup(popupOf({ showPagination: false, showTodayCheckbox: false, autoplay: false }));
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(close).toHaveFocus();
  });

  it('a failed call shows nothing', async () => {
    fetchPopup.mockRejectedValue(new Error('down'));
    renderWithI18n(<AnnouncementPopup />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
