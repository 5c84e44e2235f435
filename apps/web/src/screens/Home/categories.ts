import {
  AppPath,
  CATEGORY_PAGE,
  sortByCategoryOrdinal,
  type GameCategoryCard,
  type GameVendorSettings,
} from '@wps/contract';
import type { MessageKey } from '@/i18n';

/** Where a category card leads: its public page, else the game area on that category (the lotteries). */
export function categoryHref(category: GameCategoryCard['category']): string {
  return CATEGORY_PAGE[category] ?? `${AppPath.game}?category=${encodeURIComponent(category)}`;
}

const NO_ORDER: Pick<GameVendorSettings, 'ordinal' | 'sorting'> = { ordinal: {}, sorting: [] };

/** The cards in the merchant's category order (spec section 9 ordinals). */
export function orderedCategories(
  cards: readonly GameCategoryCard[],
  gameVendor: Pick<GameVendorSettings, 'ordinal' | 'sorting'> | null | undefined,
): GameCategoryCard[] {
  return sortByCategoryOrdinal(cards, (card) => card.category, gameVendor ?? NO_ORDER);
}

/** The category pages, shown while the categories load and when they cannot be loaded. */
export const STATIC_CATEGORY_LINKS: readonly { to: string; label: MessageKey }[] = [
  { to: AppPath.elott, label: 'page_elott' },
  { to: AppPath.sports, label: 'page_sports' },
  { to: AppPath.live, label: 'page_live' },
  { to: AppPath.rng, label: 'page_rng' },
  { to: AppPath.table, label: 'page_table' },
  { to: AppPath.fish, label: 'page_fish' },
  { to: AppPath.pvp, label: 'page_pvp' },
  { to: AppPath.crash, label: 'page_crash' },
  { to: AppPath.arcade, label: 'page_arcade' },
];

/** Where a vendor leads: the game area on the vendor's category, filtered to the vendor. */
export function vendorHref(vendor: { vendor: string; category: string }): string {
  const query = new URLSearchParams({ category: vendor.category, vendor: vendor.vendor });
  return `${AppPath.game}?${query.toString()}`;
}
