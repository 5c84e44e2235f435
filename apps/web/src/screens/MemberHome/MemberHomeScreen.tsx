import { useState } from 'react';
import { useAppNavigate } from '@/features/auth/hooks/useAppNavigate';
import { signOut } from '@/features/auth/session';
import { useMemberInfo, useUnreadCount, useVipProgress } from '@/features/auth/memberData';
import { LanguagePicker } from '@/features/language/LanguagePicker';
import { LinkedSignIns } from '@/features/socialSignIn/LinkedSignIns';
import { AppLink } from '@/features/navigation/AppLink';
import { useT } from '@/i18n/I18nProvider';
import { useSession } from '@/state/session';
import '@/features/auth/auth.css';
import './memberHome.css';

/** The member area: who is logged in, unread messages, VIP progress, and logout. */
export function MemberHomeScreen() {
  const { t } = useT();
  const session = useSession();
  const info = useMemberInfo();
  const unread = useUnreadCount();
  const vip = useVipProgress();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const progressText = vip
    ? t('member_vip_progress_value', { completed: vip.completed, total: vip.total })
    : '';

  const logOut = async () => {
    setBusy(true);
    await signOut('logout', { navigate });
  };

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_member_home')}
      </h1>
      <dl className="auth-form member-details">
        <div>
          <dt className="auth-hint">{t('auth_account')}</dt>
          <dd data-testid="member-account">{info?.account ?? session?.userName ?? ''}</dd>
        </div>
        <div>
          <dt className="auth-hint">{t('member_unread_messages')}</dt>
          <dd data-testid="member-unread">{unread}</dd>
        </div>
        {vip && (
          <div>
            <dt className="auth-hint" id="member-vip">
              {t('member_vip_progress')}
              {info?.clubLabel ? ` · ${info.clubLabel.labelName}` : ''}
            </dt>
            <dd className="member-vip" data-testid="member-vip">
              <progress
                className="member-progress"
                value={vip.completed}
                max={Math.max(vip.total, 1)}
                aria-labelledby="member-vip"
                aria-valuetext={progressText}
              />{' '}
              <span>{progressText}</span>
            </dd>
          </div>
        )}
      </dl>
      <section className="member-section" aria-labelledby="member-language">
        <h2 id="member-language" className="member-section-title">
          {t('language_title')}
        </h2>
        <LanguagePicker />
      </section>
      <LinkedSignIns />
      <div className="auth-links">
        <AppLink to="/m/news" className="button button-ghost">
          {t('page_news')}
        </AppLink>
        <AppLink to="/m/feedback" className="button button-ghost">
          {t('page_feedback')}
        </AppLink>
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void logOut()}>
          {t('auth_logout')}
        </button>
      </div>
    </section>
  );
}
