import { z } from 'zod';
import {
  BANNER_GLYPH_MAX,
  BANNER_LINK_MAX,
  CONTENT_TEXT_MAX,
  CONTENT_TITLE_MAX,
  EDITABLE_ANNOUNCEMENT_TYPES,
  POPUP_DELAY_MAX_MS,
  POPUP_DELAY_MIN_MS,
  POPUP_WAIT_MAX_S,
} from '../contentAdmin.js';
import { ANNOUNCEMENT_AUDIENCES, GAME_CATEGORIES } from '../games.js';
import { ALL_LANGUAGES } from '../languages.js';

/**
 * The back office's Content inputs (issue 30 item 5; endpoints/content.ts). The shape and the sizes
 * are checked here (400 invalid_request); what needs the merchant — its languages, its promotions and
 * games, the link rules, the window — the service checks with its own error codes.
 */

/** The `:id` of /wps/staff/content/…/:id: text in the URL. */
const itemId = { id: z.coerce.number().int().positive().max(2_147_483_647) };

const languageSchema = z.enum(ALL_LANGUAGES as [string, ...string[]]);
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const text = (max: number) => z.string().trim().min(1).max(max).regex(NO_CONTROL, 'no control characters');
const optionalField = (max: number) =>
  z.string().trim().max(max).regex(NO_CONTROL).nullable().optional().default(null);
const instant = z.iso.datetime({ offset: true });

const windowFields = {
  startsAt: instant,
  endsAt: instant.nullable(),
  position: z.number().int().min(0).max(9_999).default(0),
};

const bannerFields = {
  ...windowFields,
  titles: z.partialRecord(languageSchema, text(CONTENT_TITLE_MAX)),
  linkageType: z.enum(['P', 'URL', 'G']),
  linkage: z.string().trim().min(1).max(BANNER_LINK_MAX),
  roomId: optionalField(64),
  gameType: z
    .enum(GAME_CATEGORIES as [string, ...string[]])
    .nullable()
    .optional()
    .default(null),
  vendor: optionalField(64),
  art: z.object({
    colors: z.tuple([z.string().regex(/^#[0-9a-f]{6}$/i), z.string().regex(/^#[0-9a-f]{6}$/i)]),
    glyph: text(BANNER_GLYPH_MAX),
  }),
};

export const staffBannerCreateSchema = z.object(bannerFields);
export type StaffBannerInput = z.input<typeof staffBannerCreateSchema>;
export const staffBannerSaveSchema = z.object({ ...itemId, ...bannerFields });

/** Retiring ends the window now: a member who saw it keeps a record of what was shown, never deleted. */
export const staffContentRetireSchema = z.object(itemId);

const announcementFields = {
  ...windowFields,
  type: z.enum(EDITABLE_ANNOUNCEMENT_TYPES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).default('all'),
  texts: z.partialRecord(
    languageSchema,
    z.object({ title: text(CONTENT_TITLE_MAX), content: text(CONTENT_TEXT_MAX) }),
  ),
};

export const staffAnnouncementCreateSchema = z.object(announcementFields);
export type StaffAnnouncementInput = z.input<typeof staffAnnouncementCreateSchema>;
export const staffAnnouncementSaveSchema = z.object({ ...itemId, ...announcementFields });

export const staffAnnouncementListSchema = z.object({ type: z.enum(EDITABLE_ANNOUNCEMENT_TYPES) });

export const staffPopupOptionsSchema = z.object({
  autoplay: z.boolean(),
  delay: z.number().int().min(POPUP_DELAY_MIN_MS).max(POPUP_DELAY_MAX_MS),
  showClose: z.boolean(),
  showTodayCheckbox: z.boolean(),
  showPagination: z.boolean(),
  forceRead: z.boolean(),
  forcePopup: z.boolean(),
  outsideClose: z.boolean(),
  waitSeconds: z.number().int().min(0).max(POPUP_WAIT_MAX_S),
});
export type StaffPopupOptionsInput = z.input<typeof staffPopupOptionsSchema>;
