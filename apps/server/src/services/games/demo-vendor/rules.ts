import {
  DEMO_LOTTERY,
  DEMO_SLOT,
  DEMO_VN_LOTTERY,
  type DemoGameKind,
  type GameLaunchTarget,
} from '@wps/contract/games';
import { currencyExponent } from '@wps/contract/amounts';
import type { DemoRoundPayload } from '@wps/contract/schemas/games';
import { randomInt } from 'node:crypto';

/**
 * The demo vendor's three games: their draws (crypto randomness) and pay tables. Each returns less
 * than the stakes on average (demo-vendor/rules.test.ts computes each return exactly).
 */

export type Random = (max: number) => number;

/** Which game a launched game plays: its launch kind decides. */
export function demoKindOf(launch: GameLaunchTarget): DemoGameKind {
  if (launch.kind === 'lottery') return 'pick3';
  if (launch.kind === 'vnLottery') return 'vn2d';
  return 'slot';
}

/**
 * A real-money stake unit per currency, in major units: the stakes offered are DEMO_LOTTERY.stakeUnits
 * times it (10, 20, 50 pesos; 1, 2, 5 dollars; 10,000, 20,000, 50,000 dong).
 */
const STAKE_UNIT_MAJOR: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1,
  GBP: 1,
  VND: 10_000,
  IDR: 10_000,
  KRW: 1_000,
  JPY: 100,
};
const DEFAULT_STAKE_UNIT_MAJOR = 10;

/** The stakes of a real-money session, in minor units of its currency. */
export function moneyStakes(currency: string): number[] {
  const unit = (STAKE_UNIT_MAJOR[currency] ?? DEFAULT_STAKE_UNIT_MAJOR) * 10 ** currencyExponent(currency);
  return DEMO_LOTTERY.stakeUnits.map((units) => units * unit);
}

// ---- pick-3 ("Lucky Ten") ----------------------------------------------------------------------

/**
 * The pick-3 lottery: the player picks DEMO_LOTTERY.pickCount distinct numbers of 1..numberMax; as many
 * are drawn and the stake is paid DEMO_PAY_TABLE[matches] times. With 3 of 10 drawn against 3 picks
 * the chances are 0 matches 35/120, 1 match 63/120, 2 matches 21/120, 3 matches 1/120, so the table
 * 0×, 0×, 3×, 50× returns (21·3 + 50)/120 ≈ 94 % of the stakes.
 */
export const DEMO_PAY_TABLE: readonly number[] = [0, 0, 3, 50];

/** DEMO_LOTTERY.pickCount distinct numbers of 1..numberMax, in draw order (partial Fisher–Yates). */
export function drawNumbers(random: Random = randomInt): number[] {
  const pool = Array.from({ length: DEMO_LOTTERY.numberMax }, (_, index) => index + 1);
  for (let index = 0; index < DEMO_LOTTERY.pickCount; index += 1) {
    const other = index + random(pool.length - index);
    [pool[index], pool[other]] = [pool[other] as number, pool[index] as number];
  }
  return pool.slice(0, DEMO_LOTTERY.pickCount);
}

export function payoutOf(picks: readonly number[], drawn: readonly number[], stake: number) {
  const matches = picks.filter((pick) => drawn.includes(pick)).length;
  return { matches, payout: stake * (DEMO_PAY_TABLE[matches] ?? 0) };
}

// ---- the Vietnam lottery (đề) ------------------------------------------------------------------

/** The five-digit special prize, 00000–99999. */
export function drawSpecialPrize(random: Random = randomInt): number {
  return random(10 ** DEMO_VN_LOTTERY.prizeDigits);
}

export function vnPayoutOf(number: number, specialPrize: number, stake: number) {
  const matches = specialPrize % 100 === number ? 1 : 0;
  return { matches, payout: matches * stake * DEMO_VN_LOTTERY.payMultiplier };
}

// ---- the slot --------------------------------------------------------------------------------------

/** How often each symbol of DEMO_SLOT.symbols comes up on a reel (of SLOT_STOPS stops). */
export const SLOT_WEIGHTS: readonly number[] = [1, 2, 3, 4, 6];
export const SLOT_STOPS = SLOT_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
const CHERRY = DEMO_SLOT.symbols.indexOf('Cherry');

/** Three of a kind pays SLOT_PAY_TABLE[symbol] times the stake; two cherries from the left pay 3×. */
export const SLOT_PAY_TABLE: readonly number[] = [200, 50, 25, 10, 6];
export const SLOT_TWO_CHERRIES = 3;

export function spinReels(random: Random = randomInt): number[] {
  return Array.from({ length: DEMO_SLOT.reels }, () => {
    let stop = random(SLOT_STOPS);
    for (let symbol = 0; symbol < SLOT_WEIGHTS.length; symbol += 1) {
      stop -= SLOT_WEIGHTS[symbol] ?? 0;
      if (stop < 0) return symbol;
    }
    return SLOT_WEIGHTS.length - 1;
  });
}

export function slotPayoutOf(reels: readonly number[], stake: number) {
  const [first, second, third] = reels;
  if (first !== undefined && first === second && second === third) {
    return { matches: 3, payout: stake * (SLOT_PAY_TABLE[first] ?? 0) };
  }
  if (first === CHERRY && second === CHERRY) return { matches: 2, payout: stake * SLOT_TWO_CHERRIES };
  return { matches: 0, payout: 0 };
}

// ---- a round of any ----------------------------------------------------------------------------

export interface RoundOutcome {
  /** What the player chose: the pick-3 numbers, the Vietnam lottery's number, nothing for the slot. */
  picks: number[];
  drawn: number[];
  matches: number;
  payout: number;
}

/** The round's outcome, or null when the payload is another game's. */
export function playOutcome(
  kind: DemoGameKind,
  payload: DemoRoundPayload,
  stake: number,
  random: Random = randomInt,
): RoundOutcome | null {
  if (kind === 'pick3' && 'picks' in payload) {
    const drawn = drawNumbers(random);
    return { picks: payload.picks, drawn, ...payoutOf(payload.picks, drawn, stake) };
  }
  if (kind === 'vn2d' && 'number' in payload) {
    const prize = drawSpecialPrize(random);
    return { picks: [payload.number], drawn: [prize], ...vnPayoutOf(payload.number, prize, stake) };
  }
  if (kind === 'slot' && !('picks' in payload) && !('number' in payload)) {
    const reels = spinReels(random);
    return { picks: [], drawn: reels, ...slotPayoutOf(reels, stake) };
  }
  return null;
}
