import {
  LOCAL_CAPTCHA_MAX_SAMPLES,
  LOCAL_CAPTCHA_MAX_X,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  type CaptchaChallenge,
} from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyCaptcha } from '@/api/endpoints/accounts';
import { I18nProvider } from '@/i18n/I18nProvider';
import ar from '@/i18n/catalogs/ar.json';
import { renderWithI18n } from '@/test/renderWithI18n';
import { SliderCaptcha } from './SliderCaptcha';

const pending: { resolve: (challenge: CaptchaChallenge) => void }[] = [];

vi.mock('@/api/endpoints/accounts', () => ({
  fetchCaptcha: () => new Promise<CaptchaChallenge>((resolve) => pending.push({ resolve })),
  verifyCaptcha: vi.fn(),
  fetchCaptchaText: vi.fn(),
  verifyCaptchaText: vi.fn(),
}));

afterEach(() => {
  pending.length = 0;
  vi.restoreAllMocks();
  vi.mocked(verifyCaptcha).mockReset();
});

const { width: W, piece: PIECE } = LOCAL_CAPTCHA_PUZZLE_SIZE;

const challenge: CaptchaChallenge = {
  gt: 'local',
  challenge: 'c1',
  newCaptcha: true,
  puzzle: {
    background: 'data:image/png;base64,AA==',
    piece: 'data:image/png;base64,AA==',
    width: W,
    height: LOCAL_CAPTCHA_PUZZLE_SIZE.height,
    pieceY: 30,
  },
};

/** The puzzle is asked for after the first paint (two frames): waits for the ask, then answers it. */
async function answerPuzzle(index = 0): Promise<void> {
  await waitFor(() => expect(pending.length).toBeGreaterThan(index));
  await act(async () => {
    pending[index]?.resolve(challenge);
    await Promise.resolve();
  });
}

function inArabic(ui: ReactElement) {
  // The page around it is right to left, as orbit's is.
  return render(
    <I18nProvider language="AR" catalog={ar}>
      <div dir="rtl">{ui}</div>
    </I18nProvider>,
  );
}

const piece = (container: HTMLElement) => container.querySelector<HTMLElement>('.captcha-piece');

describe('SliderCaptcha shows at once', () => {
  it('asks for its puzzle when the form shows, with no field focused, after the first paint', async () => {
    renderWithI18n(
      <form>
        <input aria-label="Username" />
        <SliderCaptcha onChange={() => undefined} />
      </form>,
    );
    // Not during the render itself: the first paint is not held up by it.
    expect(pending).toHaveLength(0);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(screen.getByRole('slider')).toHaveAttribute('aria-disabled', 'true');
    await answerPuzzle();
    expect(screen.getByRole('slider')).not.toHaveAttribute('aria-disabled');
    expect(document.querySelectorAll('.captcha-board img')).toHaveLength(2);
  });

  it('holds the picture’s frame while it loads, so the form does not jump', () => {
    const { container } = renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    const board = container.querySelector<HTMLElement>('.captcha-board');
    expect(board?.style.aspectRatio).toBe(`${W} / ${LOCAL_CAPTCHA_PUZZLE_SIZE.height}`);
  });

  it('a new puzzle after a reload is asked at once', async () => {
    renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    await answerPuzzle();
    fireEvent.click(screen.getByRole('button', { name: 'New puzzle' }));
    expect(pending).toHaveLength(2);
  });
});

describe('SliderCaptcha: one box, left to right, the handle under the piece', () => {
  it.each([
    ['English', (ui: ReactElement) => renderWithI18n(ui)],
    ['Arabic, in a right-to-left page', inArabic],
  ])('%s: picture and track share a left-to-right box; Right moves the piece right', async (_name, draw) => {
    const { container } = draw(<SliderCaptcha onChange={() => undefined} />);
    await answerPuzzle();
    const slider = screen.getByRole('slider');
    const stage = container.querySelector<HTMLElement>('.captcha-stage');
    expect(stage).toHaveAttribute('dir', 'ltr');
    expect(stage?.contains(container.querySelector('.captcha-board'))).toBe(true);
    expect(stage?.contains(slider)).toBe(true);
    expect(slider.closest('[dir]')).toBe(stage);

    const cases: [key: string, expected: number][] = [
      ['ArrowRight', 1],
      ['ArrowRight', 2],
      ['ArrowUp', 3],
      ['ArrowLeft', 2],
      ['ArrowDown', 1],
      ['PageUp', 1 + Math.round(LOCAL_CAPTCHA_MAX_X / 10)],
      ['PageDown', 1],
      ['End', LOCAL_CAPTCHA_MAX_X],
      ['ArrowRight', LOCAL_CAPTCHA_MAX_X],
      ['Home', 0],
      ['ArrowLeft', 0],
    ];
    for (const [key, expected] of cases) {
      fireEvent.keyDown(slider, { key });
      expect({ key, value: Number(slider.getAttribute('aria-valuenow')) }).toEqual({ key, value: expected });
      // The piece and the handle: the same left edge and width, as shares of the one box.
      expect(piece(container)?.style.left).toBe(`${(expected / W) * 100}%`);
      expect(slider.style.left).toBe(piece(container)?.style.left);
    }
    expect(slider.style.width).toBe(`${(PIECE / W) * 100}%`);
    expect(piece(container)?.style.width).toBe(slider.style.width);
  });

  it('Arabic: a drag to the right moves the piece right, by the finger’s travel at the shown size', async () => {
    const { container } = inArabic(<SliderCaptcha onChange={() => undefined} />);
    await answerPuzzle();
    const slider = screen.getByRole('slider');
    const track = container.querySelector<HTMLElement>('.captcha-track');
    if (!track) throw new Error('no track');
    // Shown at half its size: 170 screen px for the puzzle's 340.
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 0, W / 2, 44));
    fireEvent.pointerDown(slider, { clientX: 20, pointerId: 1 });
    fireEvent.pointerMove(track, { clientX: 30, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '20');
    fireEvent.pointerMove(track, { clientX: 80, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '120');
    fireEvent.pointerMove(track, { clientX: 500, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', String(LOCAL_CAPTCHA_MAX_X));
    fireEvent.pointerMove(track, { clientX: -500, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('is a labelled, focusable slider saying where the piece is', async () => {
    renderWithI18n(
      <SliderCaptcha onChange={() => undefined} message="Please complete the security check." />,
    );
    await answerPuzzle();
    const slider = screen.getByRole('slider', { name: 'Slide the piece into the gap' });
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', String(LOCAL_CAPTCHA_MAX_X));
    expect(slider).toHaveAttribute('aria-valuetext', '0% of the way across');
    expect(slider).toHaveAccessibleDescription(/^Please complete the security check\./);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuetext', '100% of the way across');
  });

  it('a tap on the track without a move neither jumps the piece nor spends the puzzle', async () => {
    const { container } = renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    await answerPuzzle();
    const track = container.querySelector<HTMLElement>('.captcha-track');
    if (!track) throw new Error('no track');
    fireEvent.pointerDown(track, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(track, { clientX: 200, pointerId: 1 });
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    expect(verifyCaptcha).not.toHaveBeenCalled();
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

  /** The slider, and its track shown at the puzzle's own size (1 screen px = 1 unit). */
  async function readySlider(): Promise<{ slider: HTMLElement; track: HTMLElement }> {
    const { container } = renderWithI18n(<SliderCaptcha onChange={() => undefined} />);
    await answerPuzzle();
    const track = container.querySelector<HTMLElement>('.captcha-track');
    if (!track) throw new Error('no track');
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, W, 44));
    return { slider: screen.getByRole('slider'), track };
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
    const { slider } = await readySlider();
    const steps = [0, 180, 420, 590];
    for (const at of steps) {
      now = 1_000 + at;
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
    }
    now = 1_000 + 1_100;
    await act(async () => {
      fireEvent.keyDown(slider, { key: 'Enter' });
      await Promise.resolve();
    });
    const payload = sent();
    expect(payload).toMatchObject({ challenge: 'c1', x: 4, durationMs: 1_100 });
    expect(payload.samples).toEqual(steps.map((t, index) => ({ t, x: index + 1 })));
    expectWellFormed(payload);
  });

  it('touch: sends the drag from the press to the release, moves closer than 10 ms merged', async () => {
    const { slider, track } = await readySlider();
    fireEvent.pointerDown(slider, { clientX: 10, pointerId: 1 });
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
      fireEvent.pointerMove(track, { clientX: 10 + x, pointerId: 1 });
    }
    now = 1_000 + 260;
    await act(async () => {
      fireEvent.pointerUp(track, { pointerId: 1 });
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
    const { slider, track } = await readySlider();
    fireEvent.pointerDown(slider, { clientX: 0, pointerId: 1 });
    // Out to 200, back to 50, out to 250: 1 px per move, 550 moves 20 ms apart.
    for (let move = 1; move <= 550; move += 1) {
      now = 1_000 + move * 20;
      const x = move <= 200 ? move : move <= 350 ? 400 - move : move - 300;
      fireEvent.pointerMove(track, { clientX: x, pointerId: 1 });
    }
    now += 300;
    await act(async () => {
      fireEvent.pointerUp(track, { pointerId: 1 });
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
