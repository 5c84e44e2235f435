import { AppPath } from '@wps/contract/routes';
import { CATEGORY_PAGE, type GameCategory, type GameCategoryCard } from '@wps/contract/games';
import type { MessageKey } from '@/i18n';

/** Where a category card leads: its public page, else the game area on that category (the lotteries). */
export function categoryHref(category: GameCategoryCard['category']): string {
  return CATEGORY_PAGE[category] ?? `${AppPath.game}?category=${encodeURIComponent(category)}`;
}

/** The category pages, offered when the categories cannot be loaded. */
export const STATIC_CATEGORY_LINKS: readonly { category: GameCategory; to: string; label: MessageKey }[] = [
  { category: 'ELOTT', to: AppPath.elott, label: 'page_elott' },
  { category: 'SPORTS', to: AppPath.sports, label: 'page_sports' },
  { category: 'LIVE', to: AppPath.live, label: 'page_live' },
  { category: 'RNG', to: AppPath.rng, label: 'page_rng' },
  { category: 'TABLE', to: AppPath.table, label: 'page_table' },
  { category: 'FISH', to: AppPath.fish, label: 'page_fish' },
  { category: 'PVP', to: AppPath.pvp, label: 'page_pvp' },
  { category: 'CRASH', to: AppPath.crash, label: 'page_crash' },
  { category: 'ARCADE', to: AppPath.arcade, label: 'page_arcade' },
];

/**
 * The category pages to offer when the list cannot be loaded: those of the categories the merchant's
 * settings name, or every page when they name none of them.
 */
export function fallbackCategoryLinks(named: readonly GameCategory[]): typeof STATIC_CATEGORY_LINKS {
  const links = STATIC_CATEGORY_LINKS.filter((link) => named.includes(link.category));
  return links.length > 0 ? links : STATIC_CATEGORY_LINKS;
}

/** Where a vendor leads: the game area on the vendor's category, filtered to the vendor. */
export function vendorHref(vendor: { vendor: string; category: string }): string {
  const query = new URLSearchParams({ category: vendor.category, vendor: vendor.vendor });
  return `${AppPath.game}?${query.toString()}`;
}
