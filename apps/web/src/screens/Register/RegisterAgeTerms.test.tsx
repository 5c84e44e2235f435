import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { RegisterScreen } from './RegisterScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  register: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

const register = vi.mocked(accounts.register);
const success = {
  token: 'tok',
  customerId: '9',
  userName: 'newbie',
  customerName: 'newbie',
  firstTimeLogin: false,
  customerType: 0,
};

/** The register screen of a merchant whose profile asks `ageCheck` at `minAge`, terms version `terms`. */
function renderFor(ageCheck: 'confirm' | 'date_of_birth', minAge: number, terms: number) {
  settingsStore.set({
    status: 'ready',
    settings: { ...testSettings([]), trust: { minAge, licence: null }, ageCheck, termsVersion: terms },
  });
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/register']}>
      <Routes>
        <Route path="register" element={<RegisterScreen />} />
        <Route path="*" element={<p data-testid="elsewhere" />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAccount() {
  await userEvent.type(screen.getByLabelText('Username'), 'newbie');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret-12');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret-12');
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));
/** The registration lock is released a moment after a refusal. */
const lockReleased = () => new Promise((resolve) => setTimeout(resolve, 520));
const payload = () => register.mock.calls.at(-1)?.[0];

/** 15 June 2026: a member born 2005-06-15 is 21 today, one born a day later is not. */
const TODAY = new Date(Date.UTC(2026, 5, 15, 9));

describe('registration asks the age and the terms as the merchant’s profile says (issue 29)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.useFakeTimers({ now: TODAY, toFake: ['Date'] });
    await lockReleased();
  });

  it('a confirmation profile: the tick box, required, sent as ageConfirmed with the terms version', async () => {
    renderFor('confirm', 18, 2);
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute(
      'href',
      '/m/legal/terms',
    );
    await fillAccount();
    await submit();
    expect(screen.getByText('Please confirm that you are 18 or older.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
    register.mockResolvedValue(success);
    await userEvent.click(screen.getByLabelText('I am 18 years of age or older.'));
    await userEvent.click(screen.getByLabelText('I accept the terms and conditions.'));
    await submit();
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(payload()).toMatchObject({ ageConfirmed: true, termsVersion: 2 });
    expect(payload()).not.toHaveProperty('dateOfBirth');
  });

  it.each([
    ['no date', '', 'Please enter a valid date of birth.'],
    ['the day before the 21st birthday', '2005-06-16', 'You must be at least 21 years old to register.'],
    ['a date in the future', '2027-01-01', 'You must be at least 21 years old to register.'],
    ['the placeholder 1900-01-01', '1900-01-01', 'Please enter a valid date of birth.'],
  ])('a date-of-birth profile refuses %s before sending', async (_name, date, message) => {
    renderFor('date_of_birth', 21, 1);
    await fillAccount();
    const field = screen.getByLabelText('Date of birth');
    if (date) await userEvent.type(field, date);
    await userEvent.click(screen.getByLabelText('I accept the terms and conditions.'));
    await submit();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(register).not.toHaveBeenCalled();
  });

  it('a date-of-birth profile sends the date on the 21st birthday', async () => {
    register.mockResolvedValue(success);
    renderFor('date_of_birth', 21, 0);
    // No terms published: nothing to accept.
    expect(screen.queryByLabelText('I accept the terms and conditions.')).toBeNull();
    await fillAccount();
    await userEvent.type(screen.getByLabelText('Date of birth'), '2005-06-15');
    await submit();
    await waitFor(() => expect(register).toHaveBeenCalled());
    expect(payload()).toMatchObject({ dateOfBirth: '2005-06-15' });
    expect(payload()).not.toHaveProperty('termsVersion');
  });

  it('shows the server’s refusals under their controls; newer terms are asked for unticked', async () => {
    renderFor('confirm', 18, 2);
    await fillAccount();
    await userEvent.click(screen.getByLabelText('I am 18 years of age or older.'));
    const terms = screen.getByLabelText('I accept the terms and conditions.');
    await userEvent.click(terms);
    register.mockRejectedValueOnce(
      new WpsError(403, 'rg_under_age', 'under age', { serverMessage: 'x', data: { minAge: 18 } }),
    );
    await submit();
    const age = screen.getByLabelText('I am 18 years of age or older.').closest('.auth-field');
    expect(
      await within(age as HTMLElement).findByText('You must be at least 18 years old to register.'),
    ).toBeInTheDocument();
    await lockReleased();
    register.mockRejectedValueOnce(
      new WpsError(403, 'rg_terms_required', 'terms', { serverMessage: 'x', data: { version: 3 } }),
    );
    await submit();
    expect(
      await screen.findByText('The terms and conditions have changed. Please read and accept them.'),
    ).toBeInTheDocument();
    expect(terms).not.toBeChecked();
    await lockReleased();
    register.mockResolvedValue(success);
    await userEvent.click(terms);
    await submit();
    await waitFor(() => expect(payload()).toMatchObject({ termsVersion: 3 }));
  });
});
