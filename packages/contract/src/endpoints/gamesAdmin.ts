import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as gamesSchemas from '../schemas/gamesAdmin.js';
import type { StaffGamesView } from '../gamesAdmin.js';

/**
 * The back office's Games section (issue 30 item 6), under /wps/staff/games. A staff member reads
 * and writes only the merchant of the request; every write answers the whole section and drops the
 * merchant's cached settings on every instance, so the member lobby shows it on its next call.
 */
export const gamesAdminEndpoints = {
  /** The merchant's categories, vendors and games as its lobby orders them. */
  staffGames: define<typeof commonSchemas.emptyQuerySchema, StaffGamesView>()({
    method: 'GET',
    path: '/wps/staff/games',
    auth: 'staff',
    staffPermission: 'games:read',
  }),
  /** The categories' order: ordinals 100, 200, …; the lottery variants follow the lottery. */
  staffGamesCategoryOrder: define<typeof gamesSchemas.categoryOrderSchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/categories/order',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** The order of a category's vendors (every vendor of the category, each once). */
  staffGamesVendorOrder: define<typeof gamesSchemas.vendorOrderSchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/vendors/order',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** The order of a category's games (every offered game of the category, each once). */
  staffGamesOrder: define<typeof gamesSchemas.gameOrderSchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/order',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** Marks a game hot (last of the hot list) or not. */
  staffGameHot: define<typeof gamesSchemas.gameHotSchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/hot',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** Offers or withdraws one game of an offered vendor. */
  staffGameAvailability: define<typeof gamesSchemas.gameAvailabilitySchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/availability',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** Offers or withdraws a vendor of the catalogue. */
  staffVendorAvailability: define<typeof gamesSchemas.vendorAvailabilitySchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/vendors/availability',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
  /** Sets (with an optional end) or clears a vendor's maintenance tag. */
  staffVendorMaintenance: define<typeof gamesSchemas.vendorMaintenanceSchema, StaffGamesView>()({
    method: 'POST',
    path: '/wps/staff/games/vendors/maintenance',
    auth: 'staff',
    staffPermission: 'games:write',
  }),
} as const;
