import { useT } from '@/i18n/I18nProvider';
import { AppLink } from '@/features/navigation';

export function NotFoundScreen() {
  const { t } = useT();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_not_found')}
      </h1>
      <AppLink to="/m/home" className="button button-primary">
        {t('back_home')}
      </AppLink>
    </section>
  );
}
