import { useId, type FormEvent } from 'react';
import { useT } from '@/i18n/I18nProvider';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  /** A recovery code (letters and digits, `XXXXX-XXXXX`) instead of six digits. */
  recovery?: boolean;
}

/** A six-digit code (or a recovery code) with its submit button and the message under it. */
export function CodeInput({
  label,
  value,
  onChange,
  onSubmit,
  submitLabel,
  busy,
  error,
  recovery = false,
}: Props) {
  const { t } = useT();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="settings-code-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>{label}</label>
      <div className="settings-row">
        <input
          id={id}
          className="settings-input"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize={recovery ? 'characters' : undefined}
          pattern={recovery ? undefined : '[0-9]{6}'}
          maxLength={recovery ? 11 : 6}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
          onChange={(event) =>
            onChange(event.currentTarget.value.replace(recovery ? /[^A-Za-z0-9-]/g : /[^0-9]/g, ''))
          }
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {error !== null && (
        <p id={`${id}-error`} className="settings-error" role="alert">
          {error}
        </p>
      )}
      {busy && <span className="settings-hidden">{t('loading')}</span>}
    </form>
  );
}
