import { AppPath } from '@wps/contract';
import { useState } from 'react';
import { logout } from '../../api/endpoints/accounts';
import { setPasswordChangeForced } from '../../features/auth/forcedChange';
import { useAppNavigate } from '../../features/auth/hooks/useAppNavigate';
import { markSignedOut } from '../../features/auth/signedOut';
import { memberStore, unreadCountStore, vipProgressStore } from '../../features/auth/memberStore';
import { useT } from '../../i18n/I18nProvider';
import { StorageKey, localStore } from '../../platform/storage';
import { clearSession, useSession } from '../../state/session';
import '../../features/auth/auth.css';

const SIGNED_OUT_GRACE_MS = 200;

/** The member area: who is logged in, unread messages, VIP progress, and logout. */
export function MemberHomeScreen() {
  const { t } = useT();
  const session = useSession();
  const member = memberStore.use();
  const unread = unreadCountStore.use();
  const vip = vipProgressStore.use();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const progressText = vip
    ? t('member_vip_progress_value', { completed: vip.completed, total: vip.total })
    : '';

  const signOut = async () => {
    setBusy(true);
    await logout().catch(() => undefined);
    // A member who logs out does not want to be logged straight back in.
    localStore.setString(StorageKey.autoLogin, '0');
    setPasswordChangeForced(false);
    markSignedOut(true);
    clearSession();
    navigate(AppPath.home);
    // Only this navigation: a later visit to a protected page asks for a login again.
    setTimeout(() => markSignedOut(false), SIGNED_OUT_GRACE_MS);
  };

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_member_home')}
      </h1>
      <dl className="auth-form">
        <div>
          <dt className="auth-hint">{t('auth_account')}</dt>
          <dd data-testid="member-account">{member.info?.account ?? session?.userName ?? ''}</dd>
        </div>
        <div>
          <dt className="auth-hint">{t('member_unread_messages')}</dt>
          <dd data-testid="member-unread">{unread}</dd>
        </div>
        {vip && (
          <div>
            <dt className="auth-hint" id="member-vip">
              {t('member_vip_progress')}
              {member.info?.clubLabel ? ` · ${member.info.clubLabel.labelName}` : ''}
            </dt>
            <dd data-testid="member-vip">
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
      <div className="auth-links">
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void signOut()}>
          {t('auth_logout')}
        </button>
      </div>
    </section>
  );
}
