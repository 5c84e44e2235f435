import { useState } from 'react';
import type { HistoryKind } from '@wps/contract/cashier';
import type { HistoryFilter } from '@/api/endpoints/wallet';
import { useT } from '@/i18n/I18nProvider';
import { Loading } from '@/ui/Loading';
import { HistoryFilters } from './components/HistoryFilters';
import { HistoryList } from './components/HistoryList';
import { useHistory } from './components/useHistory';
import { dateParam } from './components/history';
import '@/ui/form/form.css';
import '@/ui/chips.css';
import './transactions.css';

/**
 * The history of the member's money (/m/transactions, issue 28 item 5): deposits, withdrawals,
 * bets, wins, bonuses and adjustments, filtered by kind and dates, newest first, page by page.
 */
export function TransactionsScreen() {
  const { t } = useT();
  const [kind, setKind] = useState<HistoryKind | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: HistoryFilter = {
    ...(kind === null ? {} : { kind }),
    ...(dateParam(from) === undefined ? {} : { from }),
    ...(dateParam(to) === undefined ? {} : { to }),
  };
  const history = useHistory(filter);
  const first = history.entries.length === 0;

  return (
    <section aria-labelledby="screen-title" className="cashier-screen">
      <h1 id="screen-title" className="screen-title">
        {t('page_transactions')}
      </h1>
      <HistoryFilters kind={kind} onKind={setKind} from={from} onFrom={setFrom} to={to} onTo={setTo} />
      {first && history.status === 'loading' && <Loading />}
      {first && history.status === 'ready' && (
        <p className="screen-card card-empty" data-testid="history-empty">
          {t('cashier_history_empty')}
        </p>
      )}
      {!first && <HistoryList entries={history.entries} />}
      {history.status === 'failed' && (
        <div className="screen-card" role="alert">
          <p>{t('cashier_history_failed')}</p>
          <button type="button" className="button button-primary" onClick={history.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {!first && history.hasMore && history.status !== 'failed' && (
        <button
          type="button"
          className="button button-ghost cashier-more"
          onClick={history.loadMore}
          disabled={history.status === 'loading'}
          aria-busy={history.status === 'loading'}
        >
          {history.status === 'loading' ? t('loading') : t('cashier_load_more')}
        </button>
      )}
    </section>
  );
}
