import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/errors';
import * as signOutModule from '@/features/signOut';
import { renderWithI18n } from '@/test/renderWithI18n';
import { QueuedDialog } from '@/ui/QueuedDialog';
import { dialogQueue } from '@/ui/notices';
import { promptTerms } from './termsPrompt';

vi.mock('@/features/signOut', () => ({ signOut: vi.fn(() => Promise.resolve()) }));

const signOut = vi.mocked(signOutModule.signOut);

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  for (const request of dialogQueue.get()) request.resolve(false);
});

const TITLE = 'Updated terms and conditions';

describe('new terms are accepted before anything else (issue 29)', () => {
  it('a blocking dialog: the terms linked in a new tab, no × and Escape does nothing', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    const accept = vi.fn(() => Promise.resolve(null));
    let done = false;
    act(() => {
      void promptTerms(4, accept).then(() => (done = true));
    });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveAccessibleDescription(
      'We have updated our terms and conditions. Please read and accept them to continue.',
    );
    const link = screen.getByRole('link', { name: 'Read the terms and conditions' });
    expect(link).toHaveAttribute('href', '/m/legal/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(done).toBe(true));
    expect(accept).toHaveBeenCalledWith(4);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a version published meanwhile is asked for in turn; asked twice at once, shown once', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    const accept = vi
      .fn<(version: number) => Promise<null>>()
      .mockRejectedValueOnce(new WpsError(403, 'rg_terms_required', 'newer', { data: { version: 5 } }))
      .mockResolvedValue(null);
    act(() => {
      void promptTerms(4, accept);
      void promptTerms(4, accept);
    });
    expect(dialogQueue.get()).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accept.mock.calls).toEqual([[4], [5]]));
  });

  it('Log out instead of accepting signs the member out, nothing accepted', async () => {
    const user = userEvent.setup();
    renderWithI18n(<QueuedDialog />);
    const accept = vi.fn(() => Promise.resolve(null));
    act(() => {
      void promptTerms(2, accept);
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith('logout'));
    expect(accept).not.toHaveBeenCalled();
  });
});
