import { setRealityCheck } from '@/api/endpoints/trust';
import { useT } from '@/i18n/I18nProvider';
import { useRgChange } from './useRgChange';

/** The reality-check interval (issue 29 item 5): off, or one of the profile's intervals. */
export function RealityCheckSection({
  options,
  current,
}: {
  options: readonly number[];
  current: number | null;
}) {
  const { t } = useT();
  const change = useRgChange();
  const choices: (number | null)[] = [null, ...options];
  return (
    <section className="screen-card rg-section" aria-labelledby="rg-reality-title">
      <h2 id="rg-reality-title" className="rg-section-title">
        {t('rg_reality_title')}
      </h2>
      <p className="rg-muted">{t('rg_reality_hint')}</p>
      <div className="chip-row" role="radiogroup" aria-labelledby="rg-reality-title" aria-busy={change.busy}>
        {choices.map((minutes) => (
          <button
            key={minutes ?? 'off'}
            type="button"
            role="radio"
            className="chip"
            aria-checked={current === minutes}
            disabled={change.busy}
            onClick={() => {
              if (current !== minutes) void change.run(() => setRealityCheck(minutes));
            }}
            data-testid={`rg-reality-${minutes ?? 'off'}`}
          >
            {minutes === null ? t('rg_reality_off') : t('rg_reality_every', { minutes: String(minutes) })}
          </button>
        ))}
      </div>
      {change.error && (
        <p className="auth-error" role="alert">
          {t(change.error)}
        </p>
      )}
    </section>
  );
}
