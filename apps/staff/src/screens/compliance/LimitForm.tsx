import { LIMIT_TYPES, type LimitType } from '@wps/contract/trust';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Card, Outcome } from '@/ui/States';
import { memberFields, NO_ERRORS, type MemberFields } from './memberForm';

type LimitInput = MemberFields & { type: LimitType; amount: string };

/** Sets or lowers a member's limit at once; the server refuses a raise or a removal (and records it). */
export function LimitForm({
  done,
  customerId,
}: {
  done: (customerId: string) => void;
  /** The member the form acts on, filled in (a member's Limits tab); absent: typed by the staff member. */
  customerId?: number;
}) {
  const [errors, setErrors] = useState(NO_ERRORS);
  const [amountMissing, setAmountMissing] = useState(false);
  const set = useMutation({
    mutationFn: (input: LimitInput) => staffCall('staffLimitSet', input),
    onSettled: (_status, _error, input) => done(input.customerId),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const { fields, errors: found, valid } = memberFields(data);
    const amount = String(data.get('amount') ?? '').trim();
    setErrors(found);
    setAmountMissing(amount === '');
    if (!valid || amount === '') return;
    set.mutate(
      { ...fields, type: String(data.get('type')) as LimitType, amount },
      {
        onSuccess: () => {
          const reason = form.elements.namedItem('reason');
          if (reason instanceof HTMLInputElement) reason.value = '';
        },
      },
    );
  }

  let outcome: { text: string; failed?: boolean } | null = null;
  if (set.isPending) outcome = { text: t('working') };
  if (set.isError) outcome = { text: t('refused', { message: errorText(set.error) }), failed: true };
  if (set.isSuccess) {
    const { customerId, type } = set.variables;
    const limit = set.data.limits.find((item) => item.type === type);
    outcome = {
      text: t('limit_done', {
        customerId,
        type,
        amount: limit?.amount ?? '—',
        unit: type === 'session_time' ? t('limit_minutes') : set.data.currency,
      }),
    };
  }

  return (
    <Card id="compliance-limit" title={t('limit_title')}>
      <p className="note">{t('limit_note')}</p>
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={set.isPending}>
        <Field
          label={t('member_id')}
          name="customerId"
          inputMode="numeric"
          required
          defaultValue={customerId}
          readOnly={customerId !== undefined}
          error={errors.customerId}
        />
        <SelectField label={t('limit_type')} name="type">
          {LIMIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type.replace('_', ' ')}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('limit_amount')}
          name="amount"
          inputMode="decimal"
          required
          error={amountMissing ? t('invalid_amount') : null}
        />
        <Field label={t('reason')} name="reason" maxLength={500} required error={errors.reason} />
        <button type="submit" className="button button-accent" disabled={set.isPending}>
          {t('limit_submit')}
        </button>
      </form>
      {outcome && <Outcome id="limit-outcome" text={outcome.text} failed={outcome.failed} />}
    </Card>
  );
}
