import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { dialogQueue } from '@/ui/notices';
import { PasswordResetPanel } from './PasswordResetPanel';

vi.mock('@/api/endpoints/accounts', () => ({
  resetPasswordByEmail: vi.fn(),
  resetPasswordBySms: vi.fn(),
}));

describe('PasswordResetPanel', () => {
  it('resets by email: sends the code, then sets the new password', async () => {
    vi.mocked(accounts.resetPasswordByEmail).mockResolvedValue(null);
    const done = vi.fn();
    renderWithI18n(<PasswordResetPanel onDone={done} />);
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(accounts.resetPasswordByEmail).toHaveBeenCalledWith({ username: 'alice', email: 'a@example.com' });
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'New-Pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(dialogQueue.get()).toHaveLength(1));
    expect(accounts.resetPasswordByEmail).toHaveBeenLastCalledWith({
      username: 'alice',
      email: 'a@example.com',
      code: '000000',
      newPassword: 'New-Pass-1',
    });
    dialogQueue.get()[0]?.resolve(true);
    await waitFor(() => expect(done).toHaveBeenCalled());
  });

  it('resets by SMS with the merchant dialing code', async () => {
    applyTestSettings([]);
    vi.mocked(accounts.resetPasswordBySms).mockResolvedValue(null);
    renderWithI18n(<PasswordResetPanel onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'By SMS' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '9170000001');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(accounts.resetPasswordBySms).toHaveBeenCalledWith({
      countryDialingCode: '63',
      mobileNum: '9170000001',
    });
  });
  it('puts each message under its field: a refused code translated, never the server text', async () => {
    vi.mocked(accounts.resetPasswordByEmail)
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(
        new WpsError(400, 'invalid_request', 'x', {
          serverMessage: 'Invalid request. code: Invalid string: must match pattern /^[0-9]{6}$/',
        }),
      );
    renderWithI18n(<PasswordResetPanel onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Email'), 'a@example');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please check this entry.');
    await userEvent.type(screen.getByLabelText('Email'), '.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '12');
    await userEvent.type(screen.getByLabelText('New password'), 'New-Pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
        'Please check this entry.',
      ),
    );
    expect(screen.queryByText(/must match pattern/)).not.toBeInTheDocument();
  });
});
