import { AppPath } from '@wps/contract/routes';
import { useEffect } from 'react';
import { useAppNavigate, AppLink } from '@/features/navigation';
import { memberInfoQuery } from '@/features/member';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { CustomerServiceLink, useCustomerServiceEntry } from '@/features/customerService';
import { useSession } from '@/state/session';
import { useSettings } from '@/state/settings';
import { Loading } from '@/ui/Loading';
import { ShareLink } from '@/ui/ShareLink';
import { AppBonus } from './components/AppBonus';
import { FriendsList } from './components/FriendsList';
import { referralEntry } from './hooks/referralEntry';
import { promotionOf, referralLink, usePromotions, useReferralInfo } from './hooks/useReferral';

const siteOrigin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/** The member's own referral link, its QR code, Share or Copy, and the friends who used it. */
function MemberReferral() {
  const { t } = useT();
  const info = useReferralInfo(true);
  if (info.status === 'loading' || info.status === 'idle') return <Loading />;
  if (info.status === 'failed')
    return (
      <div className="share-state" role="alert">
        <p>{t('referral_error')}</p>
        <button type="button" className="button button-primary" onClick={info.retry}>
          {t('retry')}
        </button>
      </div>
    );
  return (
    <>
      <section className="share-card" aria-labelledby="referral-link-title">
        <h2 id="referral-link-title" className="share-card-title">
          {t('referral_link_title')}
        </h2>
        <p>{t('referral_link_hint')}</p>
        <p className="share-code">
          {t('referral_code_label')} <strong data-testid="referral-code">{info.data.referralCode}</strong>
        </p>
        <ShareLink
          url={referralLink(info.data.referralCode, siteOrigin())}
          title={t('referral_link_title')}
          text={t('referral_share_text')}
          qrLabel={t('referral_qr_label')}
          testId="referral-link"
        />
      </section>
      <FriendsList />
    </>
  );
}

/**
 * /m/inviteFriends (public; spec sections 2, 4 and 6): the referral entry's rules decide between a
 * "coming soon" notice, customer service, the agent page, the visitor's invitation to join, and the
 * member's referral link with the friends who registered with it.
 */
export function InviteFriendsScreen() {
  const { t } = useT();
  const session = useSession();
  const loggedIn = Boolean(session?.token);
  const settings = useSettings();
  const info = useQuery(loggedIn ? memberInfoQuery : null);
  const promoEnabled = settings ? settings.promotions.REFERRAL.enabled === true : undefined;
  const promotions = usePromotions(loggedIn);
  const support = useCustomerServiceEntry('HOME');
  const navigate = useAppNavigate();
  const entry = referralEntry({
    loggedIn,
    memberType: info.data?.type ?? (info.status === 'failed' ? 0 : undefined),
    promoEnabled,
    backendEnabled:
      promotions.status === 'ready'
        ? promotionOf(promotions.data, 'REFERRAL')?.enabled === true
        : promotions.status === 'failed'
          ? null
          : undefined,
  });
  useEffect(() => {
    if (entry === 'agent') navigate(AppPath.agentRegister);
  }, [entry, navigate]);

  return (
    <section aria-labelledby="screen-title" className="share-screen" data-entry={entry}>
      <h1 id="screen-title" className="screen-title">
        {t('page_invite_friends')}
      </h1>
      {(entry === 'loading' || entry === 'agent') && <Loading />}
      {entry === 'comingSoon' && (
        <p className="share-state" role="status" data-testid="referral-coming-soon">
          {t('referral_coming_soon')}
        </p>
      )}
      {entry === 'customerService' && (
        <div className="share-state" data-testid="referral-customer-service">
          <p>{t('referral_customer_service')}</p>
          {support ? (
            <CustomerServiceLink
              entry={support}
              backUrl={AppPath.inviteFriends}
              className="button button-primary"
            >
              {t('member_support')}
            </CustomerServiceLink>
          ) : (
            <p>{t('referral_customer_service_missing')}</p>
          )}
        </div>
      )}
      {entry === 'visitor' && (
        <div className="share-card" data-testid="referral-visitor">
          <p>{t('referral_visitor_text')}</p>
          <div className="share-actions">
            <AppLink
              to={`${AppPath.login}?go=${encodeURIComponent(AppPath.inviteFriends)}`}
              className="button button-primary"
            >
              {t('page_login')}
            </AppLink>
            <AppLink to={AppPath.register} className="button button-ghost">
              {t('page_register')}
            </AppLink>
          </div>
        </div>
      )}
      {entry === 'member' && <MemberReferral />}
      {(entry === 'member' || entry === 'visitor') && (
        <AppBonus promotion={promotionOf(promotions.data, 'APP_DOWNLOAD')} />
      )}
    </section>
  );
}
