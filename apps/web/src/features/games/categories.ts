import {
  GAME_CATEGORIES,
  sortByCategoryOrdinal,
  type GameCategory,
  type GameCategoryCard,
} from '@wps/contract/games';
import type { GameVendorSettings } from '@wps/contract/system';

type CategoryOrder = Pick<GameVendorSettings, 'ordinal' | 'sorting'>;

const NO_ORDER: CategoryOrder = { ordinal: {}, sorting: [] };

/**
 * The categories to offer, in the merchant's order (spec section 9 ordinals): only those with a game
 * to show. The server already leaves empty categories out; a card with no games is never offered,
 * since it would lead to an empty page.
 */
export function offeredCategories(
  cards: readonly GameCategoryCard[] | null | undefined,
  gameVendor: CategoryOrder | null | undefined,
): GameCategoryCard[] {
  if (!Array.isArray(cards)) return [];
  return sortByCategoryOrdinal(
    cards.filter((card) => card.gameCount > 0),
    (card) => card.category,
    gameVendor ?? NO_ORDER,
  );
}

/**
 * The categories the merchant's settings name (a title, a place in the order, an ordinal) and do
 * not hide: what the category list is expected to hold before it arrives, so its place can be
 * reserved at the right size. Empty when the settings name none.
 */
export function namedCategories(
  gameVendor:
    Partial<Pick<GameVendorSettings, 'mapping' | 'sorting' | 'ordinal' | 'display'>> | null | undefined,
): GameCategory[] {
  if (!gameVendor) return [];
  const named = new Set<string>([
    ...Object.keys(gameVendor.mapping ?? {}),
    ...(Array.isArray(gameVendor.sorting) ? gameVendor.sorting : []),
    ...Object.keys(gameVendor.ordinal ?? {}),
  ]);
  return GAME_CATEGORIES.filter(
    (category) => named.has(category) && gameVendor.display?.[category] !== false,
  );
}
