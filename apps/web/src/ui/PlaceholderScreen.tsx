import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';

/** The frame of a screen whose content a later issue fills: its title and a coming-soon card. */
export function PlaceholderScreen({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useT();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t(titleKey)}
      </h1>
      <p className="placeholder-card">{t('coming_soon')}</p>
    </section>
  );
}
