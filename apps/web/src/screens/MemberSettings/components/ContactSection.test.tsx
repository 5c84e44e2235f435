import type { SecurityStatus } from '@wps/contract/memberArea';
import { ErrorCode } from '@wps/contract/errorCodes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as memberArea from '@/api/endpoints/memberArea';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { applyTestSettings } from '@/test/settingsFixture';
import { ContactsSection } from './ContactsSection';
import { TwoStepSection } from './TwoStepSection';

vi.mock('@/api/endpoints/memberArea', () => ({
  fetchSecurityStatus: vi.fn(),
  switchCodeFactor: vi.fn(),
  sendContactCode: vi.fn(),
  verifyContact: vi.fn(),
  removeContact: vi.fn(),
  setUpTotp: vi.fn(),
  confirmTotp: vi.fn(),
  disableTotp: vi.fn(),
}));
vi.mock('@/ui/qrImage', () => ({ qrImageUrl: vi.fn(() => Promise.resolve('data:,')) }));
const api = vi.mocked(memberArea);

const NONE: SecurityStatus = {
  authenticator: false,
  recoveryCodesLeft: 0,
  email: { enabled: false, destination: null },
  sms: { enabled: false, destination: null },
};
const WITH_MOBILE: SecurityStatus = { ...NONE, sms: { enabled: false, destination: '+63 ••• 0001' } };

function renderContacts(status: SecurityStatus) {
  api.fetchSecurityStatus.mockResolvedValue(status);
  signIn();
  applyTestSettings();
  return renderWithI18n(
    <section>
      <ContactsSection />
      <TwoStepSection />
    </section>,
  );
}

const region = async (name: string) => within(await screen.findByRole('region', { name }));

beforeEach(() => {
  api.sendContactCode.mockResolvedValue({ resendAfter: 60, expiresIn: 300 });
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('the member’s own mobile number and email address', () => {
  it('adds a mobile number: the send button says why it is off, the code verifies it, then SMS codes can go on', async () => {
    renderContacts(NONE);
    const mobile = await region('Mobile number');
    expect(mobile.getByTestId('sms-contact')).toHaveTextContent('No mobile number on your account yet.');
    expect(
      (await region('Codes by SMS')).getByText('Add and verify a mobile number above first.'),
    ).toBeVisible();
    await userEvent.click(mobile.getByRole('button', { name: 'Add' }));
    const send = mobile.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Enter your mobile number first.');
    const field = mobile.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.type(field, 'abc😀12');
    expect(field).toHaveAccessibleDescription('Use digits only.');
    expect(send).toHaveAccessibleDescription('Correct the mobile number first.');
    await userEvent.clear(field);
    await userEvent.type(field, '+63 917 000 0001');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(api.sendContactCode).toHaveBeenCalledWith({
      method: 'sms',
      countryDialingCode: '63',
      mobileNum: '9170000001',
    });
    expect(await mobile.findByText('A code was sent to \u2066+63 9170000001\u2069.')).toBeVisible();
    expect(mobile.getByRole('button', { name: 'Resend in 60 s' })).toHaveAccessibleDescription(
      'A code was sent. You can ask for a new one in 60 s.',
    );
    api.verifyContact.mockResolvedValueOnce(WITH_MOBILE);
    await userEvent.type(mobile.getByLabelText('Verification code'), '123456');
    await userEvent.click(mobile.getByRole('button', { name: 'Verify' }));
    expect(api.verifyContact).toHaveBeenCalledWith({
      method: 'sms',
      countryDialingCode: '63',
      mobileNum: '9170000001',
      code: '123456',
    });
    await waitFor(() =>
      expect(mobile.getByTestId('sms-contact')).toHaveTextContent('+63 ••• 0001 · verified'),
    );
    expect(mobile.getByRole('status')).toHaveTextContent('Verified and saved.');
    expect((await region('Codes by SMS')).getByRole('button', { name: 'Turn on' })).toBeEnabled();
  });

  it.each([
    [ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct or has expired.'],
    [ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered.'],
  ])('a refused code (%s) is said in words', async (errorCode, words) => {
    renderContacts(NONE);
    const mobile = await region('Mobile number');
    await userEvent.click(mobile.getByRole('button', { name: 'Add' }));
    await userEvent.type(mobile.getByRole('textbox', { name: 'Mobile number' }), '9170000001');
    await userEvent.click(mobile.getByRole('button', { name: 'Send code' }));
    api.verifyContact.mockRejectedValueOnce(
      new WpsError(errorCode === ErrorCode.MOBILE_TAKEN ? 409 : 400, errorCode, 'refused'),
    );
    await userEvent.type(await mobile.findByLabelText('Verification code'), '123456');
    await userEvent.click(mobile.getByRole('button', { name: 'Verify' }));
    expect(await mobile.findByRole('alert')).toHaveTextContent(words);
    expect(mobile.getByTestId('sms-contact')).toHaveTextContent('No mobile number on your account yet.');
  });

  it('an email address: the button waits for a real address', async () => {
    renderContacts(NONE);
    const email = await region('Email address');
    await userEvent.click(email.getByRole('button', { name: 'Add' }));
    const send = email.getByRole('button', { name: 'Send code' });
    expect(send).toHaveAccessibleDescription('Enter your email address first.');
    await userEvent.type(email.getByRole('textbox', { name: 'New email address' }), 'not-an-address');
    expect(send).toHaveAccessibleDescription('Correct the email address first.');
    await userEvent.type(email.getByRole('textbox', { name: 'New email address' }), '@example.com');
    expect(send).toBeEnabled();
  });

  it('removes a number; one whose SMS codes are on offers neither change nor removal, and says why', async () => {
    api.removeContact.mockResolvedValueOnce(NONE);
    renderContacts(WITH_MOBILE);
    const mobile = await region('Mobile number');
    await userEvent.click(mobile.getByRole('button', { name: 'Remove' }));
    expect(api.removeContact).toHaveBeenCalledWith({ method: 'sms' });
    await waitFor(() =>
      expect(mobile.getByTestId('sms-contact')).toHaveTextContent('No mobile number on your account yet.'),
    );
  });

  it('a number in use by SMS codes: no change, no removal, and the reason', async () => {
    renderContacts({ ...NONE, sms: { enabled: true, destination: '+63 ••• 0001' } });
    const mobile = await region('Mobile number');
    expect(mobile.queryByRole('button')).toBeNull();
    expect(mobile.getByText(/Turn them off under two-step verification/)).toBeVisible();
  });
});
