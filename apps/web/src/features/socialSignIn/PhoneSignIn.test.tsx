import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import type * as adapterModule from './adapter';
import { loadAdapter, type SocialAdapter } from './adapter';
import { createFirebaseAdapter } from './firebaseAdapter';
import { e164, PhoneSignIn } from './PhoneSignIn';
import type { SocialLoginOutcome } from './socialLogin';

vi.mock('./adapter', async (original) => ({
  ...(await original<typeof adapterModule>()),
  loadAdapter: vi.fn(),
}));
vi.mock('./flows', () => ({
  loginWithIdToken: vi.fn(() => Promise.resolve({ status: 'success', destination: '/m/home' })),
}));

afterEach(() => {
  vi.clearAllMocks();
});

describe('e164', () => {
  it.each<[string, string, string | null]>([
    ['63', '9170000001', '+639170000001'],
    ['+63', '0917 000 0001', '+639170000001'],
    ['1', '(415) 555-0101', '+14155550101'],
    ['63', '123', null],
    ['63', '9170000001x', null],
    ['', '9170000001', null],
    ['63', '1234567890123456', null],
  ])('%s %s → %s', (code, national, expected) => {
    expect(e164(code, national)).toBe(expected);
  });
});

describe('firebase adapter: phone', () => {
  it('checking a code with none sent is auth/code-expired', async () => {
    const adapter = createFirebaseAdapter({ apiKey: 'k', authDomain: 'a', projectId: 'p', appId: 'i' });
    await expect(adapter.confirmPhoneCode?.('123456')).rejects.toMatchObject({ code: 'auth/code-expired' });
  });
});

describe('PhoneSignIn', () => {
  function renderForm() {
    const settings = testSettings();
    settings.countryDialingCode = '63';
    settingsStore.set({ status: 'ready', settings });
    const outcomes: (SocialLoginOutcome | null)[] = [];
    const errors: unknown[] = [];
    const run = (work: () => Promise<SocialLoginOutcome | null>) => {
      work().then(
        (outcome) => outcomes.push(outcome),
        (error: unknown) => errors.push(error),
      );
    };
    renderWithI18n(<PhoneSignIn settings={settings} run={run} go={null} />);
    return { outcomes, errors };
  }

  it('sends the code to the E.164 number, then signs in with the verified number', async () => {
    const adapter: SocialAdapter = {
      signIn: vi.fn(),
      completeRedirect: vi.fn(),
      sendPhoneCode: vi.fn(() => Promise.resolve()),
      confirmPhoneCode: vi.fn(() => Promise.resolve({ idToken: 'a.b.c', channel: 'phone' as const })),
    };
    vi.mocked(loadAdapter).mockResolvedValue(adapter);
    const { outcomes } = renderForm();
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Mobile number'), '917 000 0001');
    await userEvent.click(send);
    await waitFor(() => expect(adapter.sendPhoneCode).toHaveBeenCalledWith('+639170000001', send));
    expect(await screen.findByText('A verification code has been sent.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('SMS code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with phone number' }));
    await waitFor(() => expect(outcomes).toEqual([null, { status: 'success', destination: '/m/home' }]));
    expect(adapter.confirmPhoneCode).toHaveBeenCalledWith('123456');
  });

  it('an adapter without phone auth answers auth/code-expired', async () => {
    vi.mocked(loadAdapter).mockResolvedValue({ signIn: vi.fn(), completeRedirect: vi.fn() });
    const { errors } = renderForm();
    await userEvent.type(screen.getByLabelText('SMS code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with phone number' }));
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({ code: 'auth/code-expired' });
  });
});
