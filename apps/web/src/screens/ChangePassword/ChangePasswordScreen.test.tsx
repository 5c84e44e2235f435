import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@/platform/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import { ForcedPasswordChange } from '@/features/session';
import { isPasswordChangeForced, setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { StorageKey, localStore } from '@/platform/storage';
import { getSession, setSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { ChangePasswordScreen } from './ChangePasswordScreen';

vi.mock('@/api/endpoints/accounts', () => ({ changePassword: vi.fn(), logout: vi.fn() }));
/** Whether the member has a password (the linked sign-ins answer says). */
const member = vi.hoisted(() => ({ hasPassword: true }));
vi.mock('@/api/call', () => ({
  call: vi.fn(async (name: string) =>
    name === 'linkedSignIns' ? { hasPassword: member.hasPassword, identities: [] } : null,
  ),
}));
const changePassword = vi.mocked(accounts.changePassword);
const logout = vi.mocked(accounts.logout);

function Elsewhere() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{`/m${location.pathname}`}</p>
      <button type="button" onClick={() => void navigate('/game')}>
        leave
      </button>
    </>
  );
}

function renderAt(url: string) {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <ForcedPasswordChange />
      <Routes>
        <Route path="changePsw" element={<ChangePasswordScreen />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ChangePasswordScreen and the forced change', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setSession({
      spanId: 's',
      id: '1',
      token: 'tok',
      merchantCode: 'aurora',
      userName: 'a',
      type: 0,
      firstTimeLogin: true,
    });
    setPasswordChangeForced(true);
  });

  it('keeps a member who must change the password on /m/changePsw', async () => {
    renderAt('/m/game');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByText('Please change your password before you continue.')).toBeInTheDocument();
  });

  it('labels its fields, confirms the new password, then changes it and goes home', async () => {
    changePassword.mockResolvedValue(null);
    renderAt('/m/changePsw');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-1');
    await userEvent.type(screen.getByLabelText('New password'), 'New-Pass-2');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-X');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(changePassword).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(changePassword).toHaveBeenCalledWith({ oldPassword: 'old-1', newPassword: 'New-Pass-2' });
    expect(isPasswordChangeForced()).toBe(false);
  });

  it('checks the new password against the rules before sending', async () => {
    renderAt('/m/changePsw');
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-Pass-1');
    await userEvent.type(screen.getByLabelText('New password'), 'N');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'N');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /^Use 6 to 64 characters with at least one English letter and one digit\./,
    );
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Old-Pass-1');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /^The new password must be different from the current one\./,
    );
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows a refused current password, translated, under its field and stays', async () => {
    changePassword.mockRejectedValue(
      new WpsError(400, 'old_password_incorrect', 'x', {
        serverMessage: 'The current password is incorrect.',
      }),
    );
    renderAt('/m/changePsw');
    await userEvent.type(screen.getByLabelText('Current password'), 'bad-1');
    await userEvent.type(screen.getByLabelText('New password'), 'New-Pass-2');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'The current password is not correct.',
      ),
    );
    expect(isPasswordChangeForced()).toBe(true);
  });

  it('lets a member on the forced change log out: revoked, signed out, no longer forced, home', async () => {
    logout.mockResolvedValue(null);
    renderAt('/m/changePsw');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
    expect(isPasswordChangeForced()).toBe(false);
    expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
  });

  it.each([
    [
      'with a password: the current one is asked and sent',
      true,
      { oldPassword: 'Old-Pass-1', newPassword: 'New-Pass-2' },
    ],
    [
      'registered by a social sign-in alone: no current password, the first one is set',
      false,
      { newPassword: 'New-Pass-2' },
    ],
  ])('%s', async (_name, hasPassword, sent) => {
    member.hasPassword = hasPassword;
    setSession({
      spanId: 's',
      id: hasPassword ? '7' : '8',
      token: `tok-${hasPassword}`,
      merchantCode: 'aurora',
      userName: 'g1',
      type: 0,
      firstTimeLogin: false,
    });
    setPasswordChangeForced(false);
    changePassword.mockResolvedValue(null);
    renderAt('/m/changePsw');
    await userEvent.type(await screen.findByLabelText('New password'), 'New-Pass-2');
    await waitFor(() => expect(screen.queryByLabelText('Current password') !== null).toBe(hasPassword));
    if (hasPassword) await userEvent.type(screen.getByLabelText('Current password'), 'Old-Pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-Pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith(sent));
    member.hasPassword = true;
  });
});
