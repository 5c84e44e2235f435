import { LimitOfferSlot } from '@/features/limitOffer';
import { memberInfoQuery } from '@/features/member';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { useSession } from '@/state/session';
import { Loading } from '@/ui/Loading';
import { BalanceCard } from './components/BalanceCard';
import { InboxEntry } from './components/InboxEntry';
import { LogOutButton } from './components/LogOutButton';
import { MemberIdentity } from './components/MemberIdentity';
import { QuickLinks } from './components/QuickLinks';
import { VipCard } from './components/VipCard';
import '@/ui/form/form.css';
import './memberHome.css';

/**
 * The member area (/m/member/home): who is logged in, the VIP card, the inbox with its unread count,
 * links to every other screen, and log out. Each part is its own component in ./components.
 */
export function MemberHomeScreen() {
  const { t } = useT();
  const session = useSession();
  const info = useQuery(memberInfoQuery);
  return (
    <section aria-labelledby="screen-title" className="member-home">
      <h1 id="screen-title" className="screen-title">
        {t('page_member_home')}
      </h1>
      <MemberIdentity info={info.data ?? null} fallbackName={session?.userName ?? ''} />
      {info.status === 'loading' && !info.data && <Loading />}
      {info.status === 'failed' && (
        <div className="member-card" role="alert">
          <p>{t('member_load_failed')}</p>
          <button type="button" className="button button-primary" onClick={info.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      <LimitOfferSlot where="member" />
      <BalanceCard />
      <VipCard label={info.data?.clubLabel ?? null} />
      <InboxEntry />
      <QuickLinks />
      <LogOutButton />
    </section>
  );
}
