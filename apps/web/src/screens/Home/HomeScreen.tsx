import type { MessageKey } from '../../i18n';
import { useT } from '../../i18n/I18nProvider';
import { AppLink } from '../../routes/AppLink';
import { useSettings } from '../../state/settings';
import './home.css';

const CATEGORY_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/m/elott', label: 'page_elott' },
  { to: '/m/sports', label: 'page_sports' },
  { to: '/m/live', label: 'page_live' },
  { to: '/m/rng', label: 'page_rng' },
  { to: '/m/table', label: 'page_table' },
  { to: '/m/fish', label: 'page_fish' },
  { to: '/m/pvp', label: 'page_pvp' },
  { to: '/m/crash', label: 'page_crash' },
  { to: '/m/arcade', label: 'page_arcade' },
];

/** The landing page; the lobby issue adds banners, marquee, announcements and game lists. */
export function HomeScreen() {
  const { t } = useT();
  const settings = useSettings();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {settings?.merchantName ?? t('page_home')}
      </h1>
      {settings?.mobileTemplate.app_desc && <p className="home-desc">{settings.mobileTemplate.app_desc}</p>}
      <ul className="home-categories">
        {CATEGORY_LINKS.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} className="home-category">
              {t(item.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
