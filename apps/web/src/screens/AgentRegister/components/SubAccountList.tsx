import { useT } from '@/i18n/I18nProvider';
import { Loading } from '@/ui/Loading';
import { useDateText } from '@/ui/useDateText';
import { useSubAccounts } from '@/screens/AgentRegister/hooks/useAgent';

/** The sub-accounts registered under the agent (by its link or created here), page by page. */
export function SubAccountList({ version }: { version: number }) {
  const { t } = useT();
  const subs = useSubAccounts(true, version);
  const dateText = useDateText();
  const empty = subs.items.length === 0;
  const failed = (
    <div className="share-state" role="alert">
      <p>{t('agent_subs_error')}</p>
      <button type="button" className="button button-primary" onClick={subs.retry}>
        {t('retry')}
      </button>
    </div>
  );
  return (
    <section className="share-card" aria-labelledby="agent-subs">
      <h2 id="agent-subs" className="share-card-title">
        {t('agent_subs_title')}
        {subs.status === 'ready' && <span className="share-count"> ({subs.total})</span>}
      </h2>
      {empty && subs.status === 'loading' && <Loading />}
      {empty && subs.status === 'failed' && failed}
      {empty && subs.status === 'ready' && (
        <p className="share-state" data-testid="agent-subs-empty">
          {t('agent_subs_empty')}
        </p>
      )}
      {!empty && (
        <ul className="share-list" data-testid="agent-subs">
          {subs.items.map((sub) => (
            <li key={sub.id} className="share-list-item">
              <span dir="ltr">{sub.account}</span>
              <time dateTime={sub.registeredAt}>{dateText(sub.registeredAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {!empty && subs.status === 'loading' && <Loading />}
      {!empty && subs.status === 'failed' && failed}
      {subs.hasMore && (
        <button type="button" className="button button-ghost" onClick={subs.loadMore}>
          {t('game_load_more')}
        </button>
      )}
    </section>
  );
}
