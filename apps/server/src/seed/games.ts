import { GameCategory, VN_LOTTERY_VENDOR, type GameLaunchTarget } from '@wps/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameMatches, games, gameVendors, merchants, type ArtSpec } from '../db/schema/index.js';
import { seedLobby } from './lobby.js';
import { demoMerchants } from './merchants.js';

/**
 * The demo game catalogue: original vendors and games (no real brand or provider names), drawn
 * by seed/artwork.ts. Every vendor launches through the server's own `demo` adapter.
 */

export interface GameSeed {
  code: string;
  name: string;
  /** Lottery games: the prize mode the launch carries. */
  prizeMode?: string;
  freeplay?: boolean;
  hot?: number;
  /** A retired game: stored but never listed. */
  disabled?: boolean;
}

export interface VendorSeed {
  code: string;
  name: string;
  category: GameCategory;
  colors: [string, string];
  games: GameSeed[];
  maintenance?: boolean;
}

const C = GameCategory;

export const DEMO_VENDORS: readonly VendorSeed[] = [
  {
    code: 'NOVA_LOTTO',
    name: 'Nova Lottery',
    category: C.LOTT,
    colors: ['#1d3a8a', '#f5b531'],
    games: [
      { code: 'NOVA_FAST3', name: 'Fast 3', prizeMode: 'FAST3', hot: 2 },
      { code: 'NOVA_PICK5', name: 'Pick 5 Classic', prizeMode: 'PICK5' },
      { code: 'NOVA_DAILY4', name: 'Daily 4', prizeMode: 'DAILY4' },
      { code: 'NOVA_LUCKY10', name: 'Lucky 10 Race', prizeMode: 'LUCKY10' },
      { code: 'NOVA_KENO80', name: 'Keno 80', prizeMode: 'KENO80' },
    ],
  },
  {
    code: 'PRISM_LOTTO',
    name: 'Prism Lottery',
    category: C.LOTT,
    colors: ['#5b2a86', '#f06292'],
    games: [
      { code: 'PRISM_3D', name: 'Prism 3D', prizeMode: 'PRISM3D' },
      { code: 'PRISM_RAINBOW6', name: 'Rainbow 6', prizeMode: 'RAINBOW6' },
      { code: 'PRISM_HOURLY', name: 'Hourly Draw', prizeMode: 'HOURLY' },
    ],
  },
  {
    code: 'TIDE_LOTTO',
    name: 'Tide Lottery',
    category: C.SEA_LOTT,
    colors: ['#006d77', '#83c5be'],
    games: [
      { code: 'TIDE_HARBOUR4D', name: 'Harbour 4D', prizeMode: 'HARBOUR4D', hot: 8 },
      { code: 'TIDE_ISLAND5D', name: 'Island 5D', prizeMode: 'ISLAND5D' },
      { code: 'TIDE_MONSOON', name: 'Monsoon 6/45', prizeMode: 'MONSOON645' },
    ],
  },
  {
    code: VN_LOTTERY_VENDOR,
    name: 'Lotto VN',
    category: C.VN_LOTT,
    colors: ['#c1121f', '#ffd166'],
    games: [
      { code: 'VN_NORTH', name: 'Northern Draw', prizeMode: 'NORTH' },
      { code: 'VN_CENTRAL', name: 'Central Draw', prizeMode: 'CENTRAL' },
      { code: 'VN_SOUTH', name: 'Southern Draw', prizeMode: 'SOUTH' },
      { code: 'VN_QUICK45', name: 'Quick 45 Seconds', prizeMode: 'QUICK45' },
    ],
  },
  {
    code: 'PIXEL_ELOTT',
    name: 'Pixel E-Lotto',
    category: C.ELOTT,
    colors: ['#3a0ca3', '#4cc9f0'],
    games: [
      { code: 'PX_DICE', name: 'Pixel Dice', freeplay: true },
      { code: 'PX_WHEEL', name: 'Colour Wheel' },
      { code: 'PX_RUSH', name: 'Number Rush' },
    ],
  },
  {
    code: 'ARENA_SPORTS',
    name: 'Arena Sports',
    category: C.SPORTS,
    colors: ['#1b4332', '#95d5b2'],
    games: [
      { code: 'ARENA_BOOK', name: 'Arena Sportsbook', hot: 6 },
      { code: 'ARENA_VFOOT', name: 'Virtual Football' },
    ],
  },
  {
    code: 'KICKOFF_SPORTS',
    name: 'Kickoff Sports',
    category: C.SPORTS,
    colors: ['#14213d', '#fca311'],
    games: [
      { code: 'KO_LIVE', name: 'Kickoff Live Betting' },
      { code: 'KO_ESPORTS', name: 'Esports Cup' },
    ],
  },
  {
    code: 'VELVET_LIVE',
    name: 'Velvet Live',
    category: C.LIVE,
    colors: ['#6a040f', '#e85d04'],
    games: [
      { code: 'VV_BACCARAT', name: 'Velvet Baccarat', hot: 3 },
      { code: 'VV_ROULETTE', name: 'Velvet Roulette' },
      { code: 'VV_DRAGON', name: 'Dragon and Tiger Duel' },
      { code: 'VV_SICBO', name: 'Sic Bo Hall' },
    ],
  },
  {
    code: 'HALO_LIVE',
    name: 'Halo Live',
    category: C.LIVE,
    colors: ['#22223b', '#c9ada7'],
    games: [
      { code: 'HL_BLACKJACK', name: 'Halo Blackjack' },
      { code: 'HL_SPEEDBAC', name: 'Speed Baccarat' },
      { code: 'HL_WHEEL', name: 'Wheel of Stars' },
    ],
  },
  {
    code: 'STARLIGHT',
    name: 'Starlight Slots',
    category: C.RNG,
    colors: ['#10002b', '#e0aaff'],
    games: [
      { code: 'SL_GOLDEN_COMET', name: 'Golden Comet', freeplay: true, hot: 1 },
      { code: 'SL_NEBULA', name: 'Nebula Nights', freeplay: true },
      { code: 'SL_COMET_CASH', name: 'Comet Cash' },
      { code: 'SL_POLAR', name: 'Polar Lights' },
      { code: 'SL_FORGE', name: 'Star Forge' },
      { code: 'SL_100_WILD', name: '100% Wild' },
    ],
  },
  {
    code: 'LUCKY_REELS',
    name: 'Lucky Reels',
    category: C.RNG,
    colors: ['#9d0208', '#ffba08'],
    games: [
      { code: 'LR_FORTUNE_FOX', name: 'Fortune Fox' },
      { code: 'LR_JADE', name: 'Jade Temple' },
      { code: 'LR_CANDY', name: 'Candy Cascade', freeplay: true },
      { code: 'LR_BUFFALO', name: 'Prairie Run' },
      { code: 'LR_HOT_SHOT', name: 'Hot_Shot Sevens' },
      { code: 'LR_RETIRED', name: 'Retired Reels', disabled: true },
    ],
  },
  {
    code: 'MOONSPIN',
    name: 'Moonspin',
    category: C.RNG,
    colors: ['#03045e', '#90e0ef'],
    games: [
      { code: 'MS_MOON_RABBIT', name: 'Moon Rabbit', freeplay: true, hot: 4 },
      { code: 'MS_LANTERN', name: 'Lantern Festival' },
      { code: 'MS_CRYSTAL', name: 'Crystal Caverns' },
      { code: 'MS_TIDES', name: 'Silver Tides' },
    ],
  },
  {
    code: 'OAK_TABLE',
    name: 'Oak Table Games',
    category: C.TABLE,
    colors: ['#3e2723', '#a1887f'],
    games: [
      { code: 'OAK_BLACKJACK', name: 'Classic Blackjack', hot: 10 },
      { code: 'OAK_ROULETTE', name: 'European Roulette' },
      { code: 'OAK_3CARD', name: 'Three Card Poker' },
      { code: 'OAK_HOLDEM', name: 'Table Holdem' },
    ],
  },
  {
    code: 'CORAL_FISH',
    name: 'Coral Fishing',
    category: C.FISH,
    colors: ['#023e8a', '#48cae4'],
    games: [
      { code: 'CF_REEF', name: 'Reef Hunter', freeplay: true, hot: 7 },
      { code: 'CF_WHALE', name: 'Golden Whale' },
      { code: 'CF_DEEP', name: 'Deep Sea Blast' },
    ],
  },
  {
    code: 'DUEL_HOUSE',
    name: 'Duel House',
    category: C.PVP,
    colors: ['#283618', '#dda15e'],
    games: [
      { code: 'DH_CARDS', name: 'Card Duel' },
      { code: 'DH_TILES', name: 'Tile Duel' },
      { code: 'DH_DOMINO', name: 'Domino Clash' },
      { code: 'DH_CHESS', name: 'Quick Chess', freeplay: true },
    ],
  },
  {
    code: 'ROCKET_RUN',
    name: 'Rocket Run Studio',
    category: C.CRASH,
    colors: ['#370617', '#f48c06'],
    games: [
      { code: 'RR_ROCKET', name: 'Rocket Run', freeplay: true, hot: 5 },
      { code: 'RR_BALLOON', name: 'Balloon Pop' },
      { code: 'RR_MINES', name: 'Mine Field' },
      { code: 'RR_PLINKO', name: 'Peg Drop' },
    ],
  },
  {
    code: 'NEON_ARCADE',
    name: 'Neon Arcade',
    category: C.ARCADE,
    colors: ['#240046', '#ff006e'],
    games: [
      { code: 'NA_SNAKE', name: 'Neon Snake', freeplay: true, hot: 9 },
      { code: 'NA_BLOCKS', name: 'Block Breaker' },
      { code: 'NA_PUSHER', name: 'Coin Pusher' },
      { code: 'NA_BLASTER', name: 'Space Blaster' },
      { code: 'NA_GEMS', name: 'Gem Match' },
    ],
  },
  {
    code: 'RETRO_ARCADE',
    name: 'Retro Arcade',
    category: C.ARCADE,
    colors: ['#2b2d42', '#8d99ae'],
    maintenance: true,
    games: [
      { code: 'RA_PINBALL', name: 'Pinball Night' },
      { code: 'RA_RACER', name: 'Pixel Racer' },
    ],
  },
];

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
