import type { LoginResult } from '@wps/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import * as errorActions from '@/features/apiErrors/errorActions';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { LoginScreen } from './LoginScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  login: vi.fn(),
  verifyLogin: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
  resetPasswordByEmail: vi.fn(),
  resetPasswordBySms: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn() }));

const login = vi.mocked(accounts.login);
const verifyLogin = vi.mocked(accounts.verifyLogin);
const fetchCaptcha = vi.mocked(accounts.fetchCaptcha);
const verifyCaptcha = vi.mocked(accounts.verifyCaptcha);

const result: LoginResult = {
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  id: '1',
  userName: 'alice',
  customerType: 0,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

function renderLogin(url = '/m/login') {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="login" element={<LoginScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

// Each test waits out the 500 ms lock release of the previous one.
const waitLock = () => new Promise((resolve) => setTimeout(resolve, 520));

describe('LoginScreen', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    applyTestSettings([]);
    await waitLock();
  });

  it('labels every field and button', () => {
    renderLogin();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
  });

  it('shows required-field errors tied to their fields and does not call the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('This field is required.');
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in and goes to the go target', async () => {
    login.mockResolvedValue(result);
    renderLogin('/m/login?go=%2Fm%2Fgame');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/game');
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'username', username: 'alice', password: 'pw-1' }),
    );
  });

  it('goes home for a hostile go target', async () => {
    login.mockResolvedValue(result);
    renderLogin('/m/login?go=https%3A%2F%2Fevil.example');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/m\/home$/);
  });

  it('opens the second-factor dialog and completes the login with the code', async () => {
    login.mockRejectedValue(
      new WpsError(200, 'login_verify_required', 'verify', {
        data: { verifyToken: 'v', methods: ['ga'], maskedEmail: null, maskedMobile: null },
      }),
    );
    verifyLogin.mockResolvedValue(result);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    const code = screen.getByLabelText('Authenticator app code');
    expect(dialog).toContainElement(code);
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(verifyLogin).toHaveBeenCalledWith({ verifyToken: 'v', method: 'ga', code: '123456' });
  });

  it('shows the server answer through the error catalogue on a wrong password', async () => {
    const error = new WpsError(200, 'login.cred.err', 'wrong', { serverMessage: 'Wrong password' });
    login.mockRejectedValue(error);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorActions.handleError).toHaveBeenCalledWith(error));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('skips the captcha when LOGINCAPTCHA3 is off', async () => {
    renderLogin();
    expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
    expect(fetchCaptcha).not.toHaveBeenCalled();
  });

  it('with LOGINCAPTCHA3 sends the slider proof with the login (keyboard operable slider)', async () => {
    applyTestSettings(['LOGINCAPTCHA3']);
    fetchCaptcha.mockResolvedValue({
      gt: 'gt',
      challenge: 'ch-1',
      newCaptcha: true,
      puzzle: {
        background: 'data:image/png;base64,AA==',
        piece: 'data:image/png;base64,AA==',
        width: 260,
        height: 160,
        pieceY: 40,
      },
    });
    verifyCaptcha.mockResolvedValue({
      geetestChallenge: 'ch-1',
      geetestSeccode: 'proof-1',
      geetestValidateV4: 'proof-1',
    });
    login.mockResolvedValue(result);
    renderLogin();
    const slider = await screen.findByLabelText('Slide the piece into the gap');
    expect(fetchCaptcha).toHaveBeenCalledWith('en');
    // Arrow keys move a native range input in a browser; jsdom only reports the change.
    slider.focus();
    fireEvent.change(slider, { target: { value: '3' } });
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(verifyCaptcha).toHaveBeenCalledWith(expect.objectContaining({ challenge: 'ch-1', x: 3 }));
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith(
        expect.objectContaining({ geetestChallenge: 'ch-1', geetestValidateV4: 'proof-1' }),
      ),
    );
  });

  it('logs in by mobile number and SMS code (MOBILENUMREG3)', async () => {
    applyTestSettings(['MOBILENUMREG3']);
    vi.mocked(accounts.requestSmsCode).mockResolvedValue({ resendAfter: 30, expiresIn: 300 });
    login.mockResolvedValue(result);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Mobile number' }));
    expect(screen.getByLabelText('Country code')).toHaveValue('63');
    await userEvent.type(screen.getByLabelText('Mobile number'), '9170000001');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 30 s' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('SMS code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'sms',
        isSms: true,
        countryDialingCode: '63',
        mobileNum: '9170000001',
        password: '000000',
      }),
    );
  });
});
