import type { SelfExclusionOption, TimeOutOption } from '@wps/contract/trust';

/** A permanent self-exclusion ends on this day: never, for any member of this product. */
export const PERMANENT_UNTIL = Date.UTC(9999, 11, 31);

function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

const DAY_MS = 24 * 60 * 60_000;

/** When a break of `duration` taken at `from` ends. */
export function breakEnds(duration: TimeOutOption | SelfExclusionOption, from: number): number {
  switch (duration) {
    case '24h':
      return from + DAY_MS;
    case '7d':
      return from + 7 * DAY_MS;
    case '6w':
      return from + 42 * DAY_MS;
    case '1m':
      return addMonths(from, 1);
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '3y':
      return addMonths(from, 36);
    case '5y':
      return addMonths(from, 60);
    case 'permanent':
      return PERMANENT_UNTIL;
  }
}

/** Whole years between a date of birth (YYYY-MM-DD) and `at`. */
export function ageOn(dateOfBirth: string, at: number): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const now = new Date(at);
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
