import { LOCAL_CAPTCHA_MAX_SAMPLES } from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';

export type DragSample = CaptchaVerifyPayload['samples'][number];

/** A move sooner than this after the last point replaces it: about one point per frame at most. */
const SAMPLE_MIN_GAP_MS = 10;

/**
 * Adds the piece's position `x` at `t` (ms since the drag began) to the drag's points, which go with
 * the verify for the server's check of the drag (apps/server/src/services/captcha/trajectory.ts):
 * every point strictly later than the one before, steps kept short, and at most
 * LOCAL_CAPTCHA_MAX_SAMPLES points: a longer drag is thinned, keeping its shape.
 */
export function addSample(samples: DragSample[], t: number, x: number): void {
  const last = samples[samples.length - 1];
  const before = samples[samples.length - 2];
  if (last !== undefined && t <= last.t) {
    last.x = x;
    return;
  }
  if (
    last !== undefined &&
    before !== undefined &&
    t - last.t < SAMPLE_MIN_GAP_MS &&
    Math.abs(x - before.x) <= 40
  ) {
    samples[samples.length - 1] = { t, x };
    return;
  }
  samples.push({ t, x });
  if (samples.length <= LOCAL_CAPTCHA_MAX_SAMPLES) return;
  // One inner point goes: the one whose loss changes the drag least (off the line between its
  // neighbours, plus a little for the longer step), never one that would leave a step over 40 px.
  let drop = 1;
  let least = Infinity;
  for (let index = 1; index < samples.length - 1; index += 1) {
    const [a, b, c] = [samples[index - 1], samples[index], samples[index + 1]];
    if (a === undefined || b === undefined || c === undefined) continue;
    const step = Math.abs(c.x - a.x);
    const off = Math.abs(b.x - (a.x + ((c.x - a.x) * (b.t - a.t)) / (c.t - a.t)));
    const cost = step > 40 ? Infinity : off + step / 4;
    if (cost < least) {
      least = cost;
      drop = index;
    }
  }
  samples.splice(drop, 1);
}

/** Whole ms since `start` (a `performance.now()`), 0 when the drag has not begun. */
export function elapsedSince(start: number | null): number {
  const now = performance.now();
  return Math.round(now - (start ?? now));
}
