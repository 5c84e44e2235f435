import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authFlow from '@/features/session/authFlow';
import { renderWithI18n } from '@/test/renderWithI18n';
import { SecondFactorDialog } from './SecondFactorDialog';

vi.mock('@/features/session/authFlow', () => ({ submitLoginVerification: vi.fn() }));
const submit = vi.mocked(authFlow.submitLoginVerification);

const required: LoginVerifyRequired = {
  verifyToken: 'v'.repeat(43),
  methods: ['ga', 'recovery'],
  maskedEmail: null,
  maskedMobile: null,
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('SecondFactorDialog', () => {
  it('offers a recovery code in place of the authenticator code, typed as text, and sends it as method recovery', async () => {
    submit.mockResolvedValue({ status: 'success', destination: '/m/home' });
    const onDone = vi.fn();
    renderWithI18n(
      <SecondFactorDialog
        required={required}
        payload={{ type: 'username', username: 'alice', password: 'Secret12' } as never}
        options={{} as never}
        onDone={onDone}
        onCancel={() => undefined}
      />,
    );
    expect(
      screen.getByLabelText('Authenticator app code', { selector: 'input:not([type=radio])' }),
    ).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(screen.getByRole('radio', { name: 'Recovery code' }));
    const input = screen.getByLabelText('Recovery code', { selector: 'input:not([type=radio])' });
    expect(input).toHaveAttribute('inputmode', 'text');
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await userEvent.type(input, 'ABCDE-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith(
      { verifyToken: required.verifyToken, method: 'recovery', code: 'ABCDE-23456' },
      expect.anything(),
      expect.anything(),
    );
    expect(onDone).toHaveBeenCalledWith('/m/home');
  });
});
