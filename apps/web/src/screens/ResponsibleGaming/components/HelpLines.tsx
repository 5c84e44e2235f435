import type { HelpLine } from '@wps/contract/trust';
import { useT } from '@/i18n/I18nProvider';

/** Where to get help: the profile's help lines, the member's country first (the server orders them). */
export function HelpLines({ lines }: { lines: readonly HelpLine[] }) {
  const { t } = useT();
  if (lines.length === 0) return null;
  return (
    <section className="screen-card rg-section" aria-labelledby="rg-help-title">
      <h2 id="rg-help-title" className="rg-section-title">
        {t('rg_help_title')}
      </h2>
      <ul className="rg-help">
        {lines.map((line) => (
          <li key={line.url + line.name}>
            <a href={line.url} target="_blank" rel="noopener noreferrer">
              {line.name}
            </a>
            {line.phone && (
              <>
                {' · '}
                <a href={`tel:${line.phone.replace(/[^\d+]/g, '')}`}>
                  <bdi>{line.phone}</bdi>
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
