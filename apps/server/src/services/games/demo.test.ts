import { DEMO_LOTTERY } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import { DEMO_PAY_TABLE, drawNumbers, maskName, payoutOf } from './demo.js';

function choose(n: number, k: number): number {
  let result = 1;
  for (let index = 0; index < k; index += 1) result = (result * (n - index)) / (index + 1);
  return result;
}

describe('the demo lottery', () => {
  it('has a pay entry for every match count, and returns less than the stakes on average', () => {
    const { pickCount: k, numberMax: n } = DEMO_LOTTERY;
    expect(DEMO_PAY_TABLE).toHaveLength(k + 1);
    // Hypergeometric chance of m matches when k of n are drawn against k picks.
    const rtp = DEMO_PAY_TABLE.reduce(
      (sum, multiplier, m) => sum + (multiplier * choose(k, m) * choose(n - k, k - m)) / choose(n, k),
      0,
    );
    expect(rtp).toBeGreaterThan(0.85);
    expect(rtp).toBeLessThan(1);
  });

  it('draws pickCount distinct numbers of 1..numberMax, every number possible', () => {
    const seen = new Set<number>();
    for (let index = 0; index < 400; index += 1) {
      const drawn = drawNumbers();
      expect(drawn).toHaveLength(DEMO_LOTTERY.pickCount);
      expect(new Set(drawn).size).toBe(DEMO_LOTTERY.pickCount);
      for (const number of drawn) {
        expect(Number.isInteger(number)).toBe(true);
        expect(number).toBeGreaterThanOrEqual(1);
        expect(number).toBeLessThanOrEqual(DEMO_LOTTERY.numberMax);
        seen.add(number);
      }
    }
    expect(seen.size).toBe(DEMO_LOTTERY.numberMax);
  });

  it('draws from the random source it is given', () => {
    // Always the first remaining number: 1, 2, 3.
    expect(drawNumbers(() => 0)).toEqual([1, 2, 3]);
    // Always the last one: 10 swaps with 1, which the next draw takes, then 2.
    expect(drawNumbers((max) => max - 1)).toEqual([10, 1, 2]);
  });

  it('pays the stake times the table entry of the matches', () => {
    expect(payoutOf([1, 2, 3], [4, 5, 6], 10)).toEqual({ matches: 0, payout: 0 });
    expect(payoutOf([1, 2, 3], [3, 5, 6], 10)).toEqual({ matches: 1, payout: 10 * (DEMO_PAY_TABLE[1] ?? 0) });
    expect(payoutOf([1, 2, 3], [3, 2, 6], 20)).toEqual({ matches: 2, payout: 20 * (DEMO_PAY_TABLE[2] ?? 0) });
    expect(payoutOf([1, 2, 3], [3, 2, 1], 50)).toEqual({ matches: 3, payout: 50 * (DEMO_PAY_TABLE[3] ?? 0) });
  });

  it.each([
    ['demo', 'de***o'],
    ['newbie', 'ne***e'],
    ['abc', 'a***'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['', '***'],
    ['越南玩家', '越南***家'],
  ])('masks %j as %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});
