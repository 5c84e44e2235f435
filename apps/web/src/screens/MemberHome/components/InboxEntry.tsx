import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useLiveUnreadCount } from '@/features/supportChat';
import { useT } from '@/i18n/I18nProvider';

/**
 * The inbox with its unread count (CBS_unreadCount: inbox and support-chat replies), kept in step by the
 * inbox's reads and live (liveUnread.ts).
 */
export function InboxEntry() {
  const { t } = useT();
  const unread = useLiveUnreadCount();
  return (
    <AppLink to={AppPath.memberInbox} className="member-card member-inbox-link">
      <span>{t('page_member_inbox')}</span>{' '}
      <span className="member-unread">
        <span className="member-hidden">{t('member_unread_messages')}: </span>
        <span
          className={unread > 0 ? 'member-badge' : 'member-badge member-badge-none'}
          data-testid="member-unread"
        >
          {unread}
        </span>
      </span>
    </AppLink>
  );
}
