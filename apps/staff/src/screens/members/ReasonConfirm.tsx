import { useId, useState, type FormEvent } from 'react';
import { t } from '@/i18n/t';
import { Field } from '@/ui/Field';

/** The server's shortest reason (schemas/memberAdmin.ts). */
const MIN_REASON = 3;

/**
 * The confirmation of a destructive action on a member (lock, unlock, end sessions, reset the second
 * factor): the question in words and the reason the server stores with the action and audits. Nothing
 * is sent until the reason is given and the staff member confirms.
 */
export function ReasonConfirm({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  reasonOptional = false,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  reasonOptional?: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < MIN_REASON && !(reasonOptional && reason === '')) {
      setError(t('invalid_reason'));
      return;
    }
    onConfirm(reason);
  };
  return (
    <form className="confirm" role="alertdialog" aria-labelledby={id} onSubmit={submit} noValidate>
      <p id={id}>{question}</p>
      <Field
        label={reasonOptional ? t('members_reason_optional') : t('members_reason')}
        name="reason"
        maxLength={500}
        autoFocus
        error={error}
      />
      <div className="actions">
        <button type="submit" className="button button-accent">
          {confirmLabel}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('members_cancel')}
        </button>
      </div>
    </form>
  );
}
