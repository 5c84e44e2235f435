import type { GameCategory } from './games.js';

/**
 * The back office's Games section (issue 30 item 6): a merchant's vendors, categories and their order
 * (the ordinal steps of spec section 9), hot games, maintenance tags and what the merchant offers.
 * Calls in endpoints/gamesAdmin.ts, inputs in schemas/gamesAdmin.ts. Every write answers the whole
 * section again, so the screen shows what is stored.
 */

/** The section's own refusals (staff-facing, English like the rest of the console). */
export const GamesAdminErrorCode = {
  /** A reorder that names an id twice, leaves one out, or names one that is not in the list. */
  ORDER_INVALID: 'games_order_invalid',
  /** A vendor code the catalogue does not hold. */
  VENDOR_NOT_FOUND: 'game_vendor_not_found',
  /** A maintenance tag whose end is not in the future. */
  MAINTENANCE_END_PAST: 'games_maintenance_end_past',
} as const;
export type GamesAdminErrorCode = (typeof GamesAdminErrorCode)[keyof typeof GamesAdminErrorCode];

/**
 * The lottery variants have no place of their own in the order: they follow the lottery at +5 and
 * +1 (spec section 9). The order a staff member edits is of the other categories.
 */
export const ORDERED_CATEGORIES = [
  'LOTT',
  'ELOTT',
  'SPORTS',
  'LIVE',
  'RNG',
  'TABLE',
  'FISH',
  'PVP',
  'CRASH',
  'ARCADE',
] as const satisfies readonly GameCategory[];
export type OrderedCategory = (typeof ORDERED_CATEGORIES)[number];

export interface StaffGameCategory {
  category: GameCategory;
  /** The merchant's title for it (gameVendor.mapping), else the code. */
  title: string;
  /** Its ordinal: 100, 200, … by place; a lottery variant the lottery's +5 or +1. */
  ordinal: number;
  /** A lottery variant: the category it follows; null for the others. */
  follows: GameCategory | null;
  /** Hidden by the merchant's gameVendor.display. */
  displayed: boolean;
  /** The merchant's offered, enabled games in it. */
  gameCount: number;
}

export interface StaffGameVendor {
  code: string;
  displayName: string;
  category: GameCategory;
  /** Offered by this merchant (in gameVendor.allVendors). */
  enabled: boolean;
  /** The maintenance tag as members see it now. */
  maintenance: boolean;
  /** When the tag ends by itself (ISO time); null: until cleared. */
  maintenanceUntil: string | null;
  /** The vendor's games the merchant has enabled. */
  gameCount: number;
}

export interface StaffGame {
  id: string;
  gameCode: string;
  displayName: string;
  vendor: string;
  category: GameCategory;
  enabled: boolean;
  /** 1 the hottest; null: not hot. */
  hotRank: number | null;
}

export interface StaffGamesView {
  /** In the lobby's order (by ordinal). */
  categories: StaffGameCategory[];
  /** By category ordinal, then the merchant's vendor order; every vendor of the catalogue. */
  vendors: StaffGameVendor[];
  /** The games of the vendors the merchant offers, in the lobby's order. */
  games: StaffGame[];
}
