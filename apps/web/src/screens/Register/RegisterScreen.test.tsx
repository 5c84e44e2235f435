import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import * as errorActions from '@/features/apiErrors';
import { StorageKey, localStore, sessionStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { RegisterScreen } from './RegisterScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  register: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

const register = vi.mocked(accounts.register);
const fetchCaptcha = vi.mocked(accounts.fetchCaptcha);
const verifyCaptcha = vi.mocked(accounts.verifyCaptcha);
const requestSmsCode = vi.mocked(accounts.requestSmsCode);

const puzzle = {
  background: 'data:image/png;base64,AA==',
  piece: 'data:image/png;base64,AA==',
  width: 260,
  height: 160,
  pieceY: 40,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

function renderRegister(url = '/m/register') {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="register" element={<RegisterScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const success = {
  token: 'tok',
  customerId: '9',
  userName: 'newbie',
  customerName: 'newbie',
  firstTimeLogin: false,
  customerType: 0,
};

async function fillUsernameForm() {
  await userEvent.type(screen.getByLabelText('Username'), 'newbie');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret-12');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret-12');
}

async function solveCaptcha(challenge: string) {
  const slider = await screen.findByLabelText('Slide the piece into the gap');
  await waitFor(() => expect(slider).not.toHaveAttribute('aria-disabled'));
  // The arrow keys move it (1 each); Enter sends.
  for (let step = 0; step < 120; step += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
  fireEvent.keyDown(slider, { key: 'Enter' });
  expect(await screen.findByText('Verified')).toBeInTheDocument();
  expect(verifyCaptcha).toHaveBeenLastCalledWith(expect.objectContaining({ challenge, x: 120 }));
}

describe('RegisterScreen', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    applyTestSettings([]);
    await new Promise((resolve) => setTimeout(resolve, 520)); // the previous lock's release
  });

  it('registers with the payload of spec section 3 and goes to the stored go target', async () => {
    localStore.setString(StorageKey.tid, 'T-9');
    register.mockResolvedValue(success);
    renderRegister('/m/register?go=%2Fm%2Fgame');
    await fillUsernameForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/game');
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        username: 'newbie',
        password: 'Secret-12',
        registerMethod: 'H5',
        login: true,
        linkId: 'T-9',
        pixelTrack: { tid: 'T-9' },
        domain: 'localhost',
      }),
      false,
    );
    const payload = register.mock.calls[0]?.[0];
    expect(payload?.loginDeviceId).toHaveLength(36);
    expect(getSession()?.token).toBe('tok');
    expect(sessionStore.getString(LazyStorageKey.goTarget)).toBeNull();
  });

  it('sends pixelTrack null without tracking ids, and checks the confirmation', async () => {
    renderRegister();
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-12');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Other');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(register).not.toHaveBeenCalled();
    register.mockResolvedValue(success);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret-12');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(register.mock.calls[0]?.[0].pixelTrack).toBeNull();
  });

  it('with REGCAPTCHA3: the slider proof goes with the registration; a failure after the pass was spent clears and reloads the captcha', async () => {
    applyTestSettings(['REGCAPTCHA3']);
    fetchCaptcha.mockReset();
    fetchCaptcha.mockResolvedValueOnce({ gt: 'g', challenge: 'ch-1', newCaptcha: true, puzzle });
    fetchCaptcha.mockResolvedValueOnce({ gt: 'g', challenge: 'ch-2', newCaptcha: true, puzzle });
    verifyCaptcha.mockResolvedValue({
      geetestChallenge: 'ch-1',
      geetestSeccode: 'proof',
      geetestValidateV4: 'proof',
    });
    const error = new WpsError(500, 'internal_error', 'boom', { serverMessage: 'Something went wrong.' });
    register.mockRejectedValue(error);
    renderRegister();
    await fillUsernameForm();
    await solveCaptcha('ch-1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorActions.handleError).toHaveBeenCalledWith(error));
    expect(register.mock.calls[0]?.[0]).toMatchObject({
      geetestChallenge: 'ch-1',
      geetestValidateV4: 'proof',
    });
    await waitFor(() => expect(fetchCaptcha).toHaveBeenCalledTimes(2));
    expect(await screen.findByLabelText('Slide the piece into the gap')).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('mobile registration (MOBILENUMREG3): SMS code with a resend countdown, the default password, ModuleId via mobile=true', async () => {
    applyTestSettings(['MOBILENUMREG3']);
    requestSmsCode.mockResolvedValue({ resendAfter: 60, expiresIn: 300 });
    register.mockResolvedValue(success);
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Mobile number' }));
    expect(screen.getByLabelText('Country code')).toHaveValue('63');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile number'), '9171234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(requestSmsCode).toHaveBeenCalledWith({
      countryDialingCode: '63',
      mobileNum: '9171234567',
      purpose: 'register',
    });
    await userEvent.type(screen.getByLabelText('SMS code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(register).toHaveBeenCalled());
    const [payload, mobile] = register.mock.calls[0] ?? [];
    expect(mobile).toBe(true);
    expect(payload).toMatchObject({ countryDialingCode: '63', mobileNum: '9171234567', smsCode: '123456' });
    expect(payload?.password).toBeTruthy();
  });
  it('shows the username and password rules before submitting and checks them as the member types', async () => {
    renderRegister();
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    const rulesOf = (input: HTMLElement) =>
      [...(input.closest('.auth-field')?.querySelectorAll('li') ?? [])].map((item) => [
        item.textContent?.replace(/\s+/g, ' ').trim(),
        item.classList.contains('auth-rule-met'),
      ]);
    expect(rulesOf(username)).toEqual([
      ['· 4 to 20 characters (not met)', false],
      ['· Only English letters (A–Z), digits and underscores (_) (not met)', false],
    ]);
    expect(rulesOf(password)).toEqual([
      ['· 6 to 64 characters (not met)', false],
      ['· At least one English letter (A–Z) and one digit (0–9) (not met)', false],
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(username, 'bob');
    expect(rulesOf(username).map(([, met]) => met)).toEqual([false, true]);
    await userEvent.type(username, 'by');
    expect(rulesOf(username).map(([, met]) => met)).toEqual([true, true]);
    await userEvent.type(password, 'secret');
    expect(rulesOf(password).map(([, met]) => met)).toEqual([true, false]);
    await userEvent.type(password, '1');
    expect(rulesOf(password).map(([, met]) => met)).toEqual([true, true]);
    // The rules are the field's description, with their state for screen readers.
    expect(username).toHaveAccessibleDescription(
      /^4 to 20 characters ?\(met\) Only English letters \(A–Z\), digits and underscores \(_\) ?\(met\)$/,
    );
  });

  it('puts each message under its own field; "required" goes once the field is filled', async () => {
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).not.toHaveBeenCalled();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    await userEvent.type(username, 'é_ok');
    expect(username.closest('.auth-field')).toHaveTextContent(
      'Use 4 to 20 characters: English letters, digits or underscores.',
    );
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await userEvent.clear(username);
    await userEvent.type(username, 'newbie');
    expect(username).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Password'), 'short1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short2');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('with REGCAPTCHA3: a taken username is said under the field, the solved captcha stays for the retry', async () => {
    applyTestSettings(['REGCAPTCHA3']);
    fetchCaptcha.mockReset();
    fetchCaptcha.mockResolvedValue({ gt: 'g', challenge: 'ch-1', newCaptcha: true, puzzle });
    verifyCaptcha.mockResolvedValue({
      geetestChallenge: 'ch-1',
      geetestSeccode: 'proof',
      geetestValidateV4: 'proof',
    });
    register.mockRejectedValueOnce(
      new WpsError(409, 'username.exists', 'taken', { serverMessage: 'This username is already taken.' }),
    );
    register.mockResolvedValueOnce(success);
    renderRegister();
    await fillUsernameForm();
    await solveCaptcha('ch-1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAccessibleDescription(/^This username is already taken\./));
    expect(errorActions.handleError).not.toHaveBeenCalled();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(fetchCaptcha).toHaveBeenCalledTimes(1);
    // Another name: the server's message goes with the edit, the same pass goes with the retry.
    await userEvent.type(username, '2');
    expect(username).not.toHaveAccessibleDescription(/already taken/);
    await new Promise((resolve) => setTimeout(resolve, 520));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(register.mock.calls[1]?.[0]).toMatchObject({ username: 'newbie2', geetestValidateV4: 'proof' });
  });

  it('with REGCAPTCHA3: submitting without solving asks for the check, never "Verification failed"', async () => {
    applyTestSettings(['REGCAPTCHA3']);
    fetchCaptcha.mockReset();
    fetchCaptcha.mockResolvedValue({ gt: 'g', challenge: 'ch-1', newCaptcha: true, puzzle });
    renderRegister();
    await fillUsernameForm();
    expect(screen.queryByText('Verification failed, please try again.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Slide the piece into the gap')).toHaveAccessibleDescription(
      /^Please complete the security check\./,
    );
    expect(screen.queryByText('Verification failed, please try again.')).not.toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });
});
