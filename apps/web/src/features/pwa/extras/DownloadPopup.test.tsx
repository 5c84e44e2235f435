import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { CLOSE_A2HS_EVENT } from '@/features/pwa/downloadRules';
import { A2hsGuide } from './A2hsGuide';
import { Modal } from '@/ui/Modal';
import { DownloadPopup } from './DownloadPopup';
import { resetOfferTurnsForTests } from '@/ui/offerTurn';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetOfferTurnsForTests();
  vi.useRealTimers();
});

describe('the download popup (home-screen popup lifecycle)', () => {
  it('is hidden, shows after 1 s, and Agree closes it with a 250 ms animation', async () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const popup = screen.getByRole('dialog', { name: 'Add to home screen' });
    expect(popup).toHaveAccessibleDescription('Add this site to your home screen to open it like an app.');
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(popup).toHaveClass('download-popup-closing');
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onDone).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel answers false', async () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('closes on the global closeA2HS event, even before it showed', async () => {
    const onDone = vi.fn();
    renderWithI18n(<DownloadPopup onDone={onDone} />);
    act(() => {
      window.dispatchEvent(new Event(CLOSE_A2HS_EVENT));
    });
    expect(onDone).toHaveBeenCalledWith(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('one dialog at a time: the popup waits for another dialog to close', () => {
  function Page({ initiallyOpen }: { initiallyOpen: boolean }) {
    const [other, setOther] = useState(initiallyOpen);
    return (
      <>
        <button type="button" onClick={() => setOther(true)}>
          open other
        </button>
        {other && (
          <Modal title="Announcement" onClose={() => setOther(false)}>
            <p>news</p>
          </Modal>
        )}
        <DownloadPopup onDone={() => undefined} />
      </>
    );
  }
  const a2hs = () => screen.queryByRole('dialog', { name: 'Add to home screen' });
  const closeOther = () => fireEvent.click(screen.getByRole('button', { name: 'Close' }));

  it.each([
    ['open all along', null, 5_000],
    ['closed after 3 s, then 999 ms', 3_000, 999],
  ] as const)('another dialog %s: no popup yet', async (_case, closeAt, thenWait) => {
    renderWithI18n(<Page initiallyOpen />);
    if (closeAt === null) {
      await act(() => vi.advanceTimersByTimeAsync(thenWait));
    } else {
      await act(() => vi.advanceTimersByTimeAsync(closeAt));
      closeOther();
      await act(() => vi.advanceTimersByTimeAsync(thenWait));
    }
    expect(a2hs()).toBeNull();
  });

  it('shows 1 s after the other dialog closed', async () => {
    renderWithI18n(<Page initiallyOpen />);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    closeOther();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(a2hs()).toBeInTheDocument();
  });

  it('a dialog opening during its 1 s delay makes it wait again', async () => {
    renderWithI18n(<Page initiallyOpen={false} />);
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(screen.getByRole('button', { name: 'open other' }));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(a2hs()).toBeNull();
    closeOther();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(a2hs()).toBeInTheDocument();
  });
});

describe('the add-to-home-screen guide', () => {
  it('iOS: a sheet with the three illustrated steps', async () => {
    const onClose = vi.fn();
    renderWithI18n(<A2hsGuide ios onClose={onClose} />);
    const guide = screen.getByRole('dialog', { name: 'Add to home screen' });
    expect(guide.querySelectorAll('li svg')).toHaveLength(3);
    expect(guide).toHaveTextContent("Tap the Share button in the browser's toolbar.");
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('other browsers: the menu steps', async () => {
    renderWithI18n(<A2hsGuide ios={false} onClose={() => {}} />);
    expect(screen.getByRole('dialog')).toHaveTextContent("Open the browser's menu.");
  });
});
