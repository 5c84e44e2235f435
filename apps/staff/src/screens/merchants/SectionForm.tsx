import type { FormEvent, ReactNode } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { Card, Outcome } from '@/ui/States';

interface SectionFormProps {
  id: string;
  title: string;
  note?: string;
  /** The section's save from the form's fields; null when a field is wrong (the form says which). */
  onSave: (data: FormData, form: HTMLFormElement) => void;
  pending: boolean;
  saved: boolean;
  error: unknown;
  children: ReactNode;
  /** Saving is off (the role may only read). */
  readOnly?: boolean;
}

/** One section of a merchant as a card: its fields, its Save and the save's outcome. */
export function SectionForm({
  id,
  title,
  note,
  onSave,
  pending,
  saved,
  error,
  children,
  readOnly,
}: SectionFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(new FormData(event.currentTarget), event.currentTarget);
  }
  return (
    <Card id={id} title={title}>
      {note && <p className="note">{note}</p>}
      <form className="auth-form" onSubmit={submit} aria-busy={pending}>
        <fieldset className="fieldset" disabled={readOnly === true}>
          {children}
        </fieldset>
        {!readOnly && (
          <button type="submit" className="button button-accent" disabled={pending}>
            {t('merchant_save')}
          </button>
        )}
        {pending && <Outcome text={t('working')} />}
        {saved && !pending && <Outcome text={t('merchant_saved')} />}
        {error !== null && error !== undefined && !pending && <Outcome text={errorText(error)} failed />}
      </form>
    </Card>
  );
}

/** The text of a form field, trimmed; '' when absent. */
export const textOf = (data: FormData, name: string): string => String(data.get(name) ?? '').trim();
/** A text field that may be empty: null then. */
export const optionalOf = (data: FormData, name: string): string | null => textOf(data, name) || null;
