import type { LoginResult } from '@wps/contract/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import * as errorActions from '@/features/apiErrors';
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
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

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
    // Remember me is offered only where the merchant has auto-login (rememberMe.test.tsx).
    expect(screen.queryByLabelText('Remember me')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
  });

  it('shows required-field errors tied to their fields and does not call the server', async () => {
    renderLogin();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('This field is required.');
    expect(login).not.toHaveBeenCalled();
    // The message goes as soon as the field is filled, before another submit.
    await userEvent.type(username, 'a');
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(username).not.toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required.');
  });

  it('says at once when a username is longer than any account can have (no server answer needed)', async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'a'.repeat(21));
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Use at most 20 characters.');
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

  it('alerts a translated message on a wrong password and clears the password', async () => {
    const error = new WpsError(200, 'login.cred.err', 'wrong', { serverMessage: 'Wrong password' });
    login.mockRejectedValue(error);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(errorActions.performErrorAction).toHaveBeenCalledWith({
        kind: 'alert',
        message: { key: 'auth_login_failed' },
      }),
    );
    expect(errorActions.handleError).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('puts a schema refusal under its field, translated, never as the server wrote it', async () => {
    login.mockRejectedValue(
      new WpsError(400, 'invalid_request', 'x', {
        serverMessage: 'Invalid request. username: Too big: expected string to have <=64 characters',
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Please check this entry.'),
    );
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('pw-1');
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
    // Shown with the form: no field needs focus first.
    await waitFor(() => expect(fetchCaptcha).toHaveBeenCalledWith('en'));
    await waitFor(() => expect(slider).not.toHaveAttribute('aria-disabled'));
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
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
  it('shows the slider when the server asks for a captcha the merchant flag does not', async () => {
    fetchCaptcha.mockReset();
    fetchCaptcha.mockResolvedValue({
      gt: 'gt',
      challenge: 'ch-x',
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
      geetestChallenge: 'ch-x',
      geetestSeccode: 'p-x',
      geetestValidateV4: 'p-x',
    });
    login.mockRejectedValueOnce(new WpsError(400, 'captcha_required', 'Please complete the captcha.'));
    login.mockResolvedValueOnce(result);
    renderLogin();
    expect(screen.queryByLabelText('Slide the piece into the gap')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const slider = await screen.findByLabelText('Slide the piece into the gap');
    expect(slider).toHaveAccessibleDescription(/^Please complete the security check\./);
    expect(errorActions.performErrorAction).not.toHaveBeenCalled();
    await waitFor(() => expect(slider).not.toHaveAttribute('aria-disabled'));
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter']) fireEvent.keyDown(slider, { key });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    await waitLock();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ geetestValidateV4: 'p-x' }));
  });

  describe('with LOGINCAPTCHA3', () => {
    const challenge = (id: string) => ({
      gt: 'gt',
      challenge: id,
      newCaptcha: true,
      puzzle: {
        background: 'data:image/png;base64,AA==',
        piece: 'data:image/png;base64,AA==',
        width: 260,
        height: 160,
        pieceY: 40,
      },
    });
    const pass = (id: string) => ({
      geetestChallenge: id,
      geetestSeccode: `p-${id}`,
      geetestValidateV4: `p-${id}`,
    });

    async function solve() {
      const slider = await screen.findByLabelText('Slide the piece into the gap');
      await waitFor(() => expect(slider).not.toHaveAttribute('aria-disabled'));
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter'])
        fireEvent.keyDown(slider, { key });
      expect(await screen.findByText('Verified')).toBeInTheDocument();
    }

    async function typeAndSubmit(password = 'pw-1') {
      await userEvent.type(screen.getByLabelText('Username'), 'alice');
      await userEvent.type(screen.getByLabelText('Password'), password);
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    }

    beforeEach(() => {
      applyTestSettings(['LOGINCAPTCHA3']);
      login.mockReset();
      fetchCaptcha.mockReset();
      fetchCaptcha.mockResolvedValueOnce(challenge('ch-1')).mockResolvedValueOnce(challenge('ch-2'));
      verifyCaptcha.mockImplementation((request) => Promise.resolve(pass(request.challenge)));
    });

    it('says nothing about the check before any attempt, then asks for it (not "Verification failed")', async () => {
      renderLogin();
      await screen.findByLabelText('Slide the piece into the gap');
      expect(screen.queryByText('Verification failed, please try again.')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await typeAndSubmit();
      expect(screen.getByText('Please complete the security check.')).toBeInTheDocument();
      expect(screen.queryByText('Verification failed, please try again.')).not.toBeInTheDocument();
      expect(login).not.toHaveBeenCalled();
      await solve();
      expect(screen.queryByText('Please complete the security check.')).not.toBeInTheDocument();
    });

    it('keeps the solved check after a refusal the server gives before spending the pass', async () => {
      login.mockRejectedValueOnce(
        new WpsError(400, 'invalid_request', 'x', { serverMessage: 'Invalid request.' }),
      );
      login.mockResolvedValueOnce(result);
      renderLogin();
      await solve();
      await typeAndSubmit();
      await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
      expect(screen.getByText('Verified')).toBeInTheDocument();
      expect(fetchCaptcha).toHaveBeenCalledTimes(1);
      await waitLock();
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
      expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ geetestValidateV4: 'p-ch-1' }));
    });

    it('after a wrong password takes the new pass the answer carries and stays solved', async () => {
      login.mockRejectedValueOnce(
        new WpsError(200, 'login.cred.err', 'wrong', { data: { captchaPass: pass('ch-9') } }),
      );
      login.mockResolvedValueOnce(result);
      renderLogin();
      await solve();
      await typeAndSubmit('nope');
      await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
      expect(screen.getByText('Verified')).toBeInTheDocument();
      await waitLock();
      await userEvent.type(screen.getByLabelText('Password'), 'pw-1');
      await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
      expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ geetestValidateV4: 'p-ch-9' }));
      expect(fetchCaptcha).toHaveBeenCalledTimes(1);
    });

    it('after a wrong password whose pass the server spent, loads a new puzzle quietly', async () => {
      login.mockRejectedValueOnce(new WpsError(200, 'login.cred.err', 'wrong'));
      renderLogin();
      await solve();
      await typeAndSubmit('nope');
      await waitFor(() => expect(fetchCaptcha).toHaveBeenCalledTimes(2));
      expect(screen.queryByText('Verified')).not.toBeInTheDocument();
      expect(
        screen.queryByText('The security check has expired. Please complete it again.'),
      ).not.toBeInTheDocument();
    });

    it('an expired pass reloads the puzzle and says so under it', async () => {
      login.mockRejectedValueOnce(new WpsError(200, 'captcha_invalid', 'expired'));
      renderLogin();
      await solve();
      await typeAndSubmit();
      expect(
        await screen.findByText('The security check has expired. Please complete it again.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(fetchCaptcha).toHaveBeenCalledTimes(2));
    });
  });
});
