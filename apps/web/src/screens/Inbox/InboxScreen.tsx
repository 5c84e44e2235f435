import { AppPath } from '@wps/contract/routes';
import { LOCALE_MAP } from '@wps/contract/languages';
import { useUnreadCount } from '@/features/member';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { Loading } from '@/ui/Loading';
import { MessageItem } from './components/MessageItem';
import { useMessages, useReadMessages } from './hooks/useInbox';
import './inbox.css';

function useDateText(): (iso: string) => string {
  const { language } = useT();
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    return new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    );
  };
}

/** /m/member/inbox: the member's customer-service messages, newest first, page by page. */
export function InboxScreen() {
  const { t } = useT();
  const messages = useMessages();
  const unread = useUnreadCount();
  const { isRead, markRead } = useReadMessages();
  const dateText = useDateText();
  const empty = messages.items.length === 0;
  const failed = (
    <div className="inbox-state" role="alert">
      <p>{t('inbox_error')}</p>
      <button type="button" className="button button-primary" onClick={messages.retry}>
        {t('retry')}
      </button>
    </div>
  );
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_member_inbox')}
      </h1>
      <p className="inbox-summary" role="status" data-testid="inbox-unread">
        {t('inbox_unread_count', { count: unread })}
      </p>
      {empty && messages.status === 'loading' && <Loading />}
      {empty && messages.status === 'failed' && failed}
      {empty && messages.status === 'ready' && (
        <p className="inbox-state" data-testid="inbox-empty">
          {t('inbox_empty')}
        </p>
      )}
      {!empty && (
        <ul className="inbox-list" aria-labelledby="screen-title">
          {messages.items.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              read={isRead(message)}
              dateText={dateText(message.createdAt)}
              onOpen={markRead}
            />
          ))}
        </ul>
      )}
      {!empty && messages.status === 'loading' && <Loading />}
      {!empty && messages.status === 'failed' && failed}
      {messages.hasMore && (
        <button type="button" className="button button-ghost inbox-more" onClick={messages.loadMore}>
          {t('game_load_more')}
        </button>
      )}
      <p className="inbox-back">
        <AppLink to={AppPath.memberHome}>{t('page_member_home')}</AppLink>
      </p>
    </section>
  );
}
