import { useT } from '@/i18n/I18nProvider';
import { Loading } from '@/ui/Loading';
import { useDateText } from '@/ui/useDateText';
import { useReferralFriends } from '@/screens/InviteFriends/hooks/useReferral';

/** The friends who registered with the member's code: masked names and dates, page by page. */
export function FriendsList() {
  const { t } = useT();
  const friends = useReferralFriends(true);
  const dateText = useDateText();
  const empty = friends.items.length === 0;
  const failed = (
    <div className="share-state" role="alert">
      <p>{t('referral_friends_error')}</p>
      <button type="button" className="button button-primary" onClick={friends.retry}>
        {t('retry')}
      </button>
    </div>
  );
  return (
    <section className="share-card" aria-labelledby="referral-friends">
      <h2 id="referral-friends" className="share-card-title">
        {t('referral_friends_title')}
        {friends.status === 'ready' && <span className="share-count"> ({friends.total})</span>}
      </h2>
      {empty && friends.status === 'loading' && <Loading />}
      {empty && friends.status === 'failed' && failed}
      {empty && friends.status === 'ready' && (
        <p className="share-state" data-testid="referral-friends-empty">
          {t('referral_friends_empty')}
        </p>
      )}
      {!empty && (
        <ul className="share-list" data-testid="referral-friends">
          {friends.items.map((friend) => (
            <li key={`${friend.registeredAt}|${friend.name}`} className="share-list-item">
              <span dir="ltr">{friend.name}</span>
              <time dateTime={friend.registeredAt}>{dateText(friend.registeredAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {!empty && friends.status === 'loading' && <Loading />}
      {!empty && friends.status === 'failed' && failed}
      {friends.hasMore && (
        <button type="button" className="button button-ghost" onClick={friends.loadMore}>
          {t('game_load_more')}
        </button>
      )}
    </section>
  );
}
