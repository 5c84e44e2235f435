import type { HistoryEntry } from '@wps/contract/cashier';

/** One row of the history: an entry alone, or a game round's entries (its bet and win) together. */
export interface HistoryGroup {
  key: string;
  round: string | null;
  entries: HistoryEntry[];
}

/**
 * Groups adjacent entries of the same round (issue 28 item 5: a round's bet and win shown together);
 * entries without a round stay alone. The order of the list is kept.
 */
export function groupRounds(entries: readonly HistoryEntry[]): HistoryGroup[] {
  const groups: HistoryGroup[] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (entry.round !== null && last !== undefined && last.round === entry.round) last.entries.push(entry);
    else groups.push({ key: entry.id, round: entry.round, entries: [entry] });
  }
  return groups;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date input's value as the server's `from`/`to`, or nothing when empty or malformed. */
export function dateParam(value: string): string | undefined {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}
