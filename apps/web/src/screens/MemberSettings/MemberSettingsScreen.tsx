import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { SETTINGS_SECTIONS } from './sections';
import '@/ui/form/form.css';
import './settings.css';

/** /m/member/settings: settings and security, one section after another (./sections.tsx). */
export function MemberSettingsScreen() {
  const { t } = useT();
  return (
    <section aria-labelledby="screen-title" className="settings">
      <h1 id="screen-title" className="screen-title">
        {t('page_member_settings')}
      </h1>
      {SETTINGS_SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
      <p className="settings-back">
        <AppLink to={AppPath.memberHome}>{t('page_member_home')}</AppLink>
      </p>
    </section>
  );
}
