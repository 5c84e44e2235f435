import {
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportColumn,
  type ReportGroup,
  type ReportKind,
  type ReportRow,
} from '@wps/contract/reports';
import type { StaffPermission } from '@wps/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { hasText, t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Card, LoadError, Loading } from '@/ui/States';

/** The report as a file (outside the endpoint table: not an envelope). */
export const REPORTS_CSV_PATH = '/wps/staff/reports.csv';

interface Asked {
  report: ReportKind;
  from: string;
  to: string;
  group: ReportGroup;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A column's header: its catalog text, or its key for one the app does not know yet. */
function header(key: string): string {
  const textKey = `reports_col_${key}`;
  return hasText(textKey) ? t(textKey) : key;
}

function cell(column: ReportColumn, row: ReportRow): string {
  const value = row[column.key] ?? '';
  if (column.kind === 'ratio') return `${(Number(value) * 100).toFixed(1)} %`;
  if (column.kind === 'text' && value === '') return t('report_none_key');
  return value;
}

function csvHref(asked: Asked): string {
  return `${REPORTS_CSV_PATH}?${new URLSearchParams({ ...asked }).toString()}`;
}

function ReportTable({ asked, columns, rows, totals }: { asked: Asked; columns: ReportColumn[]; rows: ReportRow[]; totals: ReportRow[] }) {
  const numeric = (column: ReportColumn) => (column.kind === 'text' ? undefined : 'n');
  return (
    <div className="table-wrap reports">
      <table>
        <caption>{t('reports_caption', { report: t(`reports_kind_${asked.report}`), from: asked.from, to: asked.to })}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={numeric(column)}>
                {header(column.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.key} className={numeric(column)}>
                  {cell(column, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {asked.group !== 'total' && totals.length > 0 && (
          <tfoot>
            {totals.map((row, index) => (
              <tr key={index} className="totals">
                {columns.map((column, position) => (
                  <td key={column.key} className={numeric(column)}>
                    {position === 0 && column.key !== 'currency'
                      ? t('reports_total')
                      : column.key in row
                        ? cell(column, row)
                        : ''}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * The Reports section (report:read): pick a report, a range of UTC days and a grouping; the table
 * with its totals per currency, and the same as CSV. Figures come from the daily rollups, which
 * follow the ledger by about a minute or two.
 */
export function ReportsScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const mayRead = permissions.includes('report:read');
  const [kind, setKind] = useState<ReportKind>('gaming');
  const [asked, setAsked] = useState<Asked | null>(null);
  const report = useQuery({
    queryKey: staffKeys.reports(asked?.report ?? '', asked?.from ?? '', asked?.to ?? '', asked?.group ?? ''),
    queryFn: () => staffCall('staffReport', asked ?? { report: 'gaming', from: '', to: '' }),
    enabled: asked !== null && mayRead,
  });
  if (!mayRead) {
    return (
      <p className="card error" role="alert">
        {t('reports_denied')}
      </p>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setAsked({
      report: kind,
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      group: String(form.get('group') ?? REPORT_GROUPINGS[kind][0]) as ReportGroup,
    });
  }

  return (
    <Card id="staff-reports" title={t('reports_title')}>
      <p className="note">{t('reports_intro')}</p>
      <form className="auth-form row" onSubmit={submit}>
        <SelectField
          label={t('reports_report')}
          name="report"
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as ReportKind)}
        >
          {REPORT_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`reports_kind_${option}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('report_from')} name="from" type="date" required defaultValue={`${today().slice(0, 8)}01`} />
        <Field label={t('report_to')} name="to" type="date" required defaultValue={today()} />
        <SelectField label={t('reports_group')} name="group" key={kind} defaultValue={REPORT_GROUPINGS[kind][0]}>
          {REPORT_GROUPINGS[kind].map((option) => (
            <option key={option} value={option}>
              {t(`reports_group_${option}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button button-accent">
          {t('report_show')}
        </button>
      </form>
      {asked !== null && report.isPending && <Loading />}
      {report.isError && <LoadError error={report.error} retry={() => void report.refetch()} />}
      {report.isSuccess && asked !== null && (
        <>
          <p className="actions">
            <a className="button button-ghost" href={csvHref(asked)} download>
              {t('chain_csv')}
            </a>
          </p>
          {report.data.rows.length === 0 ? (
            <p className="note" role="status">
              {t('reports_empty')}
            </p>
          ) : (
            <ReportTable asked={asked} columns={report.data.columns} rows={report.data.rows} totals={report.data.totals} />
          )}
        </>
      )}
    </Card>
  );
}
