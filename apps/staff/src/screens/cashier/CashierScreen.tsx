import type { StaffWithdrawal } from '@wps/contract/cashier';
import type { StaffPermission } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { ReasonForm } from '@/ui/ReasonForm';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { AdjustmentList } from './AdjustmentList';
import { ProposeForm } from './ProposeForm';
import { Reconciliation } from './Reconciliation';
import { Search } from './Search';

type Decision = { kind: 'approve'; id: string } | { kind: 'reject'; id: string; reason: string };

/** Approve, or Reject… with the reason the member reads (asked in the row, not in a browser prompt). */
function Actions({
  item,
  decide,
  busy,
}: {
  item: StaffWithdrawal;
  decide: (d: Decision) => void;
  busy: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  if (item.state !== 'review') return null;
  if (!rejecting) {
    return (
      <div className="actions">
        <button
          type="button"
          className="button button-accent"
          disabled={busy}
          onClick={() => decide({ kind: 'approve', id: item.id })}
        >
          {t('cashier_approve')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => setRejecting(true)}
        >
          {t('cashier_reject')}
        </button>
      </div>
    );
  }
  return (
    <ReasonForm
      label={t('cashier_reject_reason')}
      confirm={t('cashier_reject_confirm')}
      busy={busy}
      send={(reason) => decide({ kind: 'reject', id: item.id, reason })}
      cancel={() => setRejecting(false)}
    />
  );
}

function Queue() {
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: staffKeys.withdrawals(),
    queryFn: () => staffCall('staffWithdrawals', {}),
  });
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? staffCall('staffWithdrawalApprove', { id: decision.id })
        : staffCall('staffWithdrawalReject', { id: decision.id, reason: decision.reason }),
    // The queue again whatever happened: another reviewer may have decided it meanwhile.
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.withdrawals() }),
  });

  if (queue.isPending) return <Loading />;
  if (queue.isError) return <LoadError error={queue.error} retry={() => void queue.refetch()} />;
  return (
    <>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('cashier_member')}</th>
              <th scope="col" className="n">
                {t('cashier_amount')}
              </th>
              <th scope="col">{t('cashier_account')}</th>
              <th scope="col">{t('cashier_requested')}</th>
              <th scope="col">{t('cashier_state')}</th>
              <th scope="col">{t('cashier_approvals')}</th>
              <th scope="col">{t('cashier_action')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((item) => (
              <tr key={item.id}>
                <td>{item.username}</td>
                <td className="n">
                  {item.amount} {item.currency}
                </td>
                <td>
                  {item.account.bankCode} ···{item.account.accountNumberLast4} · {item.account.accountName}
                </td>
                <td>{new Date(item.createdAt).toLocaleString()}</td>
                <td className={`state-${item.state}`}>{item.state}</td>
                <td>
                  {t('cashier_approvals_of', { approvals: item.approvals, needed: item.approvalsNeeded })}
                  {item.approvers.length > 0 && (
                    <span className="note">
                      {' '}
                      · {t('cashier_approved_by', { names: item.approvers.join(', ') })}
                    </span>
                  )}
                </td>
                <td>
                  <Actions
                    item={item}
                    decide={(decision) => decide.mutate(decision)}
                    busy={decide.isPending}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {queue.data.length === 0 && <p className="note">{t('cashier_empty')}</p>}
      {decide.isPending && <Outcome text={t('working')} />}
      {decide.isSuccess && (
        <Outcome
          text={t('cashier_decided', {
            username: decide.data.username,
            amount: decide.data.amount,
            currency: decide.data.currency,
            state: decide.data.state,
          })}
        />
      )}
      {decide.isError && <Outcome text={errorText(decide.error)} failed />}
    </>
  );
}

/**
 * Cashier (issue 30 item 8): the withdrawal review queue, the reconciliation's findings and the
 * search by reference (cashier:review); manual adjustments (proposed with cashier:adjust, approved
 * by a second, different person with cashier:approve). Each part shows for the permissions it needs.
 */
export function CashierScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const review = permissions.includes('cashier:review');
  const canAdjust = permissions.includes('cashier:adjust');
  const canApprove = permissions.includes('cashier:approve');
  if (!review && !canAdjust && !canApprove) {
    return (
      <p className="card error" role="alert">
        {t('cashier_denied')}
      </p>
    );
  }
  return (
    <>
      {review && (
        <Card id="cashier-queue" title={t('cashier_queue_title')}>
          <p className="note">{t('cashier_queue_note')}</p>
          <Queue />
        </Card>
      )}
      {(canAdjust || canApprove) && (
        <Card id="cashier-adjustments" title={t('adjust_title')}>
          <p className="note">{t('adjust_note')}</p>
          {canAdjust && <ProposeForm />}
          {/* The list is read with cashier:adjust; an approver without it is told so by the server. */}
          <AdjustmentList canApprove={canApprove} canAdjust={canAdjust} />
        </Card>
      )}
      {review && <Search />}
      {review && <Reconciliation />}
    </>
  );
}
