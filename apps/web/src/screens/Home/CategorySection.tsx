import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { namedCategories, offeredCategories } from '@/features/games/categories';
import { gameCategoriesQuery } from '@/features/games/queries';
import { AppLink } from '@/features/navigation/AppLink';
import { useSettings } from '@/state/settings';
import { categoryHref, fallbackCategoryLinks } from './categories';
import { useQuery } from '@/queries/useQuery';

/** Placeholder tiles while the categories load when the settings name none: one row. */
export const DEFAULT_CATEGORY_SKELETONS = 3;

/**
 * The game categories the merchant has games in, in its order, each linking to its page (or the game
 * area for the lotteries) with its game count. While they load, blank tiles as many as the settings
 * name hold their place (no default tiles of categories the merchant may not have); when they cannot
 * be loaded, the category pages stay reachable.
 */
export function CategorySection() {
  const { t } = useT();
  const settings = useSettings();
  const headingId = useId();
  const state = useQuery(gameCategoriesQuery);
  const named = namedCategories(settings?.gameVendor);
  const cards = state.status === 'ready' ? offeredCategories(state.data, settings?.gameVendor) : [];
  if (state.status === 'ready' && cards.length === 0) return null;
  const loading = state.status === 'loading' || state.status === 'idle';

  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-section-title">
        {t('lobby_categories')}
      </h2>
      <ul className="home-categories" aria-busy={loading} data-testid="home-categories">
        {loading
          ? Array.from({ length: named.length || DEFAULT_CATEGORY_SKELETONS }, (_, index) => (
              <li key={`skeleton-${index}`} aria-hidden="true">
                <span className="home-category-skeleton home-skeleton" data-testid="category-skeleton" />
              </li>
            ))
          : state.status === 'ready'
            ? cards.map((card) => (
                <li key={card.category}>
                  <AppLink
                    to={categoryHref(card.category)}
                    className="home-category"
                    data-category={card.category}
                  >
                    <span className="home-category-title">{card.title}</span>{' '}
                    <span className="home-category-count">
                      {t('lobby_game_count', { count: String(card.gameCount) })}
                    </span>
                  </AppLink>
                </li>
              ))
            : fallbackCategoryLinks(named).map((item) => (
                <li key={item.to}>
                  <AppLink to={item.to} className="home-category">
                    <span className="home-category-title">{t(item.label)}</span>
                  </AppLink>
                </li>
              ))}
      </ul>
    </section>
  );
}
