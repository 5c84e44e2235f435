import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import type { FormMessage } from './formRules';
import { SendCodeButton } from './SendCodeButton';

afterEach(() => {
  vi.useRealTimers();
});

describe('SendCodeButton: off only with a reason a person can read', () => {
  it.each<[string, FormMessage, string]>([
    ['no number yet', { key: 'auth_send_code_need_mobile' }, 'Enter your mobile number first.'],
    ['a number to correct', { key: 'auth_send_code_fix_mobile' }, 'Correct the mobile number first.'],
    ['the captcha first', { key: 'auth_send_code_need_captcha' }, 'Complete the security check first.'],
    ['no email address yet', { key: 'contact_send_need_email' }, 'Enter your email address first.'],
  ])('%s: disabled, and the reason is its description', (_case, blocked, reason) => {
    const send = vi.fn(() => Promise.resolve({ resendAfter: 60 }));
    renderWithI18n(<SendCodeButton send={send} blocked={blocked} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    fireEvent.click(button);
    expect(send).not.toHaveBeenCalled();
  });

  it('ready: enabled, no reason; once sent it counts down and says when a new code may be asked for', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => Promise.resolve({ resendAfter: 2 }));
    renderWithI18n(<SendCodeButton send={send} blocked={null} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(send).toHaveBeenCalledOnce();
    const waiting = screen.getByRole('button', { name: 'Resend in 2 s' });
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveAccessibleDescription('A code was sent. You can ask for a new one in 2 s.');
    for (const second of [1, 2]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      if (second === 1) expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('refused: the button may be pressed again (the caller shows why)', async () => {
    const send = vi.fn(() => Promise.reject(new Error('refused')));
    renderWithI18n(<SendCodeButton send={send} blocked={null} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});
