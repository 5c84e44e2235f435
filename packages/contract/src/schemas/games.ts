import { z } from 'zod';
import {
  ANNOUNCEMENT_MAX_PAGE_SIZE,
  ANNOUNCEMENT_TYPES,
  DEMO_LOTTERY,
  DEMO_VN_LOTTERY,
  GAME_CATEGORIES,
  GAME_LIST_MAX_PAGE_SIZE,
  GAME_SEARCH_MAX_LENGTH,
  SEA_LOTTERY_MODE,
  type AnnouncementType,
  type GameCategory,
} from '../games.js';
import { pageNumber, queryText } from './common.js';

// ---- game catalogue and lobby content (read side) ---------------------------------------------

const platformParam = z.literal('M').optional();

export const gameListQuerySchema = z.object({
  category: z.enum(GAME_CATEGORIES as [GameCategory, ...GameCategory[]]).optional(),
  vendor: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/)
    .optional(),
  // Trimmed before the length check; an all-blank search is no search.
  search: z
    .string()
    .transform((text) => text.trim())
    .pipe(queryText(GAME_SEARCH_MAX_LENGTH))
    .optional(),
  page: pageNumber(100_000).optional(),
  pageSize: pageNumber(GAME_LIST_MAX_PAGE_SIZE).optional(),
});
export type GameListQuery = z.input<typeof gameListQuerySchema>;

/** GCSGAME_newGameVendor: the logo format (spec section 7: webp or avif; png when absent). */
export const vendorListQuerySchema = z.object({ ext: z.enum(['webp', 'avif']).optional() });

export const bannerListQuerySchema = z.object({ platform: platformParam });

export const popupAnnouncementQuerySchema = z.object({ platform: platformParam });

export const announcementListQuerySchema = z.object({
  /** A comma-separated list of AnnouncementType, each at most once. */
  types: z
    .string()
    .max(40)
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(
      z
        .array(z.enum(ANNOUNCEMENT_TYPES as [AnnouncementType, ...AnnouncementType[]]))
        .min(1)
        .refine((types) => new Set(types).size === types.length, 'each type at most once'),
    ),
  platform: platformParam,
  category: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  // Any id a link may carry (the client allows 64 characters); one that names no row finds nothing.
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  page: pageNumber(100_000).optional(),
  pageSize: pageNumber(ANNOUNCEMENT_MAX_PAGE_SIZE).optional(),
});
/** GET MCSFE_getListAnnouncements query (spec section 7: types PR, platform M, category). */
export type AnnouncementListQuery = z.input<typeof announcementListQuerySchema>;

// ---- game launch, the demo game and the member's game lists ------------------------------------

const gameCodeText = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, '1 to 100 letters, digits, _ . : -');
/** A game row id: an integer column, so ids past 2^31 - 1 are refused here, not by the database. */
const gameIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'a game id')
  .refine((text) => Number(text) <= 2_147_483_647, 'a game id');
/** The launch's back URL: any text here; the server keeps it only when it is a safe /m/ path. */
const backUrlText = z.string().max(65_536).optional();

/**
 * GET /wps/game/launchGame (LaunchGameQuery): a lottery launch (launchMode LOTT with lottoPrizeMode,
 * or lottoMode SEA_Tradition_Mobile) names lottoGameCode, except for the lobby view (lottoView
 * lobby); a vendor launch names vendor and gameCode.
 */
export const launchGameQuerySchema = z
  .object({
    launchMode: z.literal('LOTT').optional(),
    lottoArea: queryText(64).optional(),
    lottoPrizeMode: queryText(64).optional(),
    lottoMode: z.literal(SEA_LOTTERY_MODE).optional(),
    lottoGameCode: gameCodeText.optional(),
    lottoView: z.enum(['betting', 'lobby']).optional(),
    vendor: gameCodeText.optional(),
    gameCode: gameCodeText.optional(),
    prizeMode: queryText(64).optional(),
    device: queryText(16).optional(),
    backUrl: backUrlText,
    // A query string carries it as text; the client's type lets it pass the boolean.
    hasLobby: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    language: queryText(16).optional(),
    title: queryText(200).optional(),
    labelName: queryText(200).optional(),
  })
  .refine(
    (query) =>
      query.launchMode !== undefined || query.lottoMode !== undefined
        ? query.lottoGameCode !== undefined || query.lottoView === 'lobby'
        : query.vendor !== undefined && query.gameCode !== undefined,
    'a lottery launch needs lottoGameCode (except the lobby view); any other launch needs vendor and gameCode',
  );
/**
 * GET /wps/game/launchGame query (spec section 7). A lottery launch carries launchMode LOTT with
 * lottoPrizeMode, or lottoMode SEA_Tradition_Mobile for the sea lottery; a vendor launch (the
 * Vietnam lottery and every other game) carries vendor and gameCode (with prizeMode for the Vietnam
 * lottery). Every launch: device MOBILE, backUrl, hasLobby, language; title and labelName optional.
 */
export type LaunchGameQuery = z.input<typeof launchGameQuerySchema>;

/** GET /wps/relay/GCS_gameTrialLaunch (TrialLaunchQuery), with an optional backUrl. */
export const trialLaunchQuerySchema = z.object({
  gameId: gameIdText,
  nodeId: z.string().min(1).max(64),
  platform: z.literal('html5'),
  backUrl: backUrlText,
  language: queryText(16).optional(),
});
/** GET /wps/relay/GCS_gameTrialLaunch query (spec section 7). */
export type TrialLaunchQuery = z.input<typeof trialLaunchQuerySchema>;

/** POST /wps/relay/toggleFavoriteGame (FavouriteToggle). */
export const favouriteToggleSchema = z.object({ gameId: gameIdText, favourite: z.boolean() });
export type FavouriteToggle = z.output<typeof favouriteToggleSchema>;

/** POST /demo-game/api/redeem: the launch ticket from the game URL. */
export const demoRedeemSchema = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });
export type DemoRedeemPayload = z.input<typeof demoRedeemSchema>;

/** The session's stakes are checked by the server: they depend on the session's currency. */
const demoStake = z.number().int().positive().max(1_000_000_000);

/** POST /demo-game/api/round of the pick-3 lottery: DEMO_LOTTERY.pickCount distinct numbers of 1..numberMax. */
export const demoPick3RoundSchema = z.strictObject({
  picks: z
    .array(z.number().int().min(1).max(DEMO_LOTTERY.numberMax))
    .length(DEMO_LOTTERY.pickCount)
    .refine((picks) => new Set(picks).size === picks.length, 'the numbers must differ'),
  stake: demoStake,
});

/** … of the Vietnam lottery: one number 0..99 (shown 00–99). */
export const demoVnRoundSchema = z.strictObject({
  number: z.number().int().min(0).max(DEMO_VN_LOTTERY.numberMax),
  stake: demoStake,
});

/** … of the slot: the stake only. */
export const demoSlotRoundSchema = z.strictObject({ stake: demoStake });

/** A round of any of the three games (their fields tell them apart; the server checks the session's). */
export const demoRoundSchema = z.union([demoPick3RoundSchema, demoVnRoundSchema, demoSlotRoundSchema]);
export type DemoRoundPayload = z.input<typeof demoRoundSchema>;
