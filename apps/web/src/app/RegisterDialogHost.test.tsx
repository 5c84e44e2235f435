import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/platform/router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { closeRegisterDialog, openRegisterDialog, registerDialogStore } from '@/features/session';
import { RegisterDialogHost } from './RegisterDialogHost';

vi.mock('@/api/endpoints/accounts', () => ({
  register: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
}));

describe('the register dialog over any page', () => {
  it('opens over the page with focus on its first field, and Escape closes it and returns focus', async () => {
    applyTestSettings([]);
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/game']}>
        <button type="button" onClick={openRegisterDialog}>
          open
        </button>
        <RegisterDialogHost />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(registerDialogStore.get()).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    act(() => closeRegisterDialog());
  });

  it('has a visible close control (a phone has no Escape key) that closes it and returns focus', async () => {
    applyTestSettings([]);
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/game']}>
        <button type="button" onClick={openRegisterDialog}>
          open
        </button>
        <RegisterDialogHost />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(registerDialogStore.get()).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
