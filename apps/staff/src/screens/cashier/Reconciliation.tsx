import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Card, Outcome } from '@/ui/States';

/**
 * Asks the provider about unknown payouts, then recomputes the balances: its figures in one line, and
 * each difference with the reference to look it up by (the search below finds payments and payouts).
 */
export function Reconciliation() {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => staffCall('staffReconcile', {}),
    // A payout it settled leaves the queue's "unknown".
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.withdrawals() }),
  });
  return (
    <Card id="cashier-reconcile" title={t('reconcile_title')}>
      <p className="note">{t('reconcile_note')}</p>
      <button
        type="button"
        className="button button-accent"
        disabled={run.isPending}
        onClick={() => run.mutate()}
      >
        {t('reconcile_run')}
      </button>
      {run.isPending && <Outcome text={t('reconcile_running')} />}
      {run.isSuccess && (
        <Outcome
          text={t('reconcile_result', {
            unknown: run.data.unknownPayouts,
            settled: run.data.depositsSettled,
            deposits: run.data.depositDifferences,
            balances: run.data.balanceDifferences,
            transfers: run.data.unbalancedTransfers,
          })}
        />
      )}
      {run.isSuccess && run.data.findings.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>{t('reconcile_findings')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reconcile_finding_kind')}</th>
                <th scope="col">{t('reconcile_finding_reference')}</th>
                <th scope="col">{t('reconcile_finding_detail')}</th>
              </tr>
            </thead>
            <tbody>
              {run.data.findings.map((finding) => (
                <tr key={`${finding.kind}-${finding.reference}`}>
                  <td>{t(`reconcile_kind_${finding.kind}`)}</td>
                  <td className="mono">{finding.reference}</td>
                  <td>{finding.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {run.isSuccess && run.data.findings.length === 0 && <p className="note">{t('reconcile_clean')}</p>}
      {run.isError && <Outcome text={errorText(run.error)} failed />}
    </Card>
  );
}
