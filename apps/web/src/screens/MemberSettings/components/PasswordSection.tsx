import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';

/** The password: changed on /m/changePsw. */
export function PasswordSection() {
  const { t } = useT();
  return (
    <section className="settings-card" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings-title">
        {t('auth_password')}
      </h2>
      <AppLink to={AppPath.changePassword} className="button button-ghost">
        {t('page_change_password')}
      </AppLink>
    </section>
  );
}
