import type { PlaySessionView } from '@wps/contract/trust';

/**
 * When the reality check shows (issue 29 item 5): every `realityCheckMinutes` of the session,
 * counted from the session's start on the server's clock. The device's clock may be off: the skew is
 * the server's time minus the device's when the answer arrived, and every instant is compared on the
 * server's clock. Pure: the component only sets timers from these numbers.
 */

const MINUTE = 60_000;

/** The server's clock minus the device's, from an answer received at `deviceNow`. */
export function clockSkew(view: Pick<PlaySessionView, 'serverTime'>, deviceNow: number): number {
  const server = Date.parse(view.serverTime);
  return Number.isNaN(server) ? 0 : server - deviceNow;
}

/**
 * The device time of the next check after `deviceNow`: the first multiple of the interval since the
 * start that is strictly ahead, so a check answered at its own instant is not shown again at once.
 * Null when the member has no reality check or the start does not parse.
 */
export function nextCheckAt(
  view: Pick<PlaySessionView, 'startedAt' | 'realityCheckMinutes'>,
  skew: number,
  deviceNow: number,
): number | null {
  const minutes = view.realityCheckMinutes;
  const started = Date.parse(view.startedAt);
  if (minutes === null || !(minutes > 0) || Number.isNaN(started)) return null;
  const interval = minutes * MINUTE;
  const elapsed = deviceNow + skew - started;
  const due = Math.max(1, Math.floor(elapsed / interval) + 1);
  return started + due * interval - skew;
}

/** The device time the session-time limit ends the session; null without a limit. */
export function sessionEndsAt(view: Pick<PlaySessionView, 'endsAt'>, skew: number): number | null {
  if (view.endsAt === null) return null;
  const ends = Date.parse(view.endsAt);
  return Number.isNaN(ends) ? null : ends - skew;
}

/** Whole minutes played at `deviceNow` (never negative). */
export function minutesPlayed(
  view: Pick<PlaySessionView, 'startedAt'>,
  skew: number,
  deviceNow: number,
): number {
  const started = Date.parse(view.startedAt);
  if (Number.isNaN(started)) return 0;
  return Math.max(0, Math.floor((deviceNow + skew - started) / MINUTE));
}
