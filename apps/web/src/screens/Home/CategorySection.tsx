import type { GameCategoryCard } from '@wps/contract';
import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { gameCategoriesQuery } from '@/features/games/queries';
import { AppLink } from '@/features/navigation/AppLink';
import { useSettings } from '@/state/settings';
import { STATIC_CATEGORY_LINKS, categoryHref, orderedCategories } from './categories';
import { useQuery } from '@/queries/useQuery';

/**
 * The game categories in the merchant's order, each linking to its page (or the game area for the
 * lotteries) with its game count. The static list of category pages stands in while they load and
 * stays when they cannot be loaded, so the category pages are always reachable.
 */
export function CategorySection() {
  const { t } = useT();
  const settings = useSettings();
  const headingId = useId();
  const state = useQuery(gameCategoriesQuery);
  const cards: GameCategoryCard[] =
    state.status === 'ready' && Array.isArray(state.data) && state.data.length > 0
      ? orderedCategories(state.data, settings?.gameVendor)
      : [];

  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-section-title">
        {t('lobby_categories')}
      </h2>
      <ul className="home-categories" aria-busy={state.status === 'loading'} data-testid="home-categories">
        {cards.length > 0
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
          : STATIC_CATEGORY_LINKS.map((item) => (
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
