import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface Labelled {
  label: string;
  /** The field's message under it (a rule not met); tied to it with aria-describedby. */
  error?: string | null;
}

/** The member app's form-kit look (auth-field, web's form.css): a labelled control, its message under it. */
function FieldShell({ id, label, error, children }: Labelled & { id: string; children: ReactNode }) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error?: string | null) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function Field({
  label,
  error,
  ...input
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <input id={id} {...described(id, error)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  children,
  ...select
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select id={id} {...described(id, error)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  ...area
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea id={id} {...described(id, error)} {...area} />
    </FieldShell>
  );
}
