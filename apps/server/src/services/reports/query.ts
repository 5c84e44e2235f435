import { formatAmount, isKnownCurrency } from '@wps/contract/amounts';
import {
  REPORT_GROUPINGS,
  REPORT_MAX_DAYS,
  type ReportColumn,
  type ReportGroup,
  type ReportKind,
  type ReportRow,
  type ReportView,
} from '@wps/contract/reports';
import type { ReportQuery } from '@wps/contract/schemas/reports';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { invalidRequest } from '../errors.js';

/**
 * The reports (issue 30 item 10), read from `report_daily` only (rollup.ts keeps it): one query per
 * answer for the rows, one for the totals. Money is summed per currency and never across currencies.
 */

interface Measure {
  key: string;
  kind: 'count' | 'money';
  /** Over the group's report_daily rows; a bigint or numeric. */
  value: SQL;
}

const countOf = (metric: string) =>
  sql`coalesce(sum(count) FILTER (WHERE metric = ${metric}), 0)`;
const amountOf = (metric: string) =>
  sql`coalesce(sum(amount) FILTER (WHERE metric = ${metric}), 0)`;

interface Definition {
  /** The report_daily metrics the report reads (per grouping: bonus money has no game). */
  metrics: readonly string[] | ((group: ReportGroup) => readonly string[]);
  perCurrency: boolean;
  measures: (group: ReportGroup) => Measure[];
}

const STAKES = sql`(${amountOf('bet')} - ${amountOf('bet_rollback')})`;
const GGR = sql`(${STAKES} - ${amountOf('win')})`;

const DEFINITIONS: Record<ReportKind, Definition> = {
  registrations: {
    metrics: ['registration', 'first_deposit'],
    perCurrency: false,
    measures: () => [
      { key: 'registrations', kind: 'count', value: countOf('registration') },
      { key: 'firstDeposits', kind: 'count', value: countOf('first_deposit') },
    ],
  },
  deposits: {
    metrics: ['deposit', 'first_deposit', 'withdrawal_paid'],
    perCurrency: true,
    measures: () => [
      { key: 'deposits', kind: 'count', value: countOf('deposit') },
      { key: 'depositAmount', kind: 'money', value: amountOf('deposit') },
      { key: 'firstDeposits', kind: 'count', value: countOf('first_deposit') },
      { key: 'firstDepositAmount', kind: 'money', value: amountOf('first_deposit') },
      { key: 'withdrawals', kind: 'count', value: countOf('withdrawal_paid') },
      { key: 'withdrawalAmount', kind: 'money', value: amountOf('withdrawal_paid') },
      {
        key: 'netDeposits',
        kind: 'money',
        value: sql`(${amountOf('deposit')} - ${amountOf('withdrawal_paid')})`,
      },
    ],
  },
  gaming: {
    metrics: (group) =>
      group === 'vendor' || group === 'game'
        ? ['bet', 'bet_rollback', 'win']
        : ['bet', 'bet_rollback', 'win', 'bonus_release'],
    perCurrency: true,
    measures: (group) => [
      { key: 'bets', kind: 'count', value: sql`(${countOf('bet')} - ${countOf('bet_rollback')})` },
      { key: 'stakes', kind: 'money', value: STAKES },
      { key: 'wins', kind: 'money', value: amountOf('win') },
      { key: 'ggr', kind: 'money', value: GGR },
      // Bonus money has no game: its cost (bonus released to cash) is shown by day and in total only.
      ...(group === 'vendor' || group === 'game'
        ? []
        : [
            { key: 'bonusCost', kind: 'money' as const, value: amountOf('bonus_release') },
            { key: 'ngr', kind: 'money' as const, value: sql`(${GGR} - ${amountOf('bonus_release')})` },
          ]),
    ],
  },
  bonus: {
    metrics: ['bonus', 'bonus_release', 'bonus_forfeit'],
    perCurrency: true,
    measures: () => [
      { key: 'bonusesGranted', kind: 'count', value: countOf('bonus') },
      { key: 'bonusGranted', kind: 'money', value: amountOf('bonus') },
      { key: 'bonusCost', kind: 'money', value: amountOf('bonus_release') },
      { key: 'bonusForfeited', kind: 'money', value: amountOf('bonus_forfeit') },
    ],
  },
  interventions: {
    metrics: ['intervention'],
    perCurrency: false,
    measures: () => [{ key: 'interventions', kind: 'count', value: countOf('intervention') }],
  },
  conversion: {
    metrics: ['registration', 'first_deposit'],
    perCurrency: false,
    measures: () => [
      { key: 'registrations', kind: 'count', value: countOf('registration') },
      { key: 'firstDeposits', kind: 'count', value: countOf('first_deposit') },
    ],
  },
};

/** The key columns of a grouping (report_daily's own columns, renamed for the answer). */
const KEYS: Record<ReportGroup, readonly { key: string; column: SQL }[]> = {
  day: [{ key: 'day', column: sql`to_char(day, 'YYYY-MM-DD')` }],
  total: [],
  vendor: [{ key: 'vendor', column: sql`vendor` }],
  game: [
    { key: 'vendor', column: sql`vendor` },
    { key: 'game', column: sql`game` },
  ],
  affiliate: [{ key: 'affiliate', column: sql`affiliate` }],
  campaign: [{ key: 'campaign', column: sql`campaign` }],
  action: [
    { key: 'action', column: sql`vendor` },
    { key: 'actor', column: sql`game` },
  ],
};

const DAY_MS = 86_400_000;

function dayOf(text: string): number {
  const time = Date.parse(`${text}T00:00:00Z`);
  // 2026-02-30 parses in some engines as March 2nd: only a day that reads back the same is one.
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== text)
    throw invalidRequest(`${text} is not a day.`);
  return time;
}

/** The query's range and grouping, checked: from ≤ to, at most REPORT_MAX_DAYS days, a grouping the report offers. */
export function checkedQuery(query: ReportQuery): { from: string; to: string; group: ReportGroup } {
  const start = dayOf(query.from);
  const end = dayOf(query.to);
  if (end < start) throw invalidRequest('from must not be after to.');
  if ((end - start) / DAY_MS + 1 > REPORT_MAX_DAYS)
    throw invalidRequest(`The range is at most ${REPORT_MAX_DAYS} days.`);
  const offered = REPORT_GROUPINGS[query.report];
  const group = query.group ?? offered[0] ?? 'day';
  if (!offered.includes(group)) throw invalidRequest(`The ${query.report} report has no ${group} grouping.`);
  return { from: query.from, to: query.to, group };
}

function money(minor: string, currency: string): string {
  // A currency the app does not know (none is written today) is shown in minor units rather than lost.
  return isKnownCurrency(currency) ? formatAmount(BigInt(minor), currency) : minor;
}

function ratio(part: string, whole: string): string {
  const denominator = Number(whole);
  return denominator === 0 ? '0' : (Number(part) / denominator).toFixed(4);
}

export async function runReport(runner: SqlRunner, merchantId: number, query: ReportQuery): Promise<ReportView> {
  const { from, to, group } = checkedQuery(query);
  const definition = DEFINITIONS[query.report];
  const measures = definition.measures(group);
  const metrics = typeof definition.metrics === 'function' ? definition.metrics(group) : definition.metrics;
  const keys = KEYS[group];
  const currency = definition.perCurrency ? [{ key: 'currency', column: sql`currency` }] : [];

  const select = async (by: readonly { key: string; column: SQL }[]) => {
    const selected = [
      ...by.map(({ key, column }) => sql`${column}::text AS ${sql.identifier(key)}`),
      ...measures.map(({ key, value }) => sql`(${value})::text AS ${sql.identifier(key)}`),
    ];
    const grouping = by.length === 0 ? sql`` : sql`GROUP BY ${sql.join(by.map(({ column }) => column), sql`, `)}`;
    const ordering = by.length === 0 ? sql`` : sql`ORDER BY ${sql.join(by.map(({ column }) => column), sql`, `)}`;
    return rowsOf<Record<string, string>>(
      runner,
      sql`SELECT ${sql.join(selected, sql`, `)} FROM report_daily
          WHERE merchant_id = ${merchantId} AND day >= ${from}::date AND day <= ${to}::date
            AND metric IN (${sql.join(metrics.map((metric) => sql`${metric}`), sql`, `)})
          ${grouping} ${ordering}`,
    );
  };

  const shape = (row: Record<string, string>, by: readonly { key: string }[]): ReportRow => {
    const out: Record<string, string> = {};
    for (const { key } of by) out[key] = row[key] ?? '';
    for (const { key, kind } of measures) {
      const value = row[key] ?? '0';
      out[key] = kind === 'money' ? money(value, row.currency ?? '') : value;
    }
    if (query.report === 'conversion')
      out.conversion = ratio(out.firstDeposits ?? '0', out.registrations ?? '0');
    return out;
  };

  const [rows, totals] = await Promise.all([select([...keys, ...currency]), select(currency)]);
  const columns: ReportColumn[] = [
    ...keys.map(({ key }) => ({ key, kind: 'text' as const })),
    ...currency.map(({ key }) => ({ key, kind: 'text' as const })),
    ...measures.map(({ key, kind }) => ({ key, kind })),
    ...(query.report === 'conversion' ? [{ key: 'conversion', kind: 'ratio' as const }] : []),
  ];
  // Without a currency the totals query answers one row even over no data (its sums are 0).
  const totalRows = totals.filter((row) => !definition.perCurrency || (row.currency ?? '') !== '');
  return { report: query.report, from, to, group, columns, rows: rows.map((row) => shape(row, [...keys, ...currency])),
    totals: totalRows.map((row) => shape(row, currency)) };
}
