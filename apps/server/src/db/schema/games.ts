import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { GameLaunchTarget } from '@wps/contract/games';
import { createdAt } from './columns.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';

/* Games and lobby: vendors, the catalogue, matches, favourites and recent games, launch tickets
 * and the demo game's sessions and rounds. */

/**
 * Parameters of generated demo artwork (services/games/artwork.ts draws it as SVG; the image route rasterises
 * it to png, webp or avif). Real catalogues would hold an image URL instead.
 */
export interface ArtSpec {
  /** Two colours of the background gradient, `#rrggbb`. */
  colors: [string, string];
  /** A short label drawn on the art (a few letters or digits). */
  glyph: string;
}

/** Game vendors (providers). A merchant offers the vendors of its `gameVendor.allVendors`. */
export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  displayName: text('display_name').notNull(),
  /** A GameCategory. */
  category: text('category').notNull(),
  /** The name of the launch adapter (services/games/adapters) that turns a launch into a URL. */
  adapter: text('adapter').notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  art: jsonb('art').$type<ArtSpec>().notNull(),
  createdAt: createdAt(),
});

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    nodeId: text('node_id').notNull(),
    displayName: text('display_name').notNull(),
    /** A GameCategory. */
    category: text('category').notNull(),
    freeplay: boolean('freeplay').notNull().default(false),
    /** 1 the hottest; null when not hot. */
    hotRank: integer('hot_rank'),
    /** How a launch addresses it: `{kind:'lottery',…}`, `{kind:'vnLottery',…}` or `{kind:'vendor'}`. */
    launch: jsonb('launch').$type<GameLaunchTarget>().notNull(),
    /** Order within its vendor and category. */
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    art: jsonb('art').$type<ArtSpec>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('games_vendor_code_uq').on(table.vendorCode, table.gameCode),
    index('games_category_idx').on(table.category, table.position),
  ],
);

/** Sports fixtures (GCSGAME_getGameMatchV2). */
export const gameMatches = pgTable('game_matches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  league: text('league').notNull(),
  home: text('home').notNull(),
  away: text('away').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  odds: jsonb('odds').$type<{ home: number; draw: number | null; away: number }>().notNull(),
  createdAt: createdAt(),
});

export const favouriteGames = pgTable(
  'favourite_games',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.gameId] })],
);

/** The last launch of each game by each member (GCS_recentGame). */
export const recentGames = pgTable(
  'recent_games',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.gameId] }),
    index('recent_games_customer_idx').on(table.customerId, table.playedAt),
  ],
);

/** Launch tickets: the SHA-256 of a random ticket, single use, short-lived (LAUNCH_TICKET_TTL_MS). */
export const gameLaunchTickets = pgTable('game_launch_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  /** Null for a visitor's trial launch. */
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  trial: boolean('trial').notNull(),
  backUrl: text('back_url').notNull(),
  language: text('language').notNull(),
  /**
   * A member's real-money launch: the seamless-wallet session token the operator hands the vendor
   * (services/wallet/seamless), and the wallet's currency. Null for play credit (a trial).
   */
  walletToken: text('wallet_token'),
  currency: text('currency'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A redeemed launch: the demo game's play session with its credit (SHA-256 of the play token). */
export const demoGameSessions = pgTable('demo_game_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  gameId: integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
  trial: boolean('trial').notNull(),
  /** Play credit; unused by a real-money session, whose balance is the wallet's. */
  credit: integer('credit').notNull(),
  backUrl: text('back_url').notNull(),
  /**
   * A real-money session (a member's launch): what the vendor keeps to call the operator's seamless
   * wallet, the player id, the wallet token and currency of the launch. All null for play credit.
   */
  player: text('player'),
  walletToken: text('wallet_token'),
  currency: text('currency'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const DEMO_ROUND_STATES = ['betting', 'paying', 'refunding', 'refunded', 'settled', 'failed'] as const;
export type DemoRoundState = (typeof DEMO_ROUND_STATES)[number];

/** Rounds played in the demo game (the rank list's wins come from here). */
export const demoGameRounds = pgTable(
  'demo_game_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => demoGameSessions.id, { onDelete: 'cascade' }),
    picks: jsonb('picks').$type<number[]>().notNull(),
    drawn: jsonb('drawn').$type<number[]>().notNull(),
    /** Play credit, or minor units of `currency` for a real-money round. */
    stake: integer('stake').notNull(),
    payout: integer('payout').notNull(),
    /** Real money only: the currency and the wallet's round and transaction ids (null for play credit). */
    currency: text('currency'),
    walletRound: text('wallet_round'),
    /**
     * Where a real-money round is with the wallet (services/games/demo-money.ts): betting (bet sent,
     * outcome not known yet), paying (bet taken, the win not yet acknowledged), refunding (the bet's
     * outcome was unknown: its rollback not yet acknowledged), refunded, settled, failed (the wallet
     * refused the win or the rollback: for the vendor's staff). Play credit: settled.
     */
    state: text('state', { enum: DEMO_ROUND_STATES }).notNull().default('settled'),
    createdAt: createdAt(),
  },
  (table) => [
    index('demo_game_rounds_payout_idx').on(table.payout, table.createdAt),
    index('demo_game_rounds_pending_idx')
      .on(table.state)
      .where(sql`${table.state} IN ('betting', 'paying', 'refunding')`),
  ],
);
