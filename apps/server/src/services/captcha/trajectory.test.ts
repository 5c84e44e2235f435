import { LOCAL_CAPTCHA_MAX_X } from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import { botDrags, filledDrag, heldKeyDrag, keyboardDrag, touchDrag } from '../../test/captcha-drags.js';
import { DRAG_RULES, dragProblem } from './trajectory.js';

const GAPS = [70, 96, 120, 151, 188, 230, 278];

describe('slider drag rules', () => {
  it.each(GAPS)('passes a touch drag to %i (eased, with tremble and an overshoot)', (x) => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const drag = touchDrag(x, seed);
      expect({ seed, problem: dragProblem(drag, false) }).toEqual({ seed, problem: null });
      expect(drag.samples.length).toBeLessThanOrEqual(DRAG_RULES.maxSamples);
    }
  });

  it.each(GAPS)('passes keyboard drags to %i: Page Up and arrow taps, or a held arrow key', (x) => {
    for (let seed = 1; seed <= 40; seed += 1) {
      expect({ seed, problem: dragProblem(keyboardDrag(x, seed), false) }).toEqual({ seed, problem: null });
    }
    if (x <= DRAG_RULES.maxSamples) expect(dragProblem(heldKeyDrag(x), false)).toBeNull();
  });

  it('passes Home and End (a jump to either end), then arrow taps', () => {
    const samples = [
      { t: 0, x: LOCAL_CAPTCHA_MAX_X },
      ...Array.from({ length: 64 }, (_, index) => ({
        t: 400 + index * 150,
        x: LOCAL_CAPTCHA_MAX_X - 1 - index,
      })),
    ];
    expect(dragProblem({ x: 220, durationMs: 11_000, samples }, false)).toBeNull();
  });

  it.each(botDrags)('refuses %s', (_name, bot) => {
    for (const x of GAPS) expect(dragProblem(bot(x), false)).not.toBeNull();
  });

  it('names the rule each script breaks', () => {
    const problems = Object.fromEntries(botDrags.map(([name, bot]) => [name, dragProblem(bot(120), false)]));
    expect(problems).toEqual({
      'a single jump': 'teleport',
      'a perfectly linear drag at constant speed': 'constant speed',
      'a drag too fast': 'too fast',
      'time going backwards': 'time not monotonic',
      'too many points for the time': 'points too dense',
      'no drag at all': 'no points',
    });
  });

  it('refuses a drag that ends elsewhere than x, leaves the slider, or has more than 200 points', () => {
    const drag = touchDrag(120);
    expect(dragProblem({ ...drag, x: 150 }, false)).toBe('does not end at x');
    const off = {
      ...drag,
      samples: drag.samples.map((sample, index) => (index === 2 ? { ...sample, x: -3 } : sample)),
    };
    expect(dragProblem(off, false)).toBe('off the slider');
    const many = Array.from({ length: 201 }, (_, index) => ({
      t: index * 20,
      x: Math.round(120 * Math.sin((index / 200) * (Math.PI / 2))),
    }));
    expect(dragProblem({ x: 120, durationMs: 5_000, samples: many }, false)).toBe('too many points');
    expect(dragProblem({ ...drag, durationMs: 61_000 }, false)).toBe('too slow');
  });

  it('development mode: the end-to-end path (the slider set in one go, Enter 600 ms later) passes', () => {
    expect(dragProblem(filledDrag(120), false)).toBe('too few points');
    expect(dragProblem(filledDrag(120), true)).toBeNull();
    // Time and the end point are still checked.
    expect(dragProblem({ ...filledDrag(120), durationMs: 100 }, true)).toBe('too fast');
    expect(dragProblem({ ...filledDrag(120), x: 90 }, true)).toBe('does not end at x');
  });
});
