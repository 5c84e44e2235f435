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
 * The reports (issue 30 item 10), read from `report_daily` only (rollup.ts keeps it). One query sums
 * count and amount per group and metric (two sums a row: the cheapest work the database can do over
 * a year of rollups); the measures and the totals are worked out here with bigint. Money is summed
 * per currency and never across currencies.
 */

/** A group's sums per metric. */
class Sums {
  private readonly byMetric = new Map<string, { count: bigint; amount: bigint }>();

  add(metric: string, count: bigint, amount: bigint): void {
    const known = this.byMetric.get(metric) ?? { count: 0n, amount: 0n };
    this.byMetric.set(metric, { count: known.count + count, amount: known.amount + amount });
  }

  count(metric: string): bigint {
    return this.byMetric.get(metric)?.count ?? 0n;
  }

  amount(metric: string): bigint {
    return this.byMetric.get(metric)?.amount ?? 0n;
  }
}

interface Measure {
  key: string;
  kind: 'count' | 'money';
  value: (sums: Sums) => bigint;
}

interface Definition {
  /** The report_daily metrics the report reads (per grouping: bonus money has no game). */
  metrics: (group: ReportGroup) => readonly string[];
  perCurrency: boolean;
  measures: (group: ReportGroup) => Measure[];
  ratio?: true;
}

const count = (key: string, metric: string): Measure => ({
  key,
  kind: 'count',
  value: (sums) => sums.count(metric),
});
const amount = (key: string, metric: string): Measure => ({
  key,
  kind: 'money',
  value: (sums) => sums.amount(metric),
});
const stakes = (sums: Sums) => sums.amount('bet') - sums.amount('bet_rollback');
const ggr = (sums: Sums) => stakes(sums) - sums.amount('win');
const byGame = (group: ReportGroup) => group === 'vendor' || group === 'game';

const REGISTRATIONS: Definition = {
  metrics: () => ['registration', 'first_deposit'],
  perCurrency: false,
  measures: () => [count('registrations', 'registration'), count('firstDeposits', 'first_deposit')],
};

const DEFINITIONS: Record<ReportKind, Definition> = {
  registrations: REGISTRATIONS,
  deposits: {
    metrics: () => ['deposit', 'first_deposit', 'withdrawal_paid'],
    perCurrency: true,
    measures: () => [
      count('deposits', 'deposit'),
      amount('depositAmount', 'deposit'),
      count('firstDeposits', 'first_deposit'),
      amount('firstDepositAmount', 'first_deposit'),
      count('withdrawals', 'withdrawal_paid'),
      amount('withdrawalAmount', 'withdrawal_paid'),
      {
        key: 'netDeposits',
        kind: 'money',
        value: (sums) => sums.amount('deposit') - sums.amount('withdrawal_paid'),
      },
    ],
  },
  gaming: {
    metrics: (group) =>
      byGame(group) ? ['bet', 'bet_rollback', 'win'] : ['bet', 'bet_rollback', 'win', 'bonus_release'],
    perCurrency: true,
    measures: (group) => [
      { key: 'bets', kind: 'count', value: (sums) => sums.count('bet') - sums.count('bet_rollback') },
      { key: 'stakes', kind: 'money', value: stakes },
      amount('wins', 'win'),
      { key: 'ggr', kind: 'money', value: ggr },
      // Bonus money has no game: its cost (bonus released to cash) is shown by day and in total only.
      ...(byGame(group)
        ? []
        : [
            amount('bonusCost', 'bonus_release'),
            {
              key: 'ngr',
              kind: 'money' as const,
              value: (sums: Sums) => ggr(sums) - sums.amount('bonus_release'),
            },
          ]),
    ],
  },
  bonus: {
    metrics: () => ['bonus', 'bonus_release', 'bonus_forfeit'],
    perCurrency: true,
    measures: () => [
      count('bonusesGranted', 'bonus'),
      amount('bonusGranted', 'bonus'),
      amount('bonusCost', 'bonus_release'),
      amount('bonusForfeited', 'bonus_forfeit'),
    ],
  },
  interventions: {
    metrics: () => ['intervention'],
    perCurrency: false,
    measures: () => [count('interventions', 'intervention')],
  },
  conversion: { ...REGISTRATIONS, ratio: true },
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
  if (!offered.includes(group))
    throw invalidRequest(`The ${query.report} report has no ${group} grouping.`);
  return { from: query.from, to: query.to, group };
}

function money(minor: bigint, currency: string): string {
  // A currency the app does not know (none is written today) is shown in minor units rather than lost.
  return isKnownCurrency(currency) ? formatAmount(minor, currency) : minor.toString();
}

function ratio(part: bigint, whole: bigint): string {
  return whole === 0n ? '0' : (Number(part) / Number(whole)).toFixed(4);
}

interface Group {
  cells: Record<string, string>;
  sums: Sums;
}

export async function runReport(
  runner: SqlRunner,
  merchantId: number,
  query: ReportQuery,
): Promise<ReportView> {
  const { from, to, group } = checkedQuery(query);
  const definition = DEFINITIONS[query.report];
  const measures = definition.measures(group);
  const currency = definition.perCurrency ? [{ key: 'currency', column: sql`currency` }] : [];
  const keys = [...KEYS[group], ...currency];
  const columns = [...keys.map(({ column }) => column), sql`metric`];
  const selected = [
    ...keys.map(({ key, column }) => sql`${column}::text AS ${sql.identifier(key)}`),
    sql`metric`,
    sql`sum(count)::text AS n`,
    sql`sum(amount)::text AS amount`,
  ];

  const found = await rowsOf<Record<string, string>>(
    runner,
    sql`SELECT ${sql.join(selected, sql`, `)}
        FROM report_daily
        WHERE merchant_id = ${merchantId} AND day >= ${from}::date AND day <= ${to}::date
          AND metric IN (${sql.join(
            definition.metrics(group).map((metric) => sql`${metric}`),
            sql`, `,
          )})
        GROUP BY ${sql.join(columns, sql`, `)} ORDER BY ${sql.join(columns, sql`, `)}`,
  );

  // Rows come ordered by their keys: a group's first row fixes its place.
  const groupOf = (bag: Map<string, Group>, row: Record<string, string>, by: readonly { key: string }[]) => {
    const cells = Object.fromEntries(by.map(({ key }) => [key, row[key] ?? '']));
    const id = JSON.stringify(cells);
    const known = bag.get(id);
    if (known !== undefined) return known;
    const fresh = { cells, sums: new Sums() };
    bag.set(id, fresh);
    return fresh;
  };
  const groups = new Map<string, Group>();
  const totals = new Map<string, Group>();
  for (const row of found) {
    const [metric, n, sum] = [row.metric ?? '', BigInt(row.n ?? '0'), BigInt(row.amount ?? '0')];
    groupOf(groups, row, keys).sums.add(metric, n, sum);
    groupOf(totals, row, currency).sums.add(metric, n, sum);
  }

  const shape = ({ cells, sums }: Group): ReportRow => {
    const out: Record<string, string> = { ...cells };
    for (const { key, kind, value } of measures) {
      const figure = value(sums);
      out[key] = kind === 'money' ? money(figure, cells.currency ?? '') : figure.toString();
    }
    if (definition.ratio)
      out.conversion = ratio(sums.count('first_deposit'), sums.count('registration'));
    return out;
  };
  const reportColumns: ReportColumn[] = [
    ...keys.map(({ key }) => ({ key, kind: 'text' as const })),
    ...measures.map(({ key, kind }) => ({ key, kind })),
    ...(definition.ratio ? [{ key: 'conversion', kind: 'ratio' as const }] : []),
  ];
  return {
    report: query.report,
    from,
    to,
    group,
    columns: reportColumns,
    rows: [...groups.values()].map(shape),
    totals: [...totals.values()].map(shape),
  };
}
