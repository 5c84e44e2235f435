import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { newRequestKey } from '@/api/requestKey';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Outcome } from '@/ui/States';
import { memberFields, NO_ERRORS } from '../compliance/memberForm';

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * Proposes a credit or debit of a member's cash with a reason. Nothing moves until a second,
 * different staff member approves it in the list below.
 */
export function ProposeForm() {
  const client = useQueryClient();
  const [errors, setErrors] = useState({ ...NO_ERRORS, amount: null as string | null });
  // One key per intended proposal: a resend after a lost answer replays, a new proposal gets a new key.
  const key = useRef(newRequestKey());
  const propose = useMutation({
    mutationFn: (input: {
      customerId: string;
      direction: 'credit' | 'debit';
      amount: string;
      reason: string;
    }) => staffCall('staffAdjustmentPropose', { requestKey: key.current, ...input }),
    onSuccess: () => {
      key.current = newRequestKey();
    },
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.adjustments() }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { fields, errors: found, valid } = memberFields(data);
    const amount = String(data.get('amount') ?? '').trim();
    const amountError = AMOUNT.test(amount) && Number(amount) > 0 ? null : t('adjust_invalid_amount');
    setErrors({ ...found, amount: amountError });
    if (!valid || amountError !== null) return;
    const direction = data.get('direction') === 'debit' ? 'debit' : 'credit';
    propose.mutate({ ...fields, direction, amount });
  }

  return (
    <>
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={propose.isPending}>
        <Field
          label={t('member_id')}
          name="customerId"
          inputMode="numeric"
          required
          error={errors.customerId}
        />
        <SelectField label={t('adjust_direction')} name="direction" defaultValue="credit">
          <option value="credit">{t('adjust_credit')}</option>
          <option value="debit">{t('adjust_debit')}</option>
        </SelectField>
        <Field label={t('cashier_amount')} name="amount" inputMode="decimal" required error={errors.amount} />
        <Field label={t('reason')} name="reason" maxLength={200} required error={errors.reason} />
        <button type="submit" className="button button-accent" disabled={propose.isPending}>
          {t('adjust_propose')}
        </button>
      </form>
      {propose.isPending && <Outcome text={t('working')} />}
      {propose.isSuccess && (
        <Outcome
          text={t('adjust_proposed', {
            username: propose.data.username,
            amount: propose.data.amount,
            currency: propose.data.currency,
          })}
        />
      )}
      {propose.isError && <Outcome text={errorText(propose.error)} failed />}
    </>
  );
}
