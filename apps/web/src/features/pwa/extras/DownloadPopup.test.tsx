import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { CLOSE_A2HS_EVENT } from '@/features/pwa/downloadRules';
import { A2hsGuide } from './A2hsGuide';
import { DownloadPopup } from './DownloadPopup';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the download popup (home-screen popup lifecycle)', () => {
  it('is hidden, shows after 1 s, and Agree closes it with a 250 ms animation', () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const popup = screen.getByRole('dialog', { name: 'Add to home screen' });
    expect(popup).toHaveAccessibleDescription('Add this site to your home screen to open it like an app.');
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(popup).toHaveClass('download-popup-closing');
    act(() => vi.advanceTimersByTime(249));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel answers false', () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(250));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('closes on the global closeA2HS event, even before it showed', () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    act(() => {
      window.dispatchEvent(new Event(CLOSE_A2HS_EVENT));
    });
    expect(onDone).toHaveBeenCalledWith(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the add-to-home-screen guide', () => {
  it('iOS: a sheet with the three illustrated steps', () => {
    const onClose = vi.fn();
    renderWithI18n(<A2hsGuide ios onClose={onClose} />);
    const guide = screen.getByRole('dialog', { name: 'Add to home screen' });
    expect(guide.querySelectorAll('li svg')).toHaveLength(3);
    expect(guide).toHaveTextContent("Tap the Share button in the browser's toolbar.");
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('other browsers: the menu steps', () => {
    renderWithI18n(<A2hsGuide ios={false} onClose={() => {}} />);
    expect(screen.getByRole('dialog')).toHaveTextContent("Open the browser's menu.");
  });
});
