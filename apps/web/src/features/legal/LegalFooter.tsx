import { legalPath } from '@wps/contract/routes';
import { LEGAL_KINDS } from '@wps/contract/trust';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { LEGAL_TITLES } from './titles';
import './footer.css';

/**
 * The footer of every public page (issue 29 item 2): the five legal pages, the licence line and the
 * age badge, from the settings the app has already loaded (no call of its own). Its own chunk, loaded
 * once the page is idle, so the first load does not carry it.
 */
export default function LegalFooter() {
  const { t } = useT();
  const trust = useSettings()?.trust;
  return (
    <footer className="legal-footer" data-testid="legal-footer">
      <nav aria-label={t('footer_legal')}>
        {LEGAL_KINDS.map((kind) => (
          <AppLink key={kind} to={legalPath(kind)}>
            {t(LEGAL_TITLES[kind])}
          </AppLink>
        ))}
      </nav>
      {trust && (
        <p className="legal-footer-facts">
          <span className="age-badge" role="img" aria-label={t('footer_age', { age: String(trust.minAge) })}>
            {trust.minAge}+
          </span>
          {trust.licence && (
            <span dir="auto">
              {t('footer_licence', { authority: trust.licence.authority, number: trust.licence.number })}
            </span>
          )}
        </p>
      )}
    </footer>
  );
}
