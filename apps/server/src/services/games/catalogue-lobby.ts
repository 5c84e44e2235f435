import {
  isGameCategory,
  type Announcement,
  type AnnouncementPopup,
  type AnnouncementType,
  type Banner,
  type GameMatch,
  type Paged,
} from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  announcementPopupOptions,
  announcements,
  announcementTranslations,
  bannerTranslations,
  banners,
  gameMatches,
  games,
} from '../../db/schema/index.js';
import { bannerImageId, imageBase, renderImage, type ImageCache, type ImageExtension } from './art.js';
import { gameEnabledFor } from './merchant-overrides.js';

/**
 * The lobby content of a merchant: banners, announcements, the popup with its options, and the
 * sports fixtures. Everything dated is answered only inside its window, by the app's clock.
 */

export const ANNOUNCEMENT_DEFAULT_PAGE_SIZE = 20;
export const GAME_MATCHES_LIMIT = 50;

/** What the popup does for a merchant that has not configured it. */
export const DEFAULT_POPUP_OPTIONS: Omit<AnnouncementPopup, 'popupList'> = {
  autoplay: true,
  delay: 5000,
  showClose: true,
  showTodayCheckbox: true,
  showPagination: true,
  forceRead: false,
  forcePopup: false,
  outsideClose: true,
  waitSeconds: 0,
};

const MAX_ROW_ID = 2_147_483_647;

function isRowId(text: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= MAX_ROW_ID;
}

/** starts_at ≤ now < ends_at, an open end never closing. */
function inWindow(startsAt: PgColumn, endsAt: PgColumn, now: Date): SQL {
  return and(lte(startsAt, now), or(isNull(endsAt), gt(endsAt, now))) as SQL;
}

type BannerRow = typeof banners.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;

export function toBanner(row: BannerRow): Banner {
  return {
    id: String(row.id),
    title: row.title,
    imageBase: imageBase('banner', bannerImageId(row.id, row.artVersion)),
    linkageType: row.linkageType,
    linkage: row.linkage,
    roomId: row.roomId,
    nodeId: row.nodeId,
    gameType: row.gameType !== null && isGameCategory(row.gameType) ? row.gameType : null,
    vendor: row.vendor,
  };
}

type AnnouncementText = Pick<AnnouncementRow, 'title' | 'content' | 'richContent' | 'terms'>;

export function toAnnouncement(row: AnnouncementRow, text: AnnouncementText = row): Announcement {
  return {
    id: String(row.id),
    type: row.type,
    audience: row.audience,
    category: row.category,
    title: text.title,
    content: text.content,
    richContent: text.richContent,
    terms: text.terms,
    imageBase: row.art === null ? null : imageBase('announcement', row.id),
    startTime: row.startsAt.toISOString(),
    endTime: row.endsAt === null ? null : row.endsAt.toISOString(),
  };
}

/**
 * The banners showing now, their titles in `language` where the back office wrote one (issue 30
 * item 5), else as stored (the merchant's default language).
 */
export async function listBanners(
  db: Db,
  merchantId: number,
  now: Date,
  language?: LanguageCode,
): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), inWindow(banners.startsAt, banners.endsAt, now)))
    .orderBy(asc(banners.position), asc(banners.id));
  if (language === undefined || rows.length === 0) return rows.map(toBanner);
  const titles = await db
    .select({ bannerId: bannerTranslations.bannerId, title: bannerTranslations.title })
    .from(bannerTranslations)
    .where(
      and(
        inArray(
          bannerTranslations.bannerId,
          rows.map((row) => row.id),
        ),
        eq(bannerTranslations.language, language),
      ),
    );
  const titleOf = new Map(titles.map((row) => [row.bannerId, row.title]));
  return rows.map((row) => ({ ...toBanner(row), title: titleOf.get(row.id) ?? row.title }));
}

export interface AnnouncementListRequest {
  types: readonly AnnouncementType[];
  category?: string;
  id?: string;
  page?: number;
  pageSize?: number;
  /**
   * The request's language (issue 15): announcements with a translation in it are answered in it,
   * the others as stored (the merchant's default language). Absent: as stored.
   */
  language?: LanguageCode;
}

/** The translations of `rows` into `language`, by announcement id. */
async function translationsOf(
  db: Db,
  rows: readonly AnnouncementRow[],
  language: LanguageCode | undefined,
): Promise<Map<number, AnnouncementText>> {
  if (language === undefined || rows.length === 0) return new Map();
  const found = await db
    .select()
    .from(announcementTranslations)
    .where(
      and(
        inArray(
          announcementTranslations.announcementId,
          rows.map((row) => row.id),
        ),
        eq(announcementTranslations.language, language),
      ),
    );
  return new Map(found.map((translation) => [translation.announcementId, translation]));
}

export async function listAnnouncements(
  db: Db,
  merchantId: number,
  request: AnnouncementListRequest,
  now: Date,
): Promise<Paged<Announcement>> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? ANNOUNCEMENT_DEFAULT_PAGE_SIZE;
  // Ids are row numbers; anything else (or beyond the column's range) names no announcement.
  if (request.id !== undefined && !isRowId(request.id)) return { list: [], page, pageSize, total: 0 };
  const conditions: SQL[] = [
    eq(announcements.merchantId, merchantId),
    inArray(announcements.type, [...request.types]),
    inWindow(announcements.startsAt, announcements.endsAt, now),
  ];
  if (request.category !== undefined) conditions.push(eq(announcements.category, request.category));
  if (request.id !== undefined) conditions.push(eq(announcements.id, Number(request.id)));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(announcements).where(where);
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(asc(announcements.position), asc(announcements.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const translations = await translationsOf(db, rows, request.language);
  return {
    list: rows.map((row) => toAnnouncement(row, translations.get(row.id))),
    page,
    pageSize,
    total: total?.value ?? 0,
  };
}

export async function popupAnnouncement(
  db: Db,
  merchantId: number,
  now: Date,
  language: LanguageCode,
): Promise<AnnouncementPopup> {
  const [options] = await db
    .select({ options: announcementPopupOptions.options })
    .from(announcementPopupOptions)
    .where(eq(announcementPopupOptions.merchantId, merchantId));
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, merchantId),
        eq(announcements.type, 'POPUP'),
        inWindow(announcements.startsAt, announcements.endsAt, now),
      ),
    )
    .orderBy(asc(announcements.position), asc(announcements.id));
  const translations = await translationsOf(db, rows, language);
  // Stored options are merged over the defaults so an option added later has a value.
  return {
    ...DEFAULT_POPUP_OPTIONS,
    ...options?.options,
    popupList: rows.map((row) => toAnnouncement(row, translations.get(row.id))),
  };
}

/** Fixtures not yet started of the merchant's offered, enabled games, soonest first. */
export async function listGameMatches(
  db: Db,
  merchantId: number,
  allVendors: readonly string[],
  now: Date,
): Promise<GameMatch[]> {
  if (allVendors.length === 0) return [];
  const rows = await db
    .select({
      id: gameMatches.id,
      gameId: gameMatches.gameId,
      league: gameMatches.league,
      home: gameMatches.home,
      away: gameMatches.away,
      startsAt: gameMatches.startsAt,
      odds: gameMatches.odds,
    })
    .from(gameMatches)
    .innerJoin(games, eq(games.id, gameMatches.gameId))
    .where(
      and(
        inArray(games.vendorCode, [...allVendors]),
        gameEnabledFor(merchantId),
        gt(gameMatches.startsAt, now),
      ),
    )
    .orderBy(asc(gameMatches.startsAt), asc(gameMatches.id))
    .limit(GAME_MATCHES_LIMIT);
  return rows.map((row) => ({
    matchId: String(row.id),
    league: row.league,
    home: row.home,
    away: row.away,
    startTime: row.startsAt.toISOString(),
    odds: row.odds,
    gameId: String(row.gameId),
  }));
}

/** The formats the lobby's `<picture>` takes first: AVIF, else WebP (PNG is the rare fallback). */
const WARM_FORMATS: readonly ImageExtension[] = ['avif', 'webp'];

/**
 * Renders the banners showing now into the image cache, one at a time so that requests are not
 * starved: the first banner of every merchant first (its home page's largest paint), then the others.
 * Returns how many images are now cached.
 */
export async function warmBannerImages(db: Db, cache: ImageCache, now: Date): Promise<number> {
  const rows = await db
    .select({ id: banners.id, merchantId: banners.merchantId, artVersion: banners.artVersion })
    .from(banners)
    .where(inWindow(banners.startsAt, banners.endsAt, now))
    .orderBy(asc(banners.merchantId), asc(banners.position), asc(banners.id));
  const merchantsSeen = new Set<number>();
  const firsts: string[] = [];
  const others: string[] = [];
  for (const row of rows) {
    (merchantsSeen.has(row.merchantId) ? others : firsts).push(bannerImageId(row.id, row.artVersion));
    merchantsSeen.add(row.merchantId);
  }
  let cached = 0;
  for (const id of [...firsts, ...others]) {
    for (const ext of WARM_FORMATS) {
      if ((await renderImage(db, cache, { kind: 'banner', id, ext })) !== null) cached += 1;
    }
  }
  return cached;
}
