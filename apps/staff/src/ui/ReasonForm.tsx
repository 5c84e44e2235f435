import { useState, type FormEvent } from 'react';
import { t } from '@/i18n/t';
import { Field } from './Field';

/**
 * A reason asked in the row (never a browser prompt), at least 3 characters as the server asks (a
 * member or an auditor reads it), then the act.
 */
export function ReasonForm({
  label,
  confirm,
  busy,
  send,
  cancel,
}: {
  label: string;
  confirm: string;
  busy: boolean;
  send: (reason: string) => void;
  cancel: () => void;
}) {
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setMissing(reason.length < 3);
    if (reason.length >= 3) send(reason);
  };
  return (
    <form className="actions" onSubmit={submit} noValidate>
      <Field
        label={label}
        name="reason"
        maxLength={200}
        required
        autoFocus
        error={missing ? t('invalid_reason') : null}
      />
      <button type="submit" className="button button-accent" disabled={busy}>
        {confirm}
      </button>
      <button type="button" className="button button-ghost" onClick={cancel}>
        {t('cashier_cancel')}
      </button>
    </form>
  );
}
