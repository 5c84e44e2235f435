import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '@/i18n/I18nProvider';
import type { RuleCheck } from '@/ui/form/formRules';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's message, right under it (a rule not met, a required field, the server's refusal). */
  error?: string | null;
  hint?: string | null;
  /** Rules shown before submitting, each marked met or not as the member types. */
  rules?: readonly RuleCheck[];
}

/**
 * The form kit's field: a labelled input with its message underneath, then its rules and hint, all
 * tied to it with aria-describedby (message first).
 */
export function Field({ label, error, hint, rules, ...input }: FieldProps) {
  const { t } = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const rulesId = `${id}-rules`;
  const hintId = `${id}-hint`;
  const hasRules = rules !== undefined && rules.length > 0;
  const describedBy =
    [error ? errorId : null, hasRules ? rulesId : null, hint ? hintId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      )}
      {hasRules && (
        <ul id={rulesId} className="auth-rules">
          {rules.map((rule) => (
            <li key={rule.key} className={rule.met ? 'auth-rule auth-rule-met' : 'auth-rule'}>
              <span aria-hidden="true">{rule.met ? '✓' : '·'}</span> {t(rule.key, rule.params)}
              <span className="auth-rule-state"> ({t(rule.met ? 'auth_rule_met' : 'auth_rule_unmet')})</span>
            </li>
          ))}
        </ul>
      )}
      {hint && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

interface AppFormProps {
  /** Runs on submit; it prevents the browser's own submission itself. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  /** While the form's call runs (`aria-busy`). */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The form kit's form: checked by the app's own rules (`noValidate`), and posted — a form the browser
 * submits by itself before the app has started sends its fields in the body, never in the address
 * (the server answers such a POST with a redirect back, routes/web).
 */
export function AppForm({ onSubmit, busy, children }: AppFormProps) {
  return (
    <form
      method="post"
      className="auth-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-busy={busy}
    >
      {children}
    </form>
  );
}
