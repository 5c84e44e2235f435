import { DEMO_SLOT, DEMO_VN_LOTTERY } from '@wps/contract/games';
import { describe, expect, it } from 'vitest';
import {
  demoKindOf,
  drawSpecialPrize,
  moneyStakes,
  playOutcome,
  SLOT_PAY_TABLE,
  SLOT_STOPS,
  SLOT_TWO_CHERRIES,
  SLOT_WEIGHTS,
  slotPayoutOf,
  spinReels,
  vnPayoutOf,
} from './rules.js';

const [SEVEN, BAR, BELL, CHERRY, LEMON] = [0, 1, 2, 3, 4];

/** A random source answering these numbers in turn. */
function sequence(...values: number[]): (max: number) => number {
  let index = 0;
  return (max) => {
    const value = values[index % values.length] ?? 0;
    index += 1;
    expect(value).toBeLessThan(max);
    return value;
  };
}

describe('the demo vendor’s Vietnam lottery and slot', () => {
  it('returns less than the stakes on both, computed over every outcome', () => {
    // The Vietnam lottery: one number in 100 wins.
    let vn = 0;
    for (let prize = 0; prize < 100; prize += 1) vn += vnPayoutOf(42, prize, 1).payout;
    expect(vn / 100).toBe(DEMO_VN_LOTTERY.payMultiplier / 100);
    expect(vn / 100).toBeLessThan(1);
    // The slot: every combination of stops, weighted as the reels are.
    let slot = 0;
    for (let a = 0; a < SLOT_STOPS; a += 1) {
      for (let b = 0; b < SLOT_STOPS; b += 1) {
        for (let c = 0; c < SLOT_STOPS; c += 1) {
          slot += slotPayoutOf(spinReels(sequence(a, b, c)), 1).payout;
        }
      }
    }
    const rtp = slot / SLOT_STOPS ** 3;
    expect(rtp).toBeCloseTo(3787 / 4096, 10);
    expect(rtp).toBeGreaterThan(0.85);
    expect(rtp).toBeLessThan(1);
  });

  it('maps every stop of a reel to its symbol by weight', () => {
    const counts = new Array<number>(DEMO_SLOT.symbols.length).fill(0);
    for (let stop = 0; stop < SLOT_STOPS; stop += 1) {
      const [symbol] = spinReels(sequence(stop));
      counts[symbol ?? -1] = (counts[symbol ?? -1] ?? 0) + 1;
    }
    expect(counts).toEqual([...SLOT_WEIGHTS]);
    expect(SLOT_PAY_TABLE).toHaveLength(DEMO_SLOT.symbols.length);
  });

  // [reels, matches, multiplier]
  it.each([
    [[SEVEN, SEVEN, SEVEN], 3, 200],
    [[BAR, BAR, BAR], 3, 50],
    [[BELL, BELL, BELL], 3, 25],
    [[CHERRY, CHERRY, CHERRY], 3, 10],
    [[LEMON, LEMON, LEMON], 3, 6],
    [[CHERRY, CHERRY, SEVEN], 2, SLOT_TWO_CHERRIES],
    [[SEVEN, CHERRY, CHERRY], 0, 0],
    [[CHERRY, SEVEN, CHERRY], 0, 0],
    [[SEVEN, SEVEN, BAR], 0, 0],
  ])('pays the reels %j: %i matching, %i× the stake', (reels, matches, multiplier) => {
    expect(slotPayoutOf(reels, 1000)).toEqual({ matches, payout: 1000 * multiplier });
  });

  // [number, special prize, matches]
  it.each([
    [42, 12342, 1],
    [42, 42, 1],
    [0, 50000, 1],
    [0, 99999, 0],
    [42, 12324, 0],
    [99, 99, 1],
  ])('pays the number %i against the special prize %i: %i match', (number, prize, matches) => {
    expect(vnPayoutOf(number, prize, 1000)).toEqual({ matches, payout: matches * 1000 * 95 });
  });

  it('draws a five-digit special prize from the random source', () => {
    expect(drawSpecialPrize(sequence(99_999))).toBe(99_999);
    for (let index = 0; index < 200; index += 1) {
      const prize = drawSpecialPrize();
      expect(Number.isInteger(prize) && prize >= 0 && prize < 100_000).toBe(true);
    }
  });

  it('plays a round of the session’s game only, and knows each game by its launch', () => {
    expect(demoKindOf({ kind: 'lottery', prizeMode: 'Official', playType: 'NORMAL' })).toBe('pick3');
    expect(demoKindOf({ kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: 'VN' })).toBe('vn2d');
    expect(demoKindOf({ kind: 'vendor' })).toBe('slot');
    expect(playOutcome('vn2d', { number: 42, stake: 10 }, 10, sequence(12342))).toEqual({
      picks: [42],
      drawn: [12342],
      matches: 1,
      payout: 950,
    });
    expect(playOutcome('slot', { stake: 10 }, 10, sequence(0))).toEqual({
      picks: [],
      drawn: [SEVEN, SEVEN, SEVEN],
      matches: 3,
      payout: 2000,
    });
    expect(playOutcome('pick3', { number: 42, stake: 10 }, 10)).toBeNull();
    expect(playOutcome('vn2d', { picks: [1, 2, 3], stake: 10 }, 10)).toBeNull();
    expect(playOutcome('slot', { number: 1, stake: 10 }, 10)).toBeNull();
  });

  // [currency, stakes in minor units]
  it.each([
    ['PHP', [1000, 2000, 5000]],
    ['USD', [100, 200, 500]],
    ['VND', [10_000, 20_000, 50_000]],
    ['JPY', [100, 200, 500]],
    ['THB', [1000, 2000, 5000]],
  ])('offers real-money stakes in %s of %j minor units', (currency, stakes) => {
    expect(moneyStakes(currency)).toEqual(stakes);
  });
});
