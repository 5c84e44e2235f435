import { useState } from 'react';
import { Navigate, useSearchParams } from '@/platform/router';
import { AppLink, toRouterPath, useKeptParams, useAppNavigate } from '@/features/navigation';
import { postLoginDestination, withKeptParams } from '@/lib/navigation';
import { loginLock } from '@/features/session';
import { useT } from '@/i18n/I18nProvider';
import { useSession } from '@/state/session';
import { BindBanner, SocialSignIn } from '@/features/socialSignIn';
import { LoginForm } from './components/LoginForm';
import { PasswordResetPanel } from './components/PasswordResetPanel';
import '@/ui/form/form.css';

/** Login; a member who already has a session is sent on to the `go` target (only /m/ paths) or home. */
export function LoginScreen() {
  const { t } = useT();
  const session = useSession();
  const [search] = useSearchParams();
  const kept = useKeptParams();
  const navigate = useAppNavigate();
  const [resetting, setResetting] = useState(false);
  const go = search.get('go');
  // A login of this screen (or auto-login) navigates itself; the lock is held until it has.
  if (session?.token && !loginLock.isBusy()) {
    const destination = withKeptParams(postLoginDestination(go), kept);
    return <Navigate to={toRouterPath(destination)} replace />;
  }
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_login')}
      </h1>
      {resetting ? (
        <PasswordResetPanel onDone={() => setResetting(false)} />
      ) : (
        <>
          <BindBanner scene="login" />
          <LoginForm go={go} onSuccess={(destination) => navigate(destination)} />
        </>
      )}
      <div className="auth-links">
        <button type="button" className="link-button" onClick={() => setResetting((value) => !value)}>
          {resetting ? t('page_login') : t('auth_forgot_password')}
        </button>
        <AppLink to="/m/register">{t('auth_no_account')}</AppLink>
      </div>
      {!resetting && (
        <SocialSignIn
          go={go}
          onSuccess={(destination) => navigate(destination)}
          handleReturns
          part="others"
        />
      )}
    </section>
  );
}
