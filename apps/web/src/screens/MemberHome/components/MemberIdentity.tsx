import type { MemberInfo } from '@wps/contract/accounts';
import { useT } from '@/i18n/I18nProvider';
import { memberTypeKey } from '@/screens/MemberHome/hooks/memberType';

/** Who is logged in: the account and the member type. */
export function MemberIdentity({ info, fallbackName }: { info: MemberInfo | null; fallbackName: string }) {
  const { t } = useT();
  return (
    <dl className="member-card member-details">
      <div>
        <dt className="auth-hint">{t('auth_account')}</dt>
        <dd className="member-account" data-testid="member-account">
          {info?.account ?? fallbackName}
        </dd>
      </div>
      {info && (
        <div>
          <dt className="auth-hint">{t('member_type')}</dt>
          <dd data-testid="member-type">{t(memberTypeKey(info.type))}</dd>
        </div>
      )}
    </dl>
  );
}
