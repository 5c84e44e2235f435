import { z } from 'zod';
import { GAME_CATEGORIES, type GameCategory } from '../games.js';
import { ORDERED_CATEGORIES } from '../gamesAdmin.js';

/**
 * The Games section's inputs (endpoints/gamesAdmin.ts). The schemas check shape only; whether a list
 * names each id exactly once, and whether an id is the merchant's, is the server's (it knows the
 * merchant's catalogue) and answers games_order_invalid or game_not_found.
 */

const categorySchema = z.enum(GAME_CATEGORIES as [GameCategory, ...GameCategory[]]);
const vendorCodeSchema = z.string().regex(/^[A-Z0-9_]{1,40}$/, 'a vendor code');
const gameIdSchema = z.string().regex(/^[1-9][0-9]{0,9}$/, 'a game id');

export const categoryOrderSchema = z.object({
  order: z
    .array(z.enum(ORDERED_CATEGORIES))
    .min(1)
    .max(ORDERED_CATEGORIES.length * 2),
});

export const vendorOrderSchema = z.object({
  category: categorySchema,
  order: z.array(vendorCodeSchema).min(1).max(200),
});

export const gameOrderSchema = z.object({
  category: categorySchema,
  order: z.array(gameIdSchema).min(1).max(2_000),
});

export const gameHotSchema = z.object({ gameId: gameIdSchema, hot: z.boolean() });

export const gameAvailabilitySchema = z.object({ gameId: gameIdSchema, enabled: z.boolean() });

export const vendorAvailabilitySchema = z.object({ vendor: vendorCodeSchema, enabled: z.boolean() });

export const vendorMaintenanceSchema = z.object({
  vendor: vendorCodeSchema,
  maintenance: z.boolean(),
  /** When the tag ends by itself; null or absent: until cleared. Ignored when clearing. */
  until: z.string().datetime({ offset: true }).nullable().optional(),
});
