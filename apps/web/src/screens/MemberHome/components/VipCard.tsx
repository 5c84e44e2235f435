import type { MemberInfo } from '@wps/contract/accounts';
import { useVipProgress } from '@/features/member';
import { useT } from '@/i18n/I18nProvider';

/** Labels assigned by rank show the VIP benefit (spec section 3, clubLabel.type AUTO). */
const BENEFIT_LABEL_TYPE = 'AUTO';

/**
 * The VIP club label with its rank level, the VIP benefit for AUTO labels, and the rank progress
 * (completed of total conditions, MCSFE_getPlayerRankProgress). Nothing without a label or progress.
 */
export function VipCard({ label }: { label: MemberInfo['clubLabel'] }) {
  const { t } = useT();
  const vip = useVipProgress();
  if (!label && !vip) return null;
  const progressText = vip
    ? t('member_vip_progress_value', { completed: vip.completed, total: vip.total })
    : '';
  return (
    <section
      className="member-card member-vip-card"
      aria-labelledby="member-vip"
      data-testid="member-vip-card"
    >
      <h2 id="member-vip" className="member-section-title">
        {t('member_vip_progress')}
        {label ? ` · ${label.labelName}` : ''}
      </h2>
      {label && (
        <p className="member-vip-level" data-testid="member-vip-level">
          {t('member_vip_level', { level: label.rankLevel })}
        </p>
      )}
      {label?.type === BENEFIT_LABEL_TYPE && (
        <p className="auth-hint" data-testid="member-vip-benefit">
          {t('member_vip_benefit', { label: label.labelName })}
        </p>
      )}
      {vip && (
        <div className="member-vip" data-testid="member-vip">
          <progress
            className="member-progress"
            value={vip.completed}
            max={Math.max(vip.total, 1)}
            aria-labelledby="member-vip"
            aria-valuetext={progressText}
          />{' '}
          <span>{progressText}</span>
        </div>
      )}
    </section>
  );
}
