import { LOCAL_CAPTCHA_MAX_X } from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import { seededRandom } from '../services/captcha/index.js';

/** What a slider verify says about the drag: where it ended, how long it took, its points. */
export type Drag = Pick<CaptchaVerifyPayload, 'x' | 'durationMs' | 'samples'>;

type Sample = Drag['samples'][number];

/**
 * A finger or mouse drag to `x` as the browser reports it: the press, a short wait, then a
 * minimum-jerk movement (slow, fast, slow) sampled about once a frame with a pixel of tremble,
 * a small overshoot brought back, and the release soon after. Integer positions, as the range input's.
 */
export function touchDrag(x: number, seed = 1): Drag {
  const random = seededRandom(seed);
  const samples: Sample[] = [];
  const push = (t: number, position: number) => {
    const clamped = Math.max(0, Math.min(LOCAL_CAPTCHA_MAX_X, Math.round(position)));
    const last = samples[samples.length - 1];
    // The input reports a change only when its value changes.
    if (last?.x !== clamped) samples.push({ t, x: clamped });
  };
  const overshoot = 2 + random.int(0, 5);
  const start = 60 + random.int(0, 100);
  const moveMs = 450 + random.int(0, 450);
  let t = start;
  for (; t < start + moveMs; t += 16 + random.int(-3, 4)) {
    const tau = (t - start) / moveMs;
    const eased = 10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5;
    push(t, eased * (x + overshoot) + (random.float() - 0.5) * 3);
  }
  push(t, x + overshoot);
  for (let back = overshoot - 1; back >= 0; back -= 1) {
    t += 40 + random.int(0, 60);
    push(t, x + back);
  }
  return { x, durationMs: t + 20 + random.int(0, 80), samples };
}

/**
 * A keyboard user: Page Up (about a tenth of the slider, 28 px) while far from the gap, then arrow-key taps
 * of 1 px, each a separate press at a person's uneven pace, then Enter after a look.
 */
export function keyboardDrag(x: number, seed = 1): Drag {
  const random = seededRandom(seed);
  const samples: Sample[] = [];
  let position = 0;
  let t = 0;
  while (position < x) {
    position = x - position > 28 ? position + 28 : position + 1;
    samples.push({ t, x: position });
    t += (x - position > 28 ? 250 : 140) + random.int(0, 180);
  }
  return { x, durationMs: t + 300 + random.int(0, 500), samples };
}

/** A keyboard user holding the right arrow: one press, the key-repeat delay, then a step per 33 ms. */
export function heldKeyDrag(x: number): Drag {
  const samples: Sample[] = [{ t: 0, x: 1 }];
  for (let position = 2; position <= x; position += 1)
    samples.push({ t: 500 + (position - 2) * 33, x: position });
  return { x, durationMs: (samples[samples.length - 1]?.t ?? 0) + 600, samples };
}

/** What the end-to-end tests do in development mode: set the slider in one go, Enter 600 ms later. */
export function filledDrag(x: number): Drag {
  return { x, durationMs: 600, samples: [{ t: 0, x }] };
}

/** Scripts: answers that carry the right x but no drag a person makes. */
export const botDrags: [name: string, drag: (x: number) => Drag][] = [
  [
    'a single jump',
    (x) => ({
      x,
      durationMs: 700,
      samples: [
        { t: 0, x: 0 },
        { t: 350, x },
        { t: 700, x },
      ],
    }),
  ],
  [
    'a perfectly linear drag at constant speed',
    (x) => {
      const samples = Array.from({ length: 30 }, (_, index) => ({
        t: index * 20,
        x: (x * (index + 1)) / 30,
      }));
      return { x, durationMs: 580, samples };
    },
  ],
  [
    'a drag too fast',
    (x) => {
      // A person's drag, played five times faster.
      const drag = touchDrag(x);
      const samples = drag.samples.map((sample) => ({ ...sample, t: sample.t / 5 }));
      return { ...drag, durationMs: Math.round(drag.durationMs / 5), samples };
    },
  ],
  [
    'time going backwards',
    (x) => {
      const drag = touchDrag(x);
      const samples = drag.samples.map((sample, index) => (index === 3 ? { ...sample, t: 1 } : sample));
      return { ...drag, samples };
    },
  ],
  [
    'too many points for the time',
    (x) => {
      const samples = Array.from({ length: 150 }, (_, index) => ({
        t: index * 3,
        x: Math.round(x * Math.sin(((index + 1) / 150) * (Math.PI / 2))),
      }));
      return { x, durationMs: 500, samples };
    },
  ],
  ['no drag at all', (x) => ({ x, durationMs: 700, samples: [] })],
];
