import type { CaptchaChallenge } from '@wps/contract/accounts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCaptchaText, verifyCaptchaText } from '@/api/endpoints/accounts';
import { WpsError } from '@/api/errors';
import { renderWithI18n } from '@/test/renderWithI18n';
import { SliderCaptcha } from './SliderCaptcha';

vi.mock('@/api/endpoints/accounts', () => ({
  fetchCaptcha: () => new Promise<CaptchaChallenge>(() => undefined),
  verifyCaptcha: vi.fn(),
  fetchCaptchaText: vi.fn(),
  verifyCaptchaText: vi.fn(),
}));

afterEach(() => {
  vi.mocked(fetchCaptchaText).mockReset();
  vi.mocked(verifyCaptchaText).mockReset();
});

const pass = { geetestChallenge: 'text.q1', geetestSeccode: 'p', geetestValidateV4: 'p' };

describe('the security check’s text alternative (for a screen reader’s user)', () => {
  function open(onChange = vi.fn(), onSubmit = vi.fn()) {
    vi.mocked(fetchCaptchaText)
      .mockResolvedValueOnce({ challenge: 'text.q1', a: 14, b: 7 })
      .mockResolvedValueOnce({ challenge: 'text.q2', a: 30, b: 2 });
    renderWithI18n(
      <form onSubmit={onSubmit}>
        <SliderCaptcha onChange={onChange} />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: "Can't see the puzzle? Answer a question instead" }));
    return { onChange, onSubmit };
  }

  it('asks the server’s question in words, and sends the typed answer for the server to check', async () => {
    vi.mocked(verifyCaptchaText).mockResolvedValue(pass);
    const { onChange, onSubmit } = open();
    const field = await screen.findByLabelText('What is 14 plus 7? Type the answer in digits.');
    // Only digits are kept; Enter answers, and does not send the form around it.
    fireEvent.change(field, { target: { value: ' 2a1 ' } });
    expect(field).toHaveValue('21');
    await act(async () => {
      fireEvent.keyDown(field, { key: 'Enter' });
      await Promise.resolve();
    });
    expect(verifyCaptchaText).toHaveBeenCalledWith({ challenge: 'text.q1', answer: '21' });
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(pass));
    expect(screen.getByRole('status')).toHaveTextContent('Verified');
  });

  it('a refused answer brings a new question, said so, and no pass', async () => {
    vi.mocked(verifyCaptchaText).mockRejectedValue(new WpsError(400, 'captcha_invalid', 'no'));
    const { onChange } = open();
    const field = await screen.findByLabelText(/What is 14 plus 7\?/);
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const next = await screen.findByLabelText(/What is 30 plus 2\?/);
    expect(next).toHaveValue('');
    expect(next).toHaveAccessibleDescription(/That was not the answer\. Here is a new question\./);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ geetestSeccode: expect.anything() }));
  });

  it('the way back to the slider resets the proof', async () => {
    const { onChange } = open();
    await screen.findByLabelText(/What is 14 plus 7\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Use the picture puzzle instead' }));
    expect(screen.getByRole('slider')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
