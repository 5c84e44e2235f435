/**
 * The back office's Content section, first half (issue 30 item 5): banners, marquee lines, popup
 * announcements with the popup's options. The member app's News page (/m/news) lists the marquee and
 * popup announcements, so they are its news: there is no other news to edit. The calls are in the
 * endpoint table (endpoints/content.ts); their input schemas in schemas/contentAdmin.ts.
 */
import type { AnnouncementAudience, AnnouncementPopup, BannerLinkageType, GameCategory } from './games.js';
import type { LanguageCode } from './languages.js';

export const ContentAdminErrorCode = {
  /** No such item of the staff member's merchant (another merchant's id answers the same). */
  NOT_FOUND: 'content_not_found',
  /** The window ends at or before it starts. */
  WINDOW_INVALID: 'content_window_invalid',
  /** The merchant's default language has no text: members without a translation would see nothing. */
  DEFAULT_LANGUAGE_MISSING: 'content_default_language_missing',
  /** A text in a language the merchant does not offer. */
  LANGUAGE_NOT_OFFERED: 'content_language_not_offered',
  /** A banner's link breaks the rules of spec section 2 (P, URL, G). */
  LINK_INVALID: 'banner_link_invalid',
} as const;
export type ContentAdminErrorCode = (typeof ContentAdminErrorCode)[keyof typeof ContentAdminErrorCode];

/** The longest title, marquee line or popup page, and glyph drawn on a banner's art. */
export const CONTENT_TITLE_MAX = 120;
export const CONTENT_TEXT_MAX = 2_000;
export const BANNER_GLYPH_MAX = 6;
export const BANNER_LINK_MAX = 2_048;
/** The popup's autoplay interval (ms) and wait before closing (s): the bounds the editor offers. */
export const POPUP_DELAY_MIN_MS = 1_000;
export const POPUP_DELAY_MAX_MS = 60_000;
export const POPUP_WAIT_MAX_S = 60;

/** Where an item is in its window, by the server's clock: before, inside, after. */
export type ContentStatus = 'scheduled' | 'live' | 'ended';

export interface ContentWindow {
  /** ISO 8601. */
  startsAt: string;
  /** ISO 8601; null: never ends. */
  endsAt: string | null;
}

/** starts ≤ now < ends is live (as the lobby answers it); before it scheduled, after it ended. */
export function contentStatusOf(window: ContentWindow, now: number): ContentStatus {
  if (Date.parse(window.startsAt) > now) return 'scheduled';
  if (window.endsAt !== null && Date.parse(window.endsAt) <= now) return 'ended';
  return 'live';
}

/** Whether the window closes after it opens (an open end always does). */
export function windowIsValid(window: ContentWindow): boolean {
  return window.endsAt === null || Date.parse(window.endsAt) > Date.parse(window.startsAt);
}

/** The languages the merchant writes content in; the default one is required on every item. */
export interface ContentLanguages {
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
}

/** A banner's picture as the lobby draws it: a gradient of two colours and a few letters. */
export interface BannerArt {
  colors: [string, string];
  glyph: string;
}

export interface StaffBannerView extends ContentWindow {
  id: string;
  status: ContentStatus;
  /** Per language; the merchant's default language is always there. */
  titles: Partial<Record<LanguageCode, string>>;
  linkageType: BannerLinkageType;
  linkage: string;
  roomId: string | null;
  nodeId: string | null;
  gameType: GameCategory | null;
  vendor: string | null;
  art: BannerArt;
  /** The lobby's picture, `{imageBase}.{png|webp|avif}`. */
  imageBase: string;
  position: number;
}

/** The kinds of announcement this section edits (promotions, PR, are the other half's). */
export const EDITABLE_ANNOUNCEMENT_TYPES = ['MARQUEE', 'POPUP'] as const;
export type EditableAnnouncementType = (typeof EDITABLE_ANNOUNCEMENT_TYPES)[number];

export interface AnnouncementText {
  title: string;
  content: string;
}

export interface StaffAnnouncementView extends ContentWindow {
  id: string;
  type: EditableAnnouncementType;
  status: ContentStatus;
  audience: AnnouncementAudience;
  /** Per language; the merchant's default language is always there. */
  texts: Partial<Record<LanguageCode, AnnouncementText>>;
  position: number;
}

export interface StaffBannerList extends ContentLanguages {
  banners: StaffBannerView[];
}

export interface StaffAnnouncementList extends ContentLanguages {
  announcements: StaffAnnouncementView[];
}

/** The popup's options (spec section 3), without its pages. */
export type PopupOptions = Omit<AnnouncementPopup, 'popupList'>;

/** A promotion a P banner may open: its id and title (in the merchant's default language). */
export interface BannerPromotionChoice {
  id: string;
  title: string;
}

/** A game a G banner may launch: the fields the banner stores (spec section 3). */
export interface BannerGameChoice {
  vendor: string;
  gameCode: string;
  nodeId: string;
  gameType: GameCategory;
  displayName: string;
  /** A lottery's prize modes: roomId must be one of them; empty for other games. */
  prizeModes: string[];
}

export interface BannerLinkChoices {
  promotions: BannerPromotionChoice[];
  games: BannerGameChoice[];
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_AND_PORT = /^[a-z0-9.-]+\.[a-z0-9-]+:\d{1,5}(?:[/?#]|$)/i;
/** Whitespace, control and invisible formatting characters, backslashes. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

function decodedForms(text: string): string[] | null {
  const forms = [text];
  let current = text;
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return forms;
    forms.push(decoded);
    current = decoded;
  }
  return null;
}

/**
 * A URL banner's link as stored, or null when spec section 2 would not follow it. `/m…` without
 * `http` is an in-app path (no `//`, `..` segment or backslash, also once decoded); anything else is
 * an absolute http(s) address (`https://` added when it names no scheme) with a host and no
 * credentials. `javascript:`, `data:` and every other scheme — written plainly or percent-encoded —
 * whitespace and over-long links are refused. The member app applies the same rules when it shows it.
 */
export function normalBannerUrl(link: string): string | null {
  if (link === '' || link.length > BANNER_LINK_MAX) return null;
  const forms = decodedForms(link);
  if (forms === null || forms.some((form) => UNSAFE_CHARACTER.test(form))) return null;
  if (link.startsWith('/m') && !/http/i.test(link)) {
    const internal = forms.every(
      (form) => form.startsWith('/m') && !form.startsWith('//') && !/(^|\/)\.\.(\/|$|\?|#)/.test(form),
    );
    return internal && (link === '/m' || /^\/m[/?#]/.test(link)) ? link : null;
  }
  for (const form of forms) {
    const scheme = SCHEME.exec(form)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'http' && scheme !== 'https' && !HOST_AND_PORT.test(form)) {
      return null;
    }
  }
  if (/^[/.?#]/.test(link)) return null;
  let url: URL;
  try {
    url = new URL(/^https?:/i.test(link) ? link : `https://${link}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname === '' || !url.hostname.includes('.') || url.username !== '' || url.password !== '') {
    return null;
  }
  return url.href;
}
