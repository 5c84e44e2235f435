import { LOCAL_CAPTCHA_PUZZLE_SIZE, type CaptchaChallenge } from '@wps/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { SliderCaptcha } from './SliderCaptcha';

const pending: { resolve: (challenge: CaptchaChallenge) => void }[] = [];

vi.mock('@/api/endpoints/accounts', () => ({
  fetchCaptcha: () => new Promise<CaptchaChallenge>((resolve) => pending.push({ resolve })),
  verifyCaptcha: vi.fn(),
}));

afterEach(() => {
  pending.length = 0;
});

const challenge: CaptchaChallenge = {
  gt: 'local',
  challenge: 'c1',
  newCaptcha: true,
  puzzle: {
    background: 'data:image/png;base64,AA==',
    piece: 'data:image/png;base64,AA==',
    width: 280,
    height: 160,
    pieceY: 30,
  },
};

describe('SliderCaptcha layout', () => {
  it('reserves the puzzle frame and a disabled slider while the puzzle loads, so the form does not jump', async () => {
    const { container } = renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    const board = container.querySelector<HTMLElement>('.captcha-board');
    expect(board).not.toBeNull();
    expect(board?.style.width).toBe(`${LOCAL_CAPTCHA_PUZZLE_SIZE.width}px`);
    expect(board?.style.height).toBe(`${LOCAL_CAPTCHA_PUZZLE_SIZE.height}px`);
    expect(screen.getByRole('slider')).toBeDisabled();

    await act(async () => {
      pending[0]?.resolve(challenge);
      await Promise.resolve();
    });
    expect(screen.getByRole('slider')).toBeEnabled();
    expect(container.querySelectorAll('.captcha-board img')).toHaveLength(2);
  });
});
