import { SELF_EXCLUSION_OPTIONS, TIME_OUT_OPTIONS, type BreakKind } from '@wps/contract/trust';
import type { EndpointInput } from '@wps/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField } from '@/ui/Field';
import { Card, Outcome } from '@/ui/States';
import { memberFields, NO_ERRORS, type MemberFields } from './memberForm';

type BreakInput = MemberFields & { kind: BreakKind; duration: EndpointInput<'staffBreak'>['duration'] };

const kindText = (kind: BreakKind) =>
  t(kind === 'self_exclusion' ? 'break_kind_self_exclusion' : 'break_kind_time_out');

/**
 * A time-out or self-exclusion from now (ends every session of the member). Asked once more in the
 * page before it is sent: it cannot be shortened afterwards.
 */
export function BreakForm({
  done,
  customerId,
}: {
  done: (customerId: string) => void;
  /** The member the form acts on, filled in (a member's Limits tab); absent: typed by the staff member. */
  customerId?: number;
}) {
  const [kind, setKind] = useState<BreakKind>('time_out');
  const [errors, setErrors] = useState(NO_ERRORS);
  const [asking, setAsking] = useState<BreakInput | null>(null);
  const start = useMutation({
    mutationFn: (input: BreakInput) => staffCall('staffBreak', input),
    onSettled: (_taken, _error, input) => done(input.customerId),
  });
  const durations = kind === 'self_exclusion' ? SELF_EXCLUSION_OPTIONS : TIME_OUT_OPTIONS;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { fields, errors: found, valid } = memberFields(data);
    setErrors(found);
    if (valid)
      setAsking({ ...fields, kind, duration: String(data.get('duration')) as BreakInput['duration'] });
  }

  let outcome: { text: string; failed?: boolean } | null = null;
  if (start.isPending) outcome = { text: t('working') };
  if (start.isError) outcome = { text: t('refused', { message: errorText(start.error) }), failed: true };
  if (start.isSuccess) {
    const params = { customerId: start.variables.customerId, kind: kindText(start.data.kind) };
    outcome = {
      text: start.data.until
        ? t('break_done_until', { ...params, until: new Date(start.data.until).toLocaleString() })
        : t('break_done_forever', params),
    };
  }

  return (
    <Card id="compliance-break" title={t('break_title')}>
      <p className="note">{t('break_note')}</p>
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={start.isPending}>
        <Field
          label={t('member_id')}
          name="customerId"
          inputMode="numeric"
          required
          defaultValue={customerId}
          readOnly={customerId !== undefined}
          error={errors.customerId}
        />
        <SelectField
          label={t('break_kind')}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as BreakKind)}
        >
          <option value="time_out">{t('break_kind_time_out')}</option>
          <option value="self_exclusion">{t('break_kind_self_exclusion')}</option>
        </SelectField>
        <SelectField label={t('break_length')} name="duration" key={kind}>
          {durations.map((duration) => (
            <option key={duration} value={duration}>
              {duration}
            </option>
          ))}
        </SelectField>
        <Field label={t('reason')} name="reason" maxLength={500} required error={errors.reason} />
        <button type="submit" className="button button-accent" disabled={start.isPending || asking !== null}>
          {t('break_submit')}
        </button>
      </form>
      {asking && (
        <div className="confirm" role="alertdialog" aria-labelledby="break-question">
          <p id="break-question">
            {t('break_confirm', {
              kind: kindText(asking.kind),
              duration: asking.duration,
              customerId: asking.customerId,
            })}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button-accent"
              autoFocus
              onClick={() => {
                start.mutate(asking);
                setAsking(null);
              }}
            >
              {t('break_confirm_yes')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setAsking(null)}>
              {t('cashier_cancel')}
            </button>
          </div>
        </div>
      )}
      {outcome && <Outcome id="break-outcome" text={outcome.text} failed={outcome.failed} />}
    </Card>
  );
}
