import { GameCategory, VN_LOTTERY_VENDOR, type GameLaunchTarget } from '@wps/contract/games';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameMatches, games, gameVendors, merchants, type ArtSpec } from '../db/schema/index.js';
import { DEMO_VENDORS, type GameSeed, type VendorSeed } from './game-vendors.js';
import { seedLobby } from './lobby/index.js';
import { demoMerchants } from './merchants.js';

/**
 * The demo game catalogue: original vendors and games (no real brand or provider names), drawn
 * by services/games/artwork.ts. Every vendor launches through the server's own `demo` adapter. The vendors and
 * games themselves: game-vendors.ts.
 */

export { DEMO_VENDORS, type GameSeed, type VendorSeed } from './game-vendors.js';

const C = GameCategory;

/** Launch target of a seeded game: lotteries by prize mode (sea lottery SEA), others by vendor. */
export function launchOf(category: GameCategory, game: GameSeed): GameLaunchTarget {
  const prizeMode = game.prizeMode ?? game.code;
  switch (category) {
    case C.LOTT:
      return { kind: 'lottery', prizeMode, playType: 'NORMAL' };
    case C.SEA_LOTT:
      return { kind: 'lottery', prizeMode, playType: 'SEA' };
    case C.VN_LOTT:
      return { kind: 'vnLottery', vendor: VN_LOTTERY_VENDOR, prizeMode };
    default:
      return { kind: 'vendor' };
  }
}

/** Two to three capitals or digits of a name, for the art. */
export function glyphOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  const letters = words.map((word) => (/^[0-9]+$/.test(word) ? word : word.charAt(0).toUpperCase()));
  return letters.join('').slice(0, 3) || '?';
}

/** Game art: the vendor's colours, turned a little per game so neighbours differ. */
function gameArt(vendor: VendorSeed, index: number, name: string): ArtSpec {
  const [from, to] = vendor.colors;
  return { colors: index % 2 === 0 ? [from, to] : [to, from], glyph: glyphOf(name) };
}

const HOUR_MS = 3_600_000;

/** Fixtures of the sports vendors, relative to the seeding time (one already started). */
const DEMO_MATCHES = [
  {
    game: 'ARENA_BOOK',
    league: 'Harbour Premier League',
    home: 'Riverside FC',
    away: 'Northgate United',
    inHours: 3,
    odds: { home: 1.85, draw: 3.4, away: 4.1 },
  },
  {
    game: 'ARENA_BOOK',
    league: 'Harbour Premier League',
    home: 'Lakeshore Rovers',
    away: 'Old Mill Athletic',
    inHours: 26,
    odds: { home: 2.4, draw: 3.1, away: 2.9 },
  },
  {
    game: 'KO_ESPORTS',
    league: 'Esports Cup',
    home: 'Team Falcon Nine',
    away: 'Blue Comets',
    inHours: 6,
    odds: { home: 1.6, draw: null, away: 2.25 },
  },
  {
    game: 'KO_LIVE',
    league: 'Continental Basketball',
    home: 'Cedar City Owls',
    away: 'Port Royal Sharks',
    inHours: 50,
    odds: { home: 1.95, draw: null, away: 1.9 },
  },
  {
    game: 'ARENA_BOOK',
    league: 'Harbour Premier League',
    home: 'Kingsbridge',
    away: 'Valley Town',
    inHours: -2,
    odds: { home: 2.1, draw: 3.2, away: 3.3 },
  },
] as const;

/** Arbitrary constant naming the catalogue seed among the advisory locks (see db/client.ts). */
const CATALOGUE_LOCK_KEY = 7_345_104;

/**
 * Writes the demo catalogue when the vendor table is empty and the demo lobby content (banners,
 * announcements, popup options) when those tables are empty, so databases created before the
 * catalogue existed get it on their next start. Runs at every start under the start-up lock
 * (lifecycle.ts); its own transaction-scoped advisory lock keeps callers outside it (tests) safe too.
 */
export async function seedGameCatalogue(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(gameVendors);
    if ((existing?.value ?? 0) === 0) {
      await insertCatalogue(tx, now);
      await adoptDemoGameVendorSettings(tx, now);
    }
    await seedLobby(tx, now);
  });
}

async function insertCatalogue(db: Db, now: Date): Promise<void> {
  await db.insert(gameVendors).values(
    DEMO_VENDORS.map((vendor) => ({
      code: vendor.code,
      displayName: vendor.name,
      category: vendor.category,
      adapter: 'demo',
      maintenance: vendor.maintenance ?? false,
      art: { colors: vendor.colors, glyph: glyphOf(vendor.name) },
    })),
  );
  const rows = DEMO_VENDORS.flatMap((vendor, vendorIndex) =>
    vendor.games.map((game, position) => ({
      vendorCode: vendor.code,
      gameCode: game.code,
      nodeId: String(1001 + vendorIndex),
      displayName: game.name,
      category: vendor.category,
      freeplay: game.freeplay ?? false,
      hotRank: game.hot ?? null,
      launch: launchOf(vendor.category, game),
      position: position + 1,
      enabled: game.disabled !== true,
      art: gameArt(vendor, position, game.name),
    })),
  );
  const inserted = await db.insert(games).values(rows).returning({ id: games.id, code: games.gameCode });
  const idOf = new Map(inserted.map((row) => [row.code, row.id]));
  await db.insert(gameMatches).values(
    DEMO_MATCHES.flatMap((match) => {
      const gameId = idOf.get(match.game);
      if (gameId === undefined) return [];
      return [
        {
          gameId,
          league: match.league,
          home: match.home,
          away: match.away,
          startsAt: new Date(now.getTime() + match.inHours * HOUR_MS),
          odds: { ...match.odds },
        },
      ];
    }),
  );
}

/**
 * A database made before the catalogue existed holds the demo merchants with `gameVendor` settings
 * that could name no real vendor (there was none). When the catalogue is first written, those
 * merchants take the demo settings that match it; any other merchant is left as it is.
 */
async function adoptDemoGameVendorSettings(db: Db, now: Date): Promise<void> {
  for (const seed of demoMerchants(now)) {
    const gameVendor = seed.merchant.publicSettings?.gameVendor;
    if (gameVendor === undefined) continue;
    const [row] = await db
      .select({ id: merchants.id, publicSettings: merchants.publicSettings })
      .from(merchants)
      .where(eq(merchants.code, seed.merchant.code));
    if (row === undefined) continue;
    await db
      .update(merchants)
      .set({ publicSettings: { ...row.publicSettings, gameVendor } })
      .where(eq(merchants.id, row.id));
  }
}
