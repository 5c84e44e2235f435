import { define } from './define.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as contentSchemas from '../schemas/contentAdmin.js';
import type {
  BannerLinkChoices,
  PopupOptions,
  StaffAnnouncementList,
  StaffAnnouncementView,
  StaffBannerList,
  StaffBannerView,
} from '../contentAdmin.js';

/**
 * The back office's Content section, first half (issue 30 item 5), under /wps/staff/content: banners,
 * marquee lines and popup announcements of the staff member's merchant, and the popup's options.
 * Another merchant's id answers 404 content_not_found, as an unknown one does. Nothing is deleted:
 * retiring ends the window now. Every save reaches the member site of every instance at once.
 */
export const contentAdminEndpoints = {
  staffBanners: define<typeof commonSchemas.emptyQuerySchema, StaffBannerList>()({
    method: 'GET',
    path: '/wps/staff/content/banners',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  /** What a P banner may open (the merchant's promotions) and a G banner launch (its games). */
  staffBannerLinkChoices: define<typeof commonSchemas.emptyQuerySchema, BannerLinkChoices>()({
    method: 'GET',
    path: '/wps/staff/content/banners/links',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  staffBannerCreate: define<typeof contentSchemas.staffBannerCreateSchema, StaffBannerView>()({
    method: 'POST',
    path: '/wps/staff/content/banners',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  staffBannerSave: define<typeof contentSchemas.staffBannerSaveSchema, StaffBannerView>()({
    method: 'POST',
    path: '/wps/staff/content/banners/:id',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** Ends the banner's window now (one already ended is left as it is). */
  staffBannerRetire: define<typeof contentSchemas.staffContentRetireSchema, StaffBannerView>()({
    method: 'POST',
    path: '/wps/staff/content/banners/:id/retire',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** The marquee lines or the popup pages (the member app's news), by position. */
  staffAnnouncements: define<typeof contentSchemas.staffAnnouncementListSchema, StaffAnnouncementList>()({
    method: 'GET',
    path: '/wps/staff/content/announcements',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  staffAnnouncementCreate: define<
    typeof contentSchemas.staffAnnouncementCreateSchema,
    StaffAnnouncementView
  >()({
    method: 'POST',
    path: '/wps/staff/content/announcements',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  staffAnnouncementSave: define<typeof contentSchemas.staffAnnouncementSaveSchema, StaffAnnouncementView>()({
    method: 'POST',
    path: '/wps/staff/content/announcements/:id',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  staffAnnouncementRetire: define<typeof contentSchemas.staffContentRetireSchema, StaffAnnouncementView>()({
    method: 'POST',
    path: '/wps/staff/content/announcements/:id/retire',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
  /** The popup's options (spec section 3); the defaults for a merchant that never saved them. */
  staffPopupOptions: define<typeof commonSchemas.emptyQuerySchema, PopupOptions>()({
    method: 'GET',
    path: '/wps/staff/content/popup-options',
    auth: 'staff',
    staffPermission: 'content:read',
  }),
  staffPopupOptionsSave: define<typeof contentSchemas.staffPopupOptionsSchema, PopupOptions>()({
    method: 'POST',
    path: '/wps/staff/content/popup-options',
    auth: 'staff',
    staffPermission: 'content:write',
  }),
} as const;
