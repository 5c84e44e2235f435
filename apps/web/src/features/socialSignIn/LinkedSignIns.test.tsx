import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { WpsError } from '@/api/client';
import type * as notices from '@/ui/notices';
import { showAlert, showConfirm } from '@/ui/notices';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { LinkedSignIns } from './LinkedSignIns';

vi.mock('@/api/call', () => ({ call: vi.fn() }));
vi.mock('@/ui/notices', async (original) => ({
  ...(await original<typeof notices>()),
  showAlert: vi.fn(() => Promise.resolve()),
  showConfirm: vi.fn(() => Promise.resolve(true)),
}));
const callMock = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const google = {
  id: '11',
  provider: 'google.com',
  displayName: 'Alice Tan',
  pictureUrl: null,
  linkedAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-22T10:00:00.000Z',
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('LinkedSignIns', () => {
  it('loading, then the list', async () => {
    signIn();
    let answer: (value: unknown) => void = () => undefined;
    callMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithI18n(<LinkedSignIns />);
    expect(screen.getByRole('heading', { name: 'Linked sign-ins' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    answer({ hasPassword: true, identities: [google] });
    expect(await screen.findByText('Google')).toBeInTheDocument();
    expect(screen.getByText(/Alice Tan/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
    expect(callMock).toHaveBeenCalledWith('linkedSignIns', {}, { noCache: true, handleErrors: false });
  });

  it('empty', async () => {
    signIn();
    callMock.mockResolvedValueOnce({ hasPassword: true, identities: [] });
    renderWithI18n(<LinkedSignIns />);
    expect(await screen.findByText('No sign-ins are linked to your account.')).toBeInTheDocument();
  });

  it('failed, then Retry', async () => {
    signIn();
    callMock.mockRejectedValueOnce(new WpsError(503, 'service_unavailable', 'down'));
    callMock.mockResolvedValueOnce({ hasPassword: true, identities: [google] });
    renderWithI18n(<LinkedSignIns />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Linked sign-ins could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Google')).toBeInTheDocument();
  });

  it('unlinks after confirming and reloads', async () => {
    signIn();
    callMock.mockResolvedValueOnce({ hasPassword: true, identities: [google] });
    callMock.mockResolvedValueOnce(null);
    callMock.mockResolvedValueOnce({ hasPassword: true, identities: [] });
    renderWithI18n(<LinkedSignIns />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(showConfirm).toHaveBeenCalledWith({
      key: 'member_signins_unlink_confirm',
      params: { provider: 'Google' },
    });
    expect(callMock).toHaveBeenCalledWith('unlinkSignIn', { id: '11' }, { handleErrors: false });
    expect(await screen.findByText('No sign-ins are linked to your account.')).toBeInTheDocument();
  });

  it('does nothing when not confirmed', async () => {
    signIn();
    vi.mocked(showConfirm).mockResolvedValueOnce(false);
    callMock.mockResolvedValueOnce({ hasPassword: true, identities: [google] });
    renderWithI18n(<LinkedSignIns />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(callMock).toHaveBeenCalledTimes(1);
  });

  it('the last way into an account without a password is explained', async () => {
    signIn();
    callMock.mockResolvedValueOnce({ hasPassword: false, identities: [google] });
    callMock.mockRejectedValueOnce(new WpsError(409, 'social_last_sign_in', 'last'));
    renderWithI18n(<LinkedSignIns />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith({ key: 'member_signins_last' }));
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
  });
});
