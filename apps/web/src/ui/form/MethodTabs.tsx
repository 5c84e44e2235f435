import { useT } from '@/i18n/I18nProvider';

interface MethodTabsProps<M extends string> {
  label: string;
  /** The two ways in: by username, or by mobile number. */
  methods: readonly [M, M];
  current: M;
  onSelect: (method: M) => void;
}

/** The username / mobile switch that login and registration share (toggle buttons, aria-pressed). */
export function MethodTabs<M extends string>({ label, methods, current, onSelect }: MethodTabsProps<M>) {
  const { t } = useT();
  return (
    <div className="auth-tabs" role="group" aria-label={label}>
      {methods.map((method, index) => (
        <button
          key={method}
          type="button"
          className={current === method ? 'button button-primary' : 'button button-secondary'}
          aria-pressed={current === method}
          onClick={() => onSelect(method)}
        >
          {t(index === 0 ? 'auth_username' : 'auth_mobile')}
        </button>
      ))}
    </div>
  );
}
