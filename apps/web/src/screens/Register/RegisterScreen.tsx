import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from '@/platform/router';
import { RegisterForm, registrationLock } from '@/features/session';
import { useAppNavigate, AppLink, toRouterPath } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { sessionStore } from '@/platform/storage';
import { safeGoTarget } from '@/lib/navigation';
import { useSession } from '@/state/session';
import { BindBanner, SocialSignIn } from '@/features/socialSignIn';
import '@/ui/form/form.css';

/** /m/register: the `go` target is stored so registration with login goes there afterwards. */
export function RegisterScreen() {
  const { t } = useT();
  const [search] = useSearchParams();
  const session = useSession();
  const navigate = useAppNavigate();
  const go = safeGoTarget(search.get('go'));
  useEffect(() => {
    if (go) sessionStore.setString(LazyStorageKey.goTarget, go);
  }, [go]);
  if (session?.token && !registrationLock.isBusy()) return <Navigate to={toRouterPath('/m/home')} replace />;
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_register')}
      </h1>
      <BindBanner scene="register" />
      <RegisterForm onSuccess={(destination) => navigate(destination ?? '/m/login')} />
      <div className="auth-links">
        <AppLink to="/m/login">{t('auth_have_account')}</AppLink>
      </div>
      <SocialSignIn go={go} onSuccess={(destination) => navigate(destination)} />
    </section>
  );
}
