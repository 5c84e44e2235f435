import {
  LOCAL_CAPTCHA_MAX_SAMPLES,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  type CaptchaChallenge,
} from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyCaptcha } from '@/api/endpoints/accounts';
import { renderWithI18n } from '@/test/renderWithI18n';
import { SliderCaptcha } from './SliderCaptcha';

const pending: { resolve: (challenge: CaptchaChallenge) => void }[] = [];

vi.mock('@/api/endpoints/accounts', () => ({
  fetchCaptcha: () => new Promise<CaptchaChallenge>((resolve) => pending.push({ resolve })),
  verifyCaptcha: vi.fn(),
}));

afterEach(() => {
  pending.length = 0;
  vi.restoreAllMocks();
  vi.mocked(verifyCaptcha).mockReset();
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

/** What starts the puzzle: the person begins on the form (here: taps the check). */
function engage(): void {
  fireEvent.pointerDown(screen.getByRole('group', { name: 'Security check' }));
}

describe('SliderCaptcha layout', () => {
  it('reserves the puzzle frame and a disabled slider while the puzzle loads, so the form does not jump', async () => {
    const { container } = renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    engage();
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

describe('SliderCaptcha starts when the person starts on the form', () => {
  function Form() {
    return (
      <form>
        <input aria-label="Username" />
        <SliderCaptcha onChange={() => undefined} />
      </form>
    );
  }

  it('asks for no puzzle while the page is only looked at', () => {
    renderWithI18n(<Form />);
    expect(pending).toHaveLength(0);
    expect(screen.getByRole('slider')).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Security check' })).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    ['focus on a field of the form', () => fireEvent.focusIn(screen.getByLabelText('Username'))],
    [
      'typing in a field',
      () => fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'a' } }),
    ],
    ['a tap on the check', () => engage()],
  ])('%s asks for one puzzle', (_case, start) => {
    renderWithI18n(<Form />);
    start();
    start();
    expect(pending).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Security check' })).toHaveAttribute('aria-busy', 'true');
  });

  it('a form already in focus when it appears asks at once', () => {
    function Focused() {
      return (
        <form>
          <input aria-label="Username" autoFocus />
          <SliderCaptcha onChange={() => undefined} />
        </form>
      );
    }
    renderWithI18n(<Focused />);
    expect(pending).toHaveLength(1);
  });

  it('a new puzzle after a reload is asked at once', async () => {
    renderWithI18n(<Form />);
    engage();
    await act(async () => {
      pending[0]?.resolve(challenge);
      await Promise.resolve();
    });
    fireEvent.click(screen.getByRole('button', { name: 'New puzzle' }));
    expect(pending).toHaveLength(2);
  });
});

describe('SliderCaptcha drag points', () => {
  let now = 1_000;
  beforeEach(() => {
    now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.mocked(verifyCaptcha).mockResolvedValue({
      geetestChallenge: 'c1',
      geetestSeccode: 'pass',
      geetestValidateV4: 'pass',
    });
  });

  async function readySlider(): Promise<HTMLElement> {
    renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    engage();
    await act(async () => {
      pending[0]?.resolve(challenge);
      await Promise.resolve();
    });
    return screen.getByRole('slider');
  }

  function sent(): CaptchaVerifyPayload {
    const [payload] = vi.mocked(verifyCaptcha).mock.calls.at(-1) ?? [];
    if (payload === undefined) throw new Error('no verify');
    return payload;
  }

  function expectWellFormed(payload: CaptchaVerifyPayload): void {
    const times = payload.samples.map((sample) => sample.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    expect(payload.samples.at(-1)?.x).toBe(payload.x);
    expect(payload.durationMs).toBeGreaterThanOrEqual(times.at(-1) ?? 0);
    expect(payload.samples.length).toBeLessThanOrEqual(LOCAL_CAPTCHA_MAX_SAMPLES);
  }

  it('keyboard: sends each arrow-key step with its time, and the time to Enter', async () => {
    const slider = await readySlider();
    const steps: [number, number][] = [
      [0, 1],
      [180, 2],
      [420, 3],
      [590, 4],
    ];
    for (const [at, x] of steps) {
      now = 1_000 + at;
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      fireEvent.change(slider, { target: { value: String(x) } });
    }
    now = 1_000 + 1_100;
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'Enter' });
      await Promise.resolve();
    });
    const payload = sent();
    expect(payload).toMatchObject({ challenge: 'c1', x: 4, durationMs: 1_100 });
    expect(payload.samples).toEqual(steps.map(([t, x]) => ({ t, x })));
    expectWellFormed(payload);
  });

  it('the end-to-end path: the slider set in one go, then Enter, sends one point', async () => {
    const slider = await readySlider();
    fireEvent.change(slider, { target: { value: '120' } });
    now += 600;
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'Enter' });
      await Promise.resolve();
    });
    expect(sent()).toMatchObject({ x: 120, durationMs: 600, samples: [{ t: 0, x: 120 }] });
  });

  it('touch: sends the drag from the press to the release, moves closer than 10 ms merged', async () => {
    const slider = await readySlider();
    fireEvent.pointerDown(slider);
    const moves: [number, number][] = [
      [70, 2],
      [86, 6],
      [90, 8],
      [102, 15],
      [118, 27],
      [134, 40],
      [150, 52],
      [166, 60],
      [182, 64],
      [230, 66],
    ];
    for (const [at, x] of moves) {
      now = 1_000 + at;
      fireEvent.change(slider, { target: { value: String(x) } });
    }
    now = 1_000 + 260;
    await act(async () => {
      fireEvent.pointerUp(slider);
      await Promise.resolve();
    });
    const payload = sent();
    expect(payload.durationMs).toBe(260);
    // 86 ms and 90 ms are one point (the later), as the browser's frame would have made them.
    expect(payload.samples.map((sample) => sample.t)).toEqual([70, 90, 102, 118, 134, 150, 166, 182, 230]);
    expect(payload.samples[1]).toEqual({ t: 90, x: 8 });
    expectWellFormed(payload);
  });

  it('a long drag is thinned to the most points a verify takes, keeping its ends and small steps', async () => {
    const slider = await readySlider();
    fireEvent.pointerDown(slider);
    // Out to 200, back to 50, out to 250: 1 px per move, 550 moves 20 ms apart.
    for (let move = 1; move <= 550; move += 1) {
      now = 1_000 + move * 20;
      const x = move <= 200 ? move : move <= 350 ? 400 - move : move - 300;
      fireEvent.change(slider, { target: { value: String(x) } });
    }
    now += 300;
    await act(async () => {
      fireEvent.pointerUp(slider);
      await Promise.resolve();
    });
    const payload = sent();
    expect(payload.samples).toHaveLength(LOCAL_CAPTCHA_MAX_SAMPLES);
    expect(payload.samples[0]).toEqual({ t: 20, x: 1 });
    expect(payload.samples.at(-1)).toEqual({ t: 11_000, x: 250 });
    const steps = payload.samples
      .slice(1)
      .map((sample, index) => Math.abs(sample.x - (payload.samples[index]?.x ?? 0)));
    expect(Math.max(...steps)).toBeLessThanOrEqual(8);
    // The turns (200 at 4 s, 50 at 7 s) survive.
    expect(payload.samples.some((sample) => sample.x >= 196 && Math.abs(sample.t - 4_000) <= 100)).toBe(true);
    expect(payload.samples.some((sample) => sample.x <= 54 && Math.abs(sample.t - 7_000) <= 100)).toBe(true);
    expectWellFormed(payload);
  });
});
