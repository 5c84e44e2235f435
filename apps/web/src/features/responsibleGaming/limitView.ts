import {
  LIMIT_TYPES,
  type LimitType,
  type LimitView,
  type SelfExclusionOption,
  type TimeOutOption,
} from '@wps/contract/trust';
import type { MessageKey } from '@/i18n';

/**
 * How the responsible-gaming screen reads a member's limits (issue 29 item 4): which group a limit is
 * in, what it is called, and where a parked change stands. Pure, so each state has its table test.
 */

export type LimitGroup = 'deposit' | 'loss' | 'wager' | 'session';

/** The groups in the order the screen shows them, each with its limits (day, week, month). */
export const LIMIT_GROUPS: readonly { group: LimitGroup; types: readonly LimitType[] }[] = [
  { group: 'deposit', types: ['deposit_day', 'deposit_week', 'deposit_month'] },
  { group: 'loss', types: ['loss_day', 'loss_week', 'loss_month'] },
  { group: 'wager', types: ['wager_day', 'wager_week', 'wager_month'] },
  { group: 'session', types: ['session_time'] },
];

const GROUP_NAME: Record<LimitGroup, MessageKey> = {
  deposit: 'rg_kind_deposit',
  loss: 'rg_kind_loss',
  wager: 'rg_kind_wager',
  session: 'rg_kind_session',
};

export function groupOf(type: LimitType): LimitGroup {
  return type === 'session_time' ? 'session' : (type.slice(0, type.indexOf('_')) as LimitGroup);
}

export function groupName(group: LimitGroup): MessageKey {
  return GROUP_NAME[group];
}

/** The window's name ("24 hours", "7 days", "30 days"); null for the session-time limit. */
export function periodName(type: LimitType): MessageKey | null {
  if (type === 'session_time') return null;
  if (type.endsWith('_day')) return 'rg_period_day';
  return type.endsWith('_week') ? 'rg_period_week' : 'rg_period_month';
}

export function isLimitType(value: unknown): value is LimitType {
  return typeof value === 'string' && (LIMIT_TYPES as readonly string[]).includes(value);
}

/** Where a limit stands at `now` (ms). */
export type LimitState =
  | { kind: 'none' }
  | { kind: 'set'; amount: string }
  /** A raise or removal waits for the cooling-off: confirmable from `from`. */
  | { kind: 'cooling'; amount: string | null; to: string | null; from: string; until: string }
  /** The cooling-off is over: the member may confirm until `until`. */
  | { kind: 'confirmable'; amount: string | null; to: string | null; until: string }
  /** The window passed unconfirmed: the change will not take effect (cancel clears it). */
  | { kind: 'lapsed'; amount: string | null; to: string | null; until: string };

const timeOf = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
};

export function limitState(limit: LimitView, now: number): LimitState {
  const parked = limit.parked;
  if (parked === null)
    return limit.amount === null ? { kind: 'none' } : { kind: 'set', amount: limit.amount };
  const base = { amount: limit.amount, to: parked.amount };
  const from = timeOf(parked.confirmableFrom);
  const until = timeOf(parked.confirmableUntil);
  // A window that does not parse is treated as not open yet: the server decides when it is confirmed.
  if (from === null || until === null || now < from)
    return { kind: 'cooling', ...base, from: parked.confirmableFrom, until: parked.confirmableUntil };
  if (now < until) return { kind: 'confirmable', ...base, until: parked.confirmableUntil };
  return { kind: 'lapsed', ...base, until: parked.confirmableUntil };
}

const DURATION_NAME: Record<TimeOutOption | SelfExclusionOption, MessageKey> = {
  '24h': 'rg_period_day',
  '7d': 'rg_period_week',
  '1m': 'rg_duration_1m',
  '6w': 'rg_duration_6w',
  '6m': 'rg_duration_6m',
  '1y': 'rg_duration_1y',
  '3y': 'rg_duration_3y',
  '5y': 'rg_duration_5y',
  permanent: 'rg_duration_permanent',
};

export function durationName(option: TimeOutOption | SelfExclusionOption): MessageKey {
  return DURATION_NAME[option];
}
