import { LOCAL_CAPTCHA_MAX_SAMPLES, LOCAL_CAPTCHA_MAX_X } from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';

/**
 * The drag checks of the local slider (issue 11 item 9). The slider sends the drag's points
 * (`samples`: ms since the drag began, the piece's x then, in time order) with the drop position
 * `x` and the drag's time `durationMs` (first move to release). A person dragging with a finger or a
 * mouse moves the piece in many small, uneven steps; a keyboard user moves it in discrete steps
 * (arrow keys 1 px, Page Up/Down a tenth of the slider, Home/End to an end) and then presses Enter.
 * Both pass. A script that posts the answer refuses:
 *
 * 1. Time: the drag takes 0.3–60 s.
 * 2. Points: at least 3 and at most 200 (LOCAL_CAPTCHA_MAX_SAMPLES, also the request schema's bound),
 *    and not denser than a browser reports moves: at most 2 + one per 8 ms of the drag.
 * 3. Monotonic time: every point at or after 0 ms, strictly after the one before, not after release.
 * 4. No teleport: the piece starts at 0 and reaches `x` through the points: the last point is at `x`,
 *    every point is on the slider (0 to LOCAL_CAPTCHA_MAX_X, where the piece's right edge meets the
 *    picture's), and no step between two points, or from 0 to the first, is longer than 50 px —
 *    except a step onto either end (Home, End).
 * 5. Uneven speed: the points, with the release (durationMs, x) as the last, are not on a straight
 *    line — at least one lies 4 px from where a constant speed from the first point to the release
 *    would have the piece. A perfectly linear drag refuses; a single jump already fails rule 4.
 *
 * Development mode (DEV_MODE, automated tests) keeps rules 1 and 3 and the end point, and skips the
 * rest: the end-to-end tests set the slider to the known gap in one go and press Enter.
 */
export const DRAG_RULES = {
  minDragMs: 300,
  maxDragMs: 60_000,
  minSamples: 3,
  maxSamples: LOCAL_CAPTCHA_MAX_SAMPLES,
  /** Average ms per point, at least (after the first two). */
  minMsPerSample: 8,
  maxStepPx: 50,
  minBendPx: 4,
} as const;

type Drag = Pick<CaptchaVerifyPayload, 'x' | 'durationMs' | 'samples'>;

/** The rule a drag breaks, as a short reason (for logs and tests), or null when it passes. */
export function dragProblem(drag: Drag, devMode: boolean): string | null {
  const { samples, durationMs, x } = drag;
  if (durationMs < DRAG_RULES.minDragMs) return 'too fast';
  if (durationMs > DRAG_RULES.maxDragMs) return 'too slow';
  if (samples.length > DRAG_RULES.maxSamples) return 'too many points';
  const last = samples[samples.length - 1];
  if (last === undefined) return 'no points';
  let previousT = -1;
  for (const sample of samples) {
    if (sample.t <= previousT || sample.t > durationMs) return 'time not monotonic';
    previousT = sample.t;
  }
  if (Math.abs(last.x - x) > 0.5) return 'does not end at x';
  if (devMode) return null;

  if (samples.length < DRAG_RULES.minSamples) return 'too few points';
  if (samples.length > 2 + last.t / DRAG_RULES.minMsPerSample) return 'points too dense';
  let previousX = 0;
  for (const sample of samples) {
    if (sample.x < 0 || sample.x > LOCAL_CAPTCHA_MAX_X) return 'off the slider';
    const toEnd = sample.x === 0 || sample.x === LOCAL_CAPTCHA_MAX_X;
    if (!toEnd && Math.abs(sample.x - previousX) > DRAG_RULES.maxStepPx) return 'teleport';
    previousX = sample.x;
  }

  const first = samples[0] ?? last;
  const span = durationMs - first.t;
  const points = [...samples, { t: durationMs, x }];
  const bend = Math.max(
    ...points.map((point) => {
      const expected = span === 0 ? x : first.x + ((x - first.x) * (point.t - first.t)) / span;
      return Math.abs(point.x - expected);
    }),
  );
  if (bend < DRAG_RULES.minBendPx) return 'constant speed';
  return null;
}
