import { LIMIT_TYPES, type BreakKind, type HelpLine, type LimitType } from '@wps/contract/trust';
import type { MessageKey } from '@/i18n';

/**
 * The server's responsible-gaming refusals read from their `data` (issue 29): a deposit over a limit
 * (`rg_limit_reached`) and a running break (`rg_break_active`). Checked field by field: a malformed
 * answer gives null (the caller shows its generic message), never "undefined" in a sentence.
 */

const isLimitType = (value: unknown): value is LimitType =>
  typeof value === 'string' && (LIMIT_TYPES as readonly string[]).includes(value);

const DECIMAL = /^-?\d{1,19}(\.\d{1,4})?$/;

const record = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};

const isoOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

export interface LimitReached {
  type: LimitType;
  limit: string;
  used: string;
  left: string;
  /** When room frees up again; null when the server did not say. */
  resetsAt: string | null;
}

export function limitReachedOf(data: unknown): LimitReached | null {
  const fields = record(data);
  const { type, limit, used, left } = fields;
  if (!isLimitType(type) || type === 'session_time') return null;
  const amounts = [limit, used, left];
  if (!amounts.every((value): value is string => typeof value === 'string' && DECIMAL.test(value)))
    return null;
  return {
    type,
    limit: limit as string,
    used: used as string,
    left: left as string,
    resetsAt: isoOrNull(fields.resetsAt),
  };
}

/** The sentence of a refusal: with the reset date when there is one. */
export function limitReachedKey(refusal: LimitReached): MessageKey {
  return refusal.resetsAt === null ? 'rg_limit_reached' : 'rg_limit_reached_until';
}

export interface BreakRunning {
  kind: BreakKind;
  /** null: permanent. */
  until: string | null;
  helpLines: HelpLine[];
}

function helpLinesOf(value: unknown): HelpLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): HelpLine[] => {
    const line = record(item);
    const { country, name, url, phone } = line;
    // Only web links: a help line is a link the member taps, never a script.
    if (typeof name !== 'string' || typeof url !== 'string' || !/^https?:\/\//i.test(url)) return [];
    return [
      {
        country: typeof country === 'string' ? country : '*',
        name,
        url,
        ...(typeof phone === 'string' && phone !== '' ? { phone } : {}),
      },
    ];
  });
}

export function breakRunningOf(data: unknown): BreakRunning | null {
  const fields = record(data);
  const kind = fields.kind;
  if (kind !== 'time_out' && kind !== 'self_exclusion') return null;
  const until = isoOrNull(fields.until);
  // The server writes a permanent break as null or as a date in year 9999 (the column's "never").
  const permanent = until === null || new Date(until).getUTCFullYear() >= 9999;
  return { kind, until: permanent ? null : until, helpLines: helpLinesOf(fields.helpLines) };
}

/** Why the member cannot play: a time-out until a date, a self-exclusion until a date, or for good. */
export function breakMessageKey(running: Pick<BreakRunning, 'kind' | 'until'>): MessageKey {
  if (running.kind === 'time_out') return 'rg_break_time_out_until';
  return running.until === null ? 'rg_break_permanent' : 'rg_break_excluded_until';
}

/** The session-time limit's minutes from `rg_session_limit`'s data; null when not given. */
export function sessionLimitMinutesOf(data: unknown): number | null {
  const minutes = record(data).minutes;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 ? minutes : null;
}
