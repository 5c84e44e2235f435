import { LanguagePicker } from '@/features/language';
import { useT } from '@/i18n/I18nProvider';

/** The interface language (features/language: switches at once, stored, synced for members but type 4). */
export function LanguageSection() {
  const { t } = useT();
  return (
    <section className="settings-card" aria-labelledby="settings-language">
      <h2 id="settings-language" className="settings-title">
        {t('language_title')}
      </h2>
      <LanguagePicker />
    </section>
  );
}
