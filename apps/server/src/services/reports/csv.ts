import type { ReportView } from '@wps/contract/reports';
import { csvField } from '../staff/audit-log.js';

/**
 * A report as CSV (RFC 4180, CRLF): a header of column keys, the rows, then the totals with `total`
 * in the first key column (grouped by `total`, the rows are the totals). Text cells (days and keys
 * such as an affiliate code, which members choose) go through csvField: quoted when needed, and a
 * cell a spreadsheet would run as a formula (= + - @) is prefixed with a quote. Figures are written
 * as they are: a negative amount stays a number.
 */
export function reportCsv(view: ReportView): string {
  const line = (cells: string[]) => `${cells.join(',')}\r\n`;
  const cellsOf = (row: Readonly<Record<string, string>>) =>
    view.columns.map(({ key, kind }) => (kind === 'text' ? csvField(row[key] ?? '') : (row[key] ?? '')));
  const totals =
    view.group === 'total'
      ? []
      : view.totals.map((row) => line(['total', ...cellsOf(row).slice(1)]));
  return [line(view.columns.map(({ key }) => key)), ...view.rows.map((row) => line(cellsOf(row))), ...totals].join(
    '',
  );
}
