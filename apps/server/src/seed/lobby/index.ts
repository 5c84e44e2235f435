import type { LanguageCode } from '@wps/contract/languages';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  announcementPopupOptions,
  announcements,
  announcementTranslations,
  banners,
  games,
  merchants,
  promoCodes,
  promotionCategories,
} from '../../db/schema/index.js';
import { AURORA } from './aurora.js';
import { LOTUS } from './lotus.js';
import { ORBIT } from './orbit.js';
import type { AnnouncementText, BannerSeed, LobbySeed } from './types.js';

/**
 * The demo lobby content of each demo merchant: home banners, marquee lines, popup pages,
 * promotions and the popup's options. Times are relative to the seeding time; each merchant also
 * gets one item outside its window so the window filter has something to hide. The content is one
 * file per merchant (aurora.ts, lotus.ts, orbit.ts; its shape: types.ts).
 */

export { AURORA_BANNER_GAME } from './aurora.js';

const DAY_MS = 86_400_000;

const LOBBY: Record<string, LobbySeed> = { aurora: AURORA, lotus: LOTUS, orbit: ORBIT };

function daysFrom(now: Date, days: number | undefined, fallback: number | null): Date | null {
  const offset = days ?? fallback;
  return offset === null ? null : new Date(now.getTime() + offset * DAY_MS);
}

/**
 * Writes the lobby content of the demo merchants present, when no lobby content exists at all
 * (an operator who removed some keeps the rest removed). The caller holds the seed lock.
 */
export async function seedLobby(db: Db, now: Date): Promise<void> {
  // One after another: the caller's lock holds one connection, which runs one query at a time.
  const counts = [
    await db.select({ value: count() }).from(banners),
    await db.select({ value: count() }).from(announcements),
    await db.select({ value: count() }).from(announcementPopupOptions),
  ];
  if (counts.some(([row]) => (row?.value ?? 0) > 0)) return;
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.code, Object.keys(LOBBY)));
  for (const merchant of rows) {
    const seed = LOBBY[merchant.code];
    if (seed !== undefined) await seedMerchantLobby(db, merchant.id, seed, now);
  }
}

async function seedMerchantLobby(db: Db, merchantId: number, seed: LobbySeed, now: Date): Promise<void> {
  const keyed = new Map<string, number>();
  for (const [position, item] of seed.announcements.entries()) {
    const [row] = await db
      .insert(announcements)
      .values({
        merchantId,
        type: item.type,
        category: item.category ?? null,
        title: item.title,
        content: item.content,
        richContent: item.richContent ?? null,
        terms: item.terms ?? null,
        art: item.art ?? null,
        audience: item.audience ?? 'all',
        position: position + 1,
        startsAt: daysFrom(now, item.startsInDays, -1) ?? now,
        endsAt: daysFrom(now, item.endsInDays, null),
      })
      .returning({ id: announcements.id });
    if (item.key !== undefined && row !== undefined) keyed.set(item.key, row.id);
    const translations = Object.entries(item.translations ?? {}) as [LanguageCode, AnnouncementText][];
    if (row !== undefined && translations.length > 0) {
      await db.insert(announcementTranslations).values(
        translations.map(([language, text]) => ({
          announcementId: row.id,
          language,
          title: text.title,
          content: text.content,
          richContent: text.richContent ?? null,
          terms: text.terms ?? null,
        })),
      );
    }
  }
  if (seed.categories.length > 0) {
    await db.insert(promotionCategories).values(
      seed.categories.map((category, position) => ({
        merchantId,
        code: category.code,
        name: category.name,
        names: category.names ?? {},
        position: position + 1,
      })),
    );
  }
  for (const code of seed.promoCodes) {
    await db.insert(promoCodes).values({
      merchantId,
      code: code.code,
      announcementId: code.promotion === undefined ? null : (keyed.get(code.promotion) ?? null),
      startsAt: daysFrom(now, code.startsInDays, -1) ?? now,
      endsAt: daysFrom(now, code.endsInDays, null),
    });
  }
  for (const [position, banner] of seed.banners.entries()) {
    const target = await bannerTarget(db, banner, keyed);
    if (target === null) continue;
    await db.insert(banners).values({
      merchantId,
      title: banner.title,
      ...target,
      art: banner.art,
      position: position + 1,
      startsAt: daysFrom(now, banner.startsInDays, -1) ?? now,
      endsAt: daysFrom(now, banner.endsInDays, null),
    });
  }
  if (seed.popup !== null) {
    await db
      .insert(announcementPopupOptions)
      .values({ merchantId, options: seed.popup })
      .onConflictDoNothing();
  }
}

type BannerTarget = Pick<
  typeof banners.$inferInsert,
  'linkageType' | 'linkage' | 'roomId' | 'nodeId' | 'gameType' | 'vendor'
>;

/** The link columns of a banner: a promotion's id, a URL, or a game with its vendor and room. */
async function bannerTarget(
  db: Db,
  banner: BannerSeed,
  keyed: ReadonlyMap<string, number>,
): Promise<BannerTarget | null> {
  const none = { roomId: null, nodeId: null, gameType: null, vendor: null };
  switch (banner.linkageType) {
    case 'P': {
      const id = keyed.get(banner.linkage);
      return id === undefined ? null : { linkageType: 'P', linkage: String(id), ...none };
    }
    case 'URL':
      return { linkageType: 'URL', linkage: banner.linkage, ...none };
    case 'G': {
      const [game] = await db
        .select({
          gameCode: games.gameCode,
          vendor: games.vendorCode,
          category: games.category,
          nodeId: games.nodeId,
          launch: games.launch,
        })
        .from(games)
        .where(and(eq(games.gameCode, banner.linkage), eq(games.enabled, true)))
        .limit(1);
      if (game === undefined) return null;
      return {
        linkageType: 'G',
        linkage: game.gameCode,
        // A lottery banner opens its room, the prize mode (spec section 3: roomId).
        roomId: game.launch.kind === 'vendor' ? null : game.launch.prizeMode,
        nodeId: game.nodeId,
        gameType: game.category,
        vendor: game.vendor,
      };
    }
  }
}
