import type { AttributionRow } from '@wps/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t, type TextKey } from '@/i18n/t';
import { Field } from '@/ui/Field';
import { Card, LoadError, Loading } from '@/ui/States';

function ReportTable({ caption, rows }: { caption: TextKey; rows: readonly AttributionRow[] }) {
  return (
    <div className="table-wrap">
      <table>
        <caption>{t(caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('report_key')}</th>
            <th scope="col" className="n">
              {t('report_registrations')}
            </th>
            <th scope="col" className="n">
              {t('report_first_deposits')}
            </th>
            <th scope="col" className="n">
              {t('report_conversion')}
            </th>
            <th scope="col" className="n">
              {t('report_events')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={5} className="note">
                {t('report_empty')}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.key || t('report_none_key')}</td>
              <td className="n">{row.registrations}</td>
              <td className="n">{row.firstDeposits}</td>
              <td className="n">{(row.conversion * 100).toFixed(1)} %</td>
              <td className="n">{row.events}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Registrations and first deposits by affiliate, campaign and referral code, for a range of UTC days. */
export function AttributionReport() {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const report = useQuery({
    queryKey: staffKeys.report(range?.from ?? '', range?.to ?? ''),
    queryFn: () => staffCall('staffPushReport', range ?? { from: '', to: '' }),
    enabled: range !== null,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  }

  return (
    <Card id="push-report" title={t('report_title')}>
      <form className="auth-form row" onSubmit={submit}>
        <Field
          label={t('report_from')}
          name="from"
          type="date"
          required
          defaultValue={`${today().slice(0, 8)}01`}
        />
        <Field label={t('report_to')} name="to" type="date" required defaultValue={today()} />
        <button type="submit" className="button button-accent">
          {t('report_show')}
        </button>
      </form>
      {range !== null && report.isPending && <Loading />}
      {report.isError && <LoadError error={report.error} retry={() => void report.refetch()} />}
      {report.isSuccess && (
        <>
          <p>
            {t('report_totals', {
              registrations: report.data.totals.registrations,
              firstDeposits: report.data.totals.firstDeposits,
              events: report.data.totals.events,
              flagged: report.data.flaggedFirstDeposits,
            })}
          </p>
          <ReportTable caption="report_by_affiliate" rows={report.data.byAffiliate} />
          <ReportTable caption="report_by_campaign" rows={report.data.byCampaign} />
          <ReportTable caption="report_by_referral" rows={report.data.byReferralCode} />
        </>
      )}
    </Card>
  );
}
