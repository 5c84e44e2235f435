import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { clearPendingBind, pendingBindStore } from '@/features/session';
import { useProviderName } from './providerNames';

/**
 * What the login and register pages say while a social sign-in waits to be linked: the login links it,
 * and so does a registration when FIREBASECREATEACC3 is on (otherwise the registration is a plain one
 * and nothing is said). "Don't link" drops it.
 */
export function BindBanner({ scene }: { scene: 'login' | 'register' }) {
  const { t } = useT();
  const providerName = useProviderName();
  const pending = pendingBindStore.use();
  const createAccount = Boolean(useSettings()?.whitelabelVal.FIREBASECREATEACC3);
  if (!pending?.chosen || (scene === 'register' && !createAccount)) return null;
  const provider = providerName(pending.provider);
  return (
    <div className="social-bind-banner" role="status">
      <p>
        {t(scene === 'login' ? 'social_bind_pending_login' : 'social_bind_pending_register', { provider })}
      </p>
      <button type="button" className="link-button" onClick={clearPendingBind}>
        {t('social_bind_cancel')}
      </button>
    </div>
  );
}
