import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { DialogHost } from './DialogHost';
import { dialogQueue, showAlert } from './notices';

// The dialog's chunk cannot be fetched while `offline` is set.
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('./QueuedDialog', async (importOriginal) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  for (const request of dialogQueue.get()) request.resolve(true);
});

describe('an alert whose dialog code cannot be fetched', () => {
  it('waits for the network instead of taking the page down, then shows', async () => {
    renderWithI18n(
      <>
        <p>the page</p>
        <DialogHost />
      </>,
    );
    act(() => void showAlert({ text: 'Balance is too low' }));
    await settle();
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    network.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('alertdialog', { name: 'Notice' })).toHaveAccessibleDescription(
      'Balance is too low',
    );
  });
});
