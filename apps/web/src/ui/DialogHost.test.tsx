import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { DialogHost } from './DialogHost';
import { QueuedDialog } from './QueuedDialog';
import { dialogQueue, dismissToast, showAlert, showConfirm, showToast, toasts } from './notices';
import { ToastHost } from './ToastHost';

afterEach(() => {
  for (const request of dialogQueue.get()) request.resolve(false);
  for (const toast of toasts.get()) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('the dialog host', () => {
  it('renders nothing while the queue is empty, then the queued alert from its own chunk', async () => {
    const { container } = renderWithI18n(<DialogHost />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      void showAlert({ text: 'Balance is too low' });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Notice' })).toHaveAccessibleDescription(
      'Balance is too low',
    );
  });
});

describe('alert and confirmation dialogs', () => {
  it('an alert is titled notice, shows the server message and resolves on Confirm', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    let done = false;
    act(() => {
      void showAlert({ text: 'Balance is too low' }).then(() => (done = true));
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Notice' });
    expect(dialog).toHaveAccessibleDescription('Balance is too low');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(done).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    ['Confirm', true],
    ['Cancel', false],
  ])('a confirmation titled Confirmation resolves %s → %s', async (button, expected) => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    let answer: boolean | null = null;
    act(() => {
      void showConfirm({ key: 'please_login' }).then((value) => (answer = value));
    });
    expect(screen.getByRole('dialog', { name: 'Confirmation' })).toHaveAccessibleDescription('Please log in');
    await user.click(screen.getByRole('button', { name: button }));
    expect(answer).toBe(expected);
  });

  it('Escape cancels a confirmation; Tab keeps focus inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    let answer: boolean | null = null;
    act(() => {
      void showConfirm({ text: 'Leave?' }).then((value) => (answer = value));
    });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(answer).toBe(false);
  });

  it.each([
    ['an alert', true],
    ['a confirmation', false],
  ])('the × of %s resolves it as Escape does (confirmed: %s)', async (kind, expected) => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    let answer: boolean | null = null;
    act(() => {
      if (kind === 'an alert') void showAlert({ text: 'Balance is too low' }).then(() => (answer = true));
      else void showConfirm({ text: 'Leave?' }).then((value) => (answer = value));
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(answer).toBe(expected);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('dialogs queue: the second shows after the first is confirmed', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    act(() => {
      void showAlert({ text: 'first' });
      void showAlert({ text: 'second' });
    });
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('first');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('second');
  });
});

describe('toasts', () => {
  it('shows a translated toast, replaces one with the same id, and hides it after its duration', () => {
    vi.useFakeTimers();
    renderWithI18n(<ToastHost />);
    act(() => showToast('net', { key: 'network_offline' }, 3000));
    act(() => showToast('net', { key: 'network_offline' }, 3000));
    expect(screen.getAllByText('No network connection. Please check your internet connection.')).toHaveLength(
      1,
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('No network connection');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a toast with no duration stays until dismissed', () => {
    vi.useFakeTimers();
    renderWithI18n(<ToastHost />);
    act(() => showToast('sticky', { text: 'offline' }, 0));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => dismissToast('sticky'));
    expect(screen.queryByText('offline')).toBeNull();
  });
});
