import {
  ContentAdminErrorCode,
  contentStatusOf,
  normalBannerUrl,
  type BannerGameChoice,
  type BannerLinkChoices,
  type StaffBannerList,
  type StaffBannerView,
} from '@wps/contract/contentAdmin';
import { isGameCategory } from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import type { StaffBannerInput } from '@wps/contract/schemas/contentAdmin';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, bannerTranslations, banners, games, merchants } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { catalogueSettingsOf } from '../games/catalogue.js';
import { bannerImageId, imageBase } from '../games/art.js';
import {
  isoOrNull,
  languagesOf,
  notFound,
  requireWindow,
  retireItem,
  splitTexts,
  type ContentAdminDeps,
  type Tx,
} from './lobby-admin-common.js';
import { auditStaffChange } from '../staff/audit-context.js';

/**
 * The back office's banners (issue 30 item 5): per-language titles (the default language's on the
 * row, the others in banner_translations), a window, and a link checked as spec section 2 says.
 */

type BannerRow = typeof banners.$inferSelect;
type LinkColumns = Pick<BannerRow, 'linkageType' | 'linkage' | 'roomId' | 'nodeId' | 'gameType' | 'vendor'>;

function linkInvalid(message: string): DomainError {
  return new DomainError(ContentAdminErrorCode.LINK_INVALID, message);
}

async function viewsOf(
  db: Db | Tx,
  rows: readonly BannerRow[],
  defaultLanguage: LanguageCode,
  now: number,
): Promise<StaffBannerView[]> {
  const translations =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(bannerTranslations)
          .where(
            inArray(
              bannerTranslations.bannerId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((row) => {
    const titles: Partial<Record<LanguageCode, string>> = {};
    for (const translation of translations) {
      if (translation.bannerId === row.id) titles[translation.language] = translation.title;
    }
    titles[defaultLanguage] ??= row.title;
    const window = { startsAt: row.startsAt.toISOString(), endsAt: isoOrNull(row.endsAt) };
    return {
      id: String(row.id),
      status: contentStatusOf(window, now),
      ...window,
      titles,
      linkageType: row.linkageType,
      linkage: row.linkage,
      roomId: row.roomId,
      nodeId: row.nodeId,
      gameType: row.gameType !== null && isGameCategory(row.gameType) ? row.gameType : null,
      vendor: row.vendor,
      art: { colors: row.art.colors, glyph: row.art.glyph },
      imageBase: imageBase('banner', bannerImageId(row.id, row.artVersion)),
      position: row.position,
    };
  });
}

export async function listStaffBanners(deps: ContentAdminDeps, merchantId: number): Promise<StaffBannerList> {
  const languages = await languagesOf(deps.db, merchantId);
  const rows = await deps.db
    .select()
    .from(banners)
    .where(eq(banners.merchantId, merchantId))
    .orderBy(asc(banners.position), asc(banners.id));
  return { ...languages, banners: await viewsOf(deps.db, rows, languages.defaultLanguage, deps.now()) };
}

async function offeredGames(db: Db | Tx, merchantId: number) {
  const [merchant] = await db
    .select({ settings: merchants.publicSettings })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const vendors = catalogueSettingsOf(merchant?.settings.gameVendor).allVendors;
  if (vendors.length === 0) return [];
  return db
    .select({
      vendor: games.vendorCode,
      gameCode: games.gameCode,
      nodeId: games.nodeId,
      category: games.category,
      displayName: games.displayName,
      launch: games.launch,
    })
    .from(games)
    .where(and(inArray(games.vendorCode, vendors), eq(games.enabled, true)))
    .orderBy(asc(games.vendorCode), asc(games.position), asc(games.id));
}

/** What a P banner may open and a G banner launch: the merchant's promotions and offered games. */
export async function bannerLinkChoices(
  deps: ContentAdminDeps,
  merchantId: number,
): Promise<BannerLinkChoices> {
  const promotions = await deps.db
    .select({ id: announcements.id, title: announcements.title })
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.type, 'PR')))
    .orderBy(asc(announcements.position), asc(announcements.id));
  const offered = await offeredGames(deps.db, merchantId);
  const choices: BannerGameChoice[] = offered.flatMap((game) =>
    isGameCategory(game.category)
      ? [
          {
            vendor: game.vendor,
            gameCode: game.gameCode,
            nodeId: game.nodeId,
            gameType: game.category,
            displayName: game.displayName,
            prizeModes: game.launch.kind === 'vendor' ? [] : [game.launch.prizeMode],
          },
        ]
      : [],
  );
  return { promotions: promotions.map((row) => ({ id: String(row.id), title: row.title })), games: choices };
}

/**
 * The link columns as stored, checked as spec section 2 says. P: one of the merchant's promotions
 * (its id). URL: an in-app `/m` path or an absolute http(s) address, never another scheme. G: a game
 * the merchant offers (vendor and game code); its node, category and room (a lottery's prize mode)
 * come from the game, and a category or room given that is not the game's is refused.
 */
async function linkColumns(tx: Tx, merchantId: number, input: StaffBannerInput): Promise<LinkColumns> {
  const none = { roomId: null, nodeId: null, gameType: null, vendor: null };
  const linkage = input.linkage.trim();
  switch (input.linkageType) {
    case 'P': {
      const id = /^[1-9][0-9]{0,9}$/.test(linkage) ? Number(linkage) : 0;
      const [promotion] =
        id > 0 && id <= 2_147_483_647
          ? await tx
              .select({ id: announcements.id })
              .from(announcements)
              .where(
                and(
                  eq(announcements.id, id),
                  eq(announcements.merchantId, merchantId),
                  eq(announcements.type, 'PR'),
                ),
              )
          : [];
      if (promotion === undefined) throw linkInvalid('A P banner opens one of the merchant’s promotions.');
      return { linkageType: 'P', linkage: String(promotion.id), ...none };
    }
    case 'URL': {
      const url = normalBannerUrl(linkage);
      if (url === null) throw linkInvalid('A URL banner links to an /m page or an http(s) address.');
      return { linkageType: 'URL', linkage: url, ...none };
    }
    case 'G': {
      const offered = await offeredGames(tx, merchantId);
      const game = offered.find((item) => item.gameCode === linkage && item.vendor === input.vendor);
      if (game === undefined) throw linkInvalid('A G banner launches a game the merchant offers.');
      const roomId = game.launch.kind === 'vendor' ? null : game.launch.prizeMode;
      const given = { gameType: input.gameType ?? null, roomId: input.roomId ?? null };
      if (
        (given.gameType !== null && given.gameType !== game.category) ||
        (given.roomId !== null && given.roomId !== roomId)
      ) {
        throw linkInvalid('The game type and room must be the game’s own.');
      }
      return {
        linkageType: 'G',
        linkage: game.gameCode,
        roomId,
        nodeId: game.nodeId,
        gameType: game.category,
        vendor: game.vendor,
      };
    }
  }
}

async function ownBanner(tx: Tx, merchantId: number, id: number): Promise<BannerRow> {
  const [row] = await tx
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.merchantId, merchantId)))
    .for('update');
  if (row === undefined) throw notFound();
  return row;
}

async function writeBanner(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number | null,
  input: StaffBannerInput,
): Promise<StaffBannerView> {
  requireWindow(input);
  const view = await deps.db.transaction(async (tx) => {
    const languages = await languagesOf(tx, merchantId);
    const { main, others } = splitTexts(input.titles, languages);
    const columns = {
      title: main,
      ...(await linkColumns(tx, merchantId, input)),
      art: { colors: input.art.colors, glyph: input.art.glyph.trim() },
      position: input.position ?? 0,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    };
    let row: BannerRow | undefined;
    let before: BannerRow | null = null;
    if (id === null) {
      [row] = await tx
        .insert(banners)
        .values({ merchantId, ...columns })
        .returning();
    } else {
      const stored = await ownBanner(tx, merchantId, id);
      before = stored;
      // A new picture gets a new name: the old one stays cached in browsers as immutable.
      // Field by field: jsonb does not keep the keys' order.
      const artChanged =
        stored.art.glyph !== columns.art.glyph ||
        stored.art.colors[0] !== columns.art.colors[0] ||
        stored.art.colors[1] !== columns.art.colors[1];
      const artVersion = stored.artVersion + (artChanged ? 1 : 0);
      [row] = await tx
        .update(banners)
        .set({ ...columns, artVersion })
        .where(eq(banners.id, id))
        .returning();
      await tx.delete(bannerTranslations).where(eq(bannerTranslations.bannerId, id));
    }
    if (row === undefined) throw notFound();
    const bannerId = row.id;
    if (others.length > 0) {
      await tx
        .insert(bannerTranslations)
        .values(others.map(([language, title]) => ({ bannerId, language, title })));
    }
    const [view] = await viewsOf(tx, [row], languages.defaultLanguage, deps.now());
    await auditStaffChange(tx, { before, after: view ?? null });
    return view;
  });
  if (view === undefined) throw notFound();
  await deps.changes.announce(merchantId);
  return view;
}

export function createBanner(deps: ContentAdminDeps, merchantId: number, input: StaffBannerInput) {
  return writeBanner(deps, merchantId, null, input);
}

export function saveBanner(deps: ContentAdminDeps, merchantId: number, id: number, input: StaffBannerInput) {
  return writeBanner(deps, merchantId, id, input);
}

/** Ends the banner's window now (never deletes it: a member may have seen it). */
export function retireBanner(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number,
): Promise<StaffBannerView> {
  return retireItem<BannerRow, StaffBannerView>(deps, merchantId, id, {
    own: ownBanner,
    end: async (tx, rowId, window) =>
      (await tx.update(banners).set(window).where(eq(banners.id, rowId)).returning())[0],
    views: viewsOf,
  });
}
