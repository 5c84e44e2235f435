import { useId } from 'react';
import type { HistoryKind } from '@wps/contract/cashier';
import { useT } from '@/i18n/I18nProvider';
import { KIND_TEXT } from './kindText';

const KINDS: readonly HistoryKind[] = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'];

/** The kind as chips (one pressed at a time, "All" first) and the dates as two date fields. */
export function HistoryFilters({
  kind,
  onKind,
  from,
  onFrom,
  to,
  onTo,
}: {
  kind: HistoryKind | null;
  onKind: (kind: HistoryKind | null) => void;
  from: string;
  onFrom: (value: string) => void;
  to: string;
  onTo: (value: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="cashier-filters">
      <div className="chip-row" role="group" aria-label={t('cashier_filter_kind')}>
        <button type="button" className="chip" aria-pressed={kind === null} onClick={() => onKind(null)}>
          {t('cashier_kind_all')}
        </button>
        {KINDS.map((each) => (
          <button
            key={each}
            type="button"
            className="chip"
            aria-pressed={kind === each}
            onClick={() => onKind(each)}
            data-testid={`history-kind-${each}`}
          >
            {t(KIND_TEXT[each])}
          </button>
        ))}
      </div>
      <div className="cashier-dates">
        <div className="auth-field">
          <label htmlFor={`${id}-from`}>{t('cashier_date_from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onFrom(event.target.value)}
          />
        </div>
        <div className="auth-field">
          <label htmlFor={`${id}-to`}>{t('cashier_date_to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => onTo(event.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
