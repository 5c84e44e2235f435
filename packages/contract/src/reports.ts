/**
 * The back office's reports (issue 30 item 10): what a staff member with report:read may ask for and
 * what comes back. Every figure is read from the daily rollups (docs/decisions/reports-rollups.md),
 * never from the ledger at request time. Money is per currency, as decimal strings in the currency's
 * major unit (amounts.ts formatAmount): figures of different currencies are never added together.
 */

export const REPORT_KINDS = [
  'registrations',
  'deposits',
  'gaming',
  'bonus',
  'interventions',
  'conversion',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_GROUPS = ['day', 'total', 'vendor', 'game', 'affiliate', 'campaign', 'action'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The groupings each report offers, the first its default. */
export const REPORT_GROUPINGS: Readonly<Record<ReportKind, readonly ReportGroup[]>> = {
  registrations: ['day', 'total', 'affiliate', 'campaign'],
  deposits: ['day', 'total'],
  gaming: ['day', 'total', 'vendor', 'game'],
  bonus: ['day', 'total'],
  interventions: ['day', 'total', 'action'],
  conversion: ['affiliate', 'campaign', 'day', 'total'],
};

/** The longest range a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

/** How a column's cells read: text (a day or a key), a count, money of the row's currency, a ratio 0–1. */
export type ReportColumnKind = 'text' | 'count' | 'money' | 'ratio';

export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
}

/** One row: a cell per column key, every cell a string (money as a decimal string of the row's currency). */
export type ReportRow = Readonly<Record<string, string>>;

export interface ReportView {
  report: ReportKind;
  from: string;
  to: string;
  group: ReportGroup;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The range's totals, one row per currency (one row without a currency for reports of counts). */
  totals: ReportRow[];
}
