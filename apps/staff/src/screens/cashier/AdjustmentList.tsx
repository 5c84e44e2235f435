import type { StaffAdjustment } from '@wps/contract/cashier';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { newRequestKey } from '@/api/requestKey';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { ReasonForm } from '@/ui/ReasonForm';
import { LoadError, Loading, Outcome } from '@/ui/States';

type Act =
  | { kind: 'approve'; id: string }
  | { kind: 'decline'; id: string; reason: string }
  | { kind: 'reverse'; id: string; reason: string; requestKey: string };

function RowActions({
  item,
  canApprove,
  canAdjust,
  act,
  busy,
}: {
  item: StaffAdjustment;
  canApprove: boolean;
  canAdjust: boolean;
  act: (act: Act) => void;
  busy: boolean;
}) {
  const [asking, setAsking] = useState<'decline' | 'reverse' | null>(null);
  // Made when the correction is asked for: a resend of this one correction replays it.
  const [reverseKey, setReverseKey] = useState('');
  if (asking === 'decline') {
    return (
      <ReasonForm
        label={t('adjust_decline_reason')}
        confirm={t('adjust_decline_confirm')}
        busy={busy}
        send={(reason) => act({ kind: 'decline', id: item.id, reason })}
        cancel={() => setAsking(null)}
      />
    );
  }
  if (asking === 'reverse') {
    return (
      <ReasonForm
        label={t('adjust_reverse_reason')}
        confirm={t('adjust_reverse_confirm')}
        busy={busy}
        send={(reason) => act({ kind: 'reverse', id: item.id, reason, requestKey: reverseKey })}
        cancel={() => setAsking(null)}
      />
    );
  }
  if (item.state === 'proposed' && canApprove) {
    return (
      <div className="actions">
        <button
          type="button"
          className="button button-accent"
          disabled={busy}
          onClick={() => act({ kind: 'approve', id: item.id })}
        >
          {t('cashier_approve')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => setAsking('decline')}
        >
          {t('adjust_decline')}
        </button>
      </div>
    );
  }
  if (item.state === 'posted' && item.reverses === null && canAdjust) {
    return (
      <button
        type="button"
        className="button button-ghost"
        disabled={busy}
        onClick={() => {
          setReverseKey(newRequestKey());
          setAsking('reverse');
        }}
      >
        {t('adjust_reverse')}
      </button>
    );
  }
  return null;
}

const stateText = (item: StaffAdjustment) =>
  item.state === 'posted'
    ? t('adjust_state_posted', { by: item.decidedBy ?? '' })
    : item.state === 'declined'
      ? t('adjust_state_declined', { by: item.decidedBy ?? '', reason: item.declineReason ?? '' })
      : t('adjust_state_proposed');

/** The merchant's recent adjustments: the waiting ones to approve or decline, the posted to correct. */
export function AdjustmentList({ canApprove, canAdjust }: { canApprove: boolean; canAdjust: boolean }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: staffKeys.adjustments(),
    queryFn: () => staffCall('staffAdjustments', {}),
  });
  const run = useMutation({
    mutationFn: (act: Act) =>
      act.kind === 'approve'
        ? staffCall('staffAdjustmentApprove', { id: act.id })
        : act.kind === 'decline'
          ? staffCall('staffAdjustmentDecline', { id: act.id, reason: act.reason })
          : staffCall('staffAdjustmentReverse', {
              id: act.id,
              reason: act.reason,
              requestKey: act.requestKey,
            }),
    // The list again whatever happened: another approver may have acted meanwhile.
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.adjustments() }),
  });

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption>{t('adjust_list_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cashier_member')}</th>
              <th scope="col" className="n">
                {t('cashier_amount')}
              </th>
              <th scope="col">{t('reason')}</th>
              <th scope="col">{t('adjust_proposed_by')}</th>
              <th scope="col">{t('cashier_state')}</th>
              <th scope="col">{t('cashier_action')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((item) => (
              <tr key={item.id}>
                <td>
                  {item.username} <span className="mono">#{item.customerId}</span>
                </td>
                <td className="n">
                  {item.amount} {item.currency}
                </td>
                <td>
                  {item.reverses === null ? item.reason : t('adjust_reversal_of', { reason: item.reason })}
                </td>
                <td>{item.proposedBy}</td>
                <td className={`state-${item.state}`}>{stateText(item)}</td>
                <td>
                  <RowActions
                    item={item}
                    canApprove={canApprove}
                    canAdjust={canAdjust}
                    act={(act) => run.mutate(act)}
                    busy={run.isPending}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data.length === 0 && <p className="note">{t('adjust_empty')}</p>}
      {run.isPending && <Outcome text={t('working')} />}
      {run.isSuccess && (
        <Outcome
          text={t('adjust_done', {
            username: run.data.username,
            amount: run.data.amount,
            currency: run.data.currency,
            state: run.data.state,
          })}
        />
      )}
      {run.isError && <Outcome text={errorText(run.error)} failed />}
    </>
  );
}
