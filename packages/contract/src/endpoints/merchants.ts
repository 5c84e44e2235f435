import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as merchantSchemas from '../schemas/merchantAdmin.js';
import type { StaffMerchantSummary, StaffMerchantView } from '../merchantAdmin.js';

/**
 * The back office's Merchants and Theme sections (issue 30 items 3 and 4), under /wps/staff/merchants.
 * A staff member reads and edits only the merchant they work for (another merchant's code answers
 * 404 merchant_not_found, as an unknown one does); creating a merchant is the platform operator's.
 * Secrets are write-only: the view names the ones that are set, never their values.
 */
export const merchantAdminEndpoints = {
  /** The merchants the staff member may edit. */
  staffMerchants: define<typeof commonSchemas.emptyQuerySchema, StaffMerchantSummary[]>()({
    method: 'GET',
    path: '/wps/staff/merchants',
    auth: 'staff',
    staffPermission: 'merchant:read',
  }),
  staffMerchant: define<typeof merchantSchemas.staffMerchantQuerySchema, StaffMerchantView>()({
    method: 'GET',
    path: '/wps/staff/merchants/:code',
    auth: 'staff',
    staffPermission: 'merchant:read',
  }),
  /** A new merchant with its first domain, a default theme and every flag off. */
  staffMerchantCreate: define<typeof merchantSchemas.staffMerchantCreateSchema, StaffMerchantView>()({
    method: 'POST',
    path: '/wps/staff/merchants',
    auth: 'staff',
    staffPermission: 'merchant:create',
  }),
  /** Saves the sections given; every server instance answers with them within seconds. */
  staffMerchantSave: define<typeof merchantSchemas.staffMerchantSaveSchema, StaffMerchantView>()({
    method: 'POST',
    path: '/wps/staff/merchants/:code',
    auth: 'staff',
    staffPermission: 'merchant:write',
  }),
  /** Saves the mobile template and colours (refused with theme_contrast_low below WCAG AA). */
  staffThemeSave: define<typeof merchantSchemas.staffThemeSaveSchema, StaffMerchantView>()({
    method: 'POST',
    path: '/wps/staff/merchants/:code/theme',
    auth: 'staff',
    staffPermission: 'merchant:write',
  }),
} as const;
