import { LOCALE_MAP } from '@wps/contract/languages';
import type { HistoryEntry } from '@wps/contract/cashier';
import { useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';
import { groupRounds } from './history';
import { ENTRY_STATE_TEXT, KIND_TEXT } from './kindText';

/** The entries, a round's together under its round id; each with kind, signed amount, state, reference and time. */
export function HistoryList({ entries }: { entries: readonly HistoryEntry[] }) {
  const { t } = useT();
  return (
    <ul className="cashier-history" data-testid="history-list">
      {groupRounds(entries).map((group) => (
        <li key={group.key} className="screen-card cashier-group" data-testid="history-group">
          {group.round !== null && group.entries.length > 1 && (
            <p className="history-round">{t('cashier_round', { round: group.round })}</p>
          )}
          {group.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </li>
      ))}
    </ul>
  );
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const { t, language } = useT();
  const money = useMoney();
  const at = new Date(entry.at);
  const time = Number.isNaN(at.getTime())
    ? ''
    : new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const negative = entry.amount.trim().startsWith('-');
  return (
    <div className="cashier-entry" data-testid="history-entry" data-kind={entry.kind}>
      <span className="cashier-entry-kind">{t(KIND_TEXT[entry.kind])}</span>
      <bdi
        className={`cashier-entry-amount ${
          // Money not (yet) moved is not shown in the colour of money that did.
          entry.state !== 'success' ? 'cashier-unsettled' : negative ? 'cashier-out' : 'cashier-in'
        }`}
      >
        {money(entry.amount, entry.currency, { signed: true })}
      </bdi>
      <span className={`cashier-entry-state cashier-entry-${entry.state}`}>
        {t(ENTRY_STATE_TEXT[entry.state])}
      </span>
      <time className="cashier-entry-time" dateTime={entry.at}>
        {time}
      </time>
      <span className="cashier-entry-ref">
        {t('cashier_reference')}: <bdi>{entry.reference}</bdi>
      </span>
    </div>
  );
}
