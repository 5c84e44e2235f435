import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Card, Outcome } from '@/ui/States';

/** Asks the provider about unknown payouts, then recomputes the balances; its findings in one line. */
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
      {run.isError && <Outcome text={errorText(run.error)} failed />}
    </Card>
  );
}
