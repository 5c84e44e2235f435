import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as offersSchemas from '../schemas/offersAdmin.js';
import type {
  StaffLegalPages,
  StaffLinks,
  StaffPromoCode,
  StaffPromoCodes,
  StaffPromotion,
  StaffPromotionCategory,
  StaffPromotions,
} from '../offersAdmin.js';

/**
 * The back office's offers and pages (issue 30 item 5, second half), under /wps/staff: promotions
 * and their categories, promo codes, legal pages, download links and customer-service entries of
 * the staff member's merchant (the host's). An id of another merchant answers 404 as an unknown one
 * does. Every save reaches the member site at once (the merchant's caches are dropped everywhere).
 */
export const offersEndpoints = {
  staffPromotions: define<typeof commonSchemas.emptyQuerySchema, StaffPromotions>()({
    method: 'GET',
    path: '/wps/staff/promotions',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  staffPromotionCreate: define<typeof offersSchemas.staffPromotionCreateSchema, StaffPromotion>()({
    method: 'POST',
    path: '/wps/staff/promotions',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Replaces its texts (languages left out are removed), category, position and window. */
  staffPromotionSave: define<typeof offersSchemas.staffPromotionSaveSchema, StaffPromotion>()({
    method: 'POST',
    path: '/wps/staff/promotions/:id',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Ends its window now (kept, with its codes' claims). */
  staffPromotionRetire: define<typeof offersSchemas.staffIdSchema, StaffPromotion>()({
    method: 'POST',
    path: '/wps/staff/promotions/:id/retire',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Creates or renames a category (by its code). */
  staffPromotionCategorySave: define<
    typeof offersSchemas.staffPromotionCategorySaveSchema,
    StaffPromotionCategory
  >()({
    method: 'POST',
    path: '/wps/staff/promotion-categories',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  staffPromoCodes: define<typeof commonSchemas.emptyQuerySchema, StaffPromoCodes>()({
    method: 'GET',
    path: '/wps/staff/promo-codes',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  staffPromoCodeCreate: define<typeof offersSchemas.staffPromoCodeCreateSchema, StaffPromoCode>()({
    method: 'POST',
    path: '/wps/staff/promo-codes',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Once claimed, only its end and its limit (never below its claims) may change. */
  staffPromoCodeSave: define<typeof offersSchemas.staffPromoCodeSaveSchema, StaffPromoCode>()({
    method: 'POST',
    path: '/wps/staff/promo-codes/:id',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Ends its window now: no new claims; what was claimed stays. */
  staffPromoCodeRetire: define<typeof offersSchemas.staffIdSchema, StaffPromoCode>()({
    method: 'POST',
    path: '/wps/staff/promo-codes/:id/retire',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Every kind with every published version, newest first. */
  staffLegalPages: define<typeof commonSchemas.emptyQuerySchema, StaffLegalPages>()({
    method: 'GET',
    path: '/wps/staff/legal',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  /** Publishes a new version (the terms: members accept again); an older version is never edited. */
  staffLegalPublish: define<typeof offersSchemas.staffLegalPublishSchema, StaffLegalPages>()({
    method: 'POST',
    path: '/wps/staff/legal/:kind',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  staffLinks: define<typeof commonSchemas.emptyQuerySchema, StaffLinks>()({
    method: 'GET',
    path: '/wps/staff/links',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  /** Replaces the download links (http(s) addresses only). */
  staffDownloadLinksSave: define<typeof offersSchemas.staffDownloadLinksSaveSchema, StaffLinks>()({
    method: 'POST',
    path: '/wps/staff/links/downloads',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Replaces the customer-service entries (paths sealed at rest). */
  staffCustomerServiceSave: define<typeof offersSchemas.staffCustomerServiceSaveSchema, StaffLinks>()({
    method: 'POST',
    path: '/wps/staff/links/customer-service',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
} as const;
