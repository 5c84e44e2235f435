import type { AvailablePromotion } from '@wps/contract/referral';
import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';

/** The app-download bonus promotion (spec section 6), when the backend runs it. */
export function AppBonus({ promotion }: { promotion: AvailablePromotion | undefined }) {
  const { t } = useT();
  if (promotion?.enabled !== true) return null;
  return (
    <section className="share-card" aria-labelledby="referral-app-bonus" data-testid="referral-app-bonus">
      <h2 id="referral-app-bonus" className="share-card-title">
        {t('referral_app_bonus_title')}
      </h2>
      <p>
        {promotion.bonus === null
          ? t('referral_app_bonus_text')
          : t('referral_app_bonus_amount', { amount: String(promotion.bonus) })}
      </p>
      <AppLink to={AppPath.download} className="button button-ghost">
        {t('member_download_app')}
      </AppLink>
    </section>
  );
}
