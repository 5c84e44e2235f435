import { GAME_CATEGORY_ORDINAL } from './firstLoadConstants.js';
import { AppPath } from './routes.js';
import type { GameVendorSettings } from './system.js';

/**
 * The game catalogue as the lobby, the game area and the category pages see it (spec sections 2, 3
 * and 7), and the launch calls. The spec shows only the field names of the game category card and
 * the launch result; the rest of these shapes are this product's own and documented here.
 */

/** Game categories. LOTT is the lottery; SEA_LOTT and VN_LOTT are its sea and Vietnam variants. */
export const GameCategory = {
  LOTT: 'LOTT',
  VN_LOTT: 'VN_LOTT',
  SEA_LOTT: 'SEA_LOTT',
  ELOTT: 'ELOTT',
  SPORTS: 'SPORTS',
  LIVE: 'LIVE',
  RNG: 'RNG',
  TABLE: 'TABLE',
  FISH: 'FISH',
  PVP: 'PVP',
  CRASH: 'CRASH',
  ARCADE: 'ARCADE',
} as const;
export type GameCategory = (typeof GameCategory)[keyof typeof GameCategory];
export const GAME_CATEGORIES: readonly GameCategory[] = Object.values(GameCategory);

export function isGameCategory(value: unknown): value is GameCategory {
  return typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value);
}

/** The lottery variants and their offset from the lottery's ordinal (spec section 9: +5 and +1). */
export const LOTTERY_VARIANT_OFFSET: Partial<Record<GameCategory, number>> = {
  [GameCategory.SEA_LOTT]: GAME_CATEGORY_ORDINAL.lotteryVariantOffsets[0],
  [GameCategory.VN_LOTT]: GAME_CATEGORY_ORDINAL.lotteryVariantOffsets[1],
};

/** The public page of each category (spec section 2); the lottery and its variants live in /m/game. */
export const CATEGORY_PAGE: Partial<Record<GameCategory, AppPath>> = {
  [GameCategory.ELOTT]: AppPath.elott,
  [GameCategory.SPORTS]: AppPath.sports,
  [GameCategory.LIVE]: AppPath.live,
  [GameCategory.RNG]: AppPath.rng,
  [GameCategory.TABLE]: AppPath.table,
  [GameCategory.FISH]: AppPath.fish,
  [GameCategory.PVP]: AppPath.pvp,
  [GameCategory.CRASH]: AppPath.crash,
  [GameCategory.ARCADE]: AppPath.arcade,
};

/** The category a public category page shows, or null for any other path. */
export function categoryOfPage(path: string): GameCategory | null {
  for (const [category, page] of Object.entries(CATEGORY_PAGE)) {
    if (page === path) return category as GameCategory;
  }
  return null;
}

/**
 * The ordinal of a category (spec section 9: steps of 100; lottery variants at +5 and +1):
 * an explicit `gameVendor.ordinal[category]` wins; otherwise the category's place in
 * `gameVendor.sorting` times 100 (the first is 100); a lottery variant without its own ordinal sits
 * just after the lottery (SEA_LOTT at +5, VN_LOTT at +1); a category in neither list goes last, in
 * the order of `GAME_CATEGORIES`.
 */
export function categoryOrdinal(
  category: string,
  settings: Pick<GameVendorSettings, 'ordinal' | 'sorting'>,
): number {
  const explicit = settings.ordinal[category];
  if (typeof explicit === 'number' && Number.isFinite(explicit)) return explicit;
  const step = GAME_CATEGORY_ORDINAL.step;
  const offset = LOTTERY_VARIANT_OFFSET[category as GameCategory];
  if (offset !== undefined) return categoryOrdinal(GameCategory.LOTT, settings) + offset;
  const place = settings.sorting.indexOf(category);
  if (place >= 0) return (place + 1) * step;
  const known = (GAME_CATEGORIES as readonly string[]).indexOf(category);
  const afterSorted = (settings.sorting.length + 1) * step * 10;
  return afterSorted + (known >= 0 ? known : GAME_CATEGORIES.length) * step;
}

/** Items ordered by their category's ordinal; ties keep their order. */
export function sortByCategoryOrdinal<T>(
  items: readonly T[],
  categoryOf: (item: T) => string,
  settings: Pick<GameVendorSettings, 'ordinal' | 'sorting'>,
): T[] {
  return items
    .map((item, index) => ({ item, index, ordinal: categoryOrdinal(categoryOf(item), settings) }))
    .sort((a, b) => a.ordinal - b.ordinal || a.index - b.index)
    .map((entry) => entry.item);
}

// ---- images -----------------------------------------------------------------------------------

/**
 * The image format the browser takes (spec sections 4 and 9), cached by the client as na, webp or
 * avif. `na` means neither: the server's PNG is used.
 */
export type ImageFormat = 'na' | 'webp' | 'avif';

/** The file extension the server answers for a format. */
export function imageExtension(format: ImageFormat): 'png' | 'webp' | 'avif' {
  return format === 'na' ? 'png' : format;
}

/** Game and vendor art: `{imageBase}.{png|webp|avif}`, served by the server with an immutable cache. */
export const GameImagePath = { prefix: '/wps/game/image/' } as const;

export function gameImageUrl(imageBase: string, format: ImageFormat): string {
  return `${imageBase}.${imageExtension(format)}`;
}

/** Width/height ratio of game card art and of vendor logos (the screens reserve the box). */
export const GAME_IMAGE_RATIO = 1;
export const VENDOR_LOGO_RATIO = 2;

// ---- catalogue answers --------------------------------------------------------------------------

/** One game as a card shows it (spec section 3: accountTypeName, displayName, freeplay). */
export interface GameCard {
  gameId: string;
  /** The vendor's own code of the game (lottoGameCode / gameCode of the launch). */
  gameCode: string;
  /** The vendor's launch node (GCS_gameTrialLaunch nodeId). */
  nodeId: string;
  displayName: string;
  /** The vendor's display name. */
  accountTypeName: string;
  vendor: string;
  category: GameCategory;
  /** Offers a trial launch to visitors. */
  freeplay: boolean;
  /** Rank among the hot games, 1 the hottest; null when not hot. */
  hotRank: number | null;
  /** `{imageBase}.{ext}` is the art (gameImageUrl). */
  imageBase: string;
  /** How the card launches: a lottery by its prize mode / sea mode / Vietnam vendor, or a vendor game. */
  launch: GameLaunchTarget;
}

export type GameLaunchTarget =
  | { kind: 'lottery'; prizeMode: string; playType: 'NORMAL' | 'SEA' }
  | { kind: 'vnLottery'; vendor: typeof VN_LOTTERY_VENDOR; prizeMode: string }
  | { kind: 'vendor' };

/** The game category card (spec section 3): a category with its first games and vendors. */
export interface GameCategoryCard {
  category: GameCategory;
  /** The category's title from `gameVendor.mapping`, else its code. */
  title: string;
  cards: GameCard[];
  gameClassify: { vendors: string[] };
  gameCount: number;
}

/** A vendor (GCSGAME_newGameVendor), with its logo in the asked format. */
export interface GameVendorInfo {
  vendor: string;
  displayName: string;
  category: GameCategory;
  gameCount: number;
  /** The logo URL in the requested `ext` (png when none was asked). */
  logoUrl: string;
  maintenance: boolean;
}

export const GAME_LIST_DEFAULT_PAGE_SIZE = 24;
export const GAME_LIST_MAX_PAGE_SIZE = 60;
export const GAME_SEARCH_MAX_LENGTH = 40;
export const HOT_GAMES_LIMIT = 12;
export const RECENT_GAMES_LIMIT = 12;
export const FAVOURITE_GAMES_LIMIT = 100;

export interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A sports fixture (GCSGAME_getGameMatchV2; the common store's gameMatches). */
export interface GameMatch {
  matchId: string;
  league: string;
  home: string;
  away: string;
  /** ISO 8601. */
  startTime: string;
  odds: { home: number; draw: number | null; away: number };
  /** The sports game the match opens. */
  gameId: string;
}

/** A recent win (GCSGAME_getRankList), the member's name masked by the server. */
export interface RankEntry {
  maskedName: string;
  gameName: string;
  gameId: string;
  amount: number;
  /** The money's currency code; empty for play credit. */
  currency: string;
  /**
   * Won with play credit (the demo games, a trial): not money, so never shown as money. Absent on an
   * upstream's list, whose wins are money.
   */
  playCredit?: boolean;
  /** ISO 8601. */
  at: string;
}

// ---- launch -----------------------------------------------------------------------------------

/** The Vietnam lottery's vendor code (spec section 2: /m/launchGame?vendor=TCG_LOTTO_VN). */
export const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';
/** The sea lottery's mode (spec section 7: lottoMode SEA_Tradition_Mobile). */
export const SEA_LOTTERY_MODE = 'SEA_Tradition_Mobile';
/** The language the Vietnam lottery always launches in (spec section 3). */
export const VN_LOTTERY_LANGUAGE = 'VI';

export type LottoView = 'betting' | 'lobby';

/** The game launch result (spec section 3: success, value.gameUrl). */
export interface GameLaunchValue {
  gameUrl: string;
}

/** A launch ticket is good for one redemption within this time. */
export const LAUNCH_TICKET_TTL_MS = 60_000;

/** The demo game the reference server ships (its vendor adapter answers this URL). */
export const DemoGamePath = {
  page: '/demo-game/',
  /** Every call of the demo game's own API starts with this (rate limited like /wps). */
  apiPrefix: '/demo-game/api/',
  redeem: '/demo-game/api/redeem',
  round: '/demo-game/api/round',
  /** GET: the session's last rounds, newest first. */
  rounds: '/demo-game/api/rounds',
} as const;

/**
 * The demo vendor's three games, chosen by the launched game's kind: a lottery launch plays the pick-3
 * lottery ("Lucky Ten"), a Vietnam lottery launch the 2-digit Vietnam lottery (in Vietnamese), any
 * other game the slot.
 */
export const DEMO_GAME_KINDS = ['pick3', 'vn2d', 'slot'] as const;
export type DemoGameKind = (typeof DEMO_GAME_KINDS)[number];

/**
 * The Vietnam lottery (đề): pick a number 00–99; a five-digit special prize is drawn and a number
 * equal to its last two digits pays `payMultiplier` times the stake (a 1 in 100 chance: 95 % return).
 */
export const DEMO_VN_LOTTERY = { numberMax: 99, prizeDigits: 5, payMultiplier: 95 } as const;

/** The slot: three reels of these symbols (index = the number drawn), one line across the middle. */
export const DEMO_SLOT = { reels: 3, symbols: ['7', 'BAR', 'Bell', 'Cherry', 'Lemon'] } as const;

/**
 * The demo lottery: pick DEMO_PICK_COUNT distinct numbers from 1..DEMO_NUMBER_MAX. `stakes` are play
 * credit (a trial); a real-money session offers `stakeUnits` times the currency's stake unit.
 */
export const DEMO_LOTTERY = {
  pickCount: 3,
  numberMax: 10,
  trialCredit: 1_000,
  stakes: [10, 20, 50],
  stakeUnits: [1, 2, 5],
} as const;

/** The demo game's session as its page shows it (POST /demo-game/api/redeem, GET …/session). */
export interface DemoSessionView {
  game: { displayName: string };
  /** Which of the demo vendor's games the session plays. */
  kind: DemoGameKind;
  /** The page's language: `vi` for the Vietnam lottery, else `en`. */
  language: 'en' | 'vi';
  /** Play credit, or the member's cash balance in minor units of `currency` (a real-money session). */
  credit: number;
  /** A visitor's or a free-play launch: play credit, never money. */
  trial: boolean;
  /** The wallet's currency of a real-money session; null for play credit. */
  currency: string | null;
  /** Digits after the decimal point of `currency` (0 for play credit). */
  exponent: number;
  /** The stakes offered, in the units of `credit`. */
  stakes: number[];
  backUrl: string;
}

/** The redeemed launch ticket: the session and the token its page plays with. */
export interface DemoRedeemResult extends DemoSessionView {
  playToken: string;
}

/**
 * One round (POST /demo-game/api/round): what was drawn (pick-3: the numbers; Vietnam lottery: the
 * special prize; slot: the symbols of the reels), how much of it matched (pick-3: the picks drawn;
 * Vietnam lottery: 1 or 0; slot: the reels showing the paying symbol, 0 for none), and the win.
 */
export interface DemoRoundResult {
  drawn: number[];
  matches: number;
  /** In the units of `credit`. */
  payout: number;
  credit: number;
}

/** A past round of the session (GET /demo-game/api/rounds): a win not yet paid is `pending`. */
export interface DemoRoundView {
  at: string;
  picks: number[];
  drawn: number[];
  stake: number;
  payout: number;
  state: 'settled' | 'pending' | 'refunded';
}

// ---- lobby content ----------------------------------------------------------------------------

/** Banner link types (spec section 3): P a promotion, URL a link, G a game. */
export type BannerLinkageType = 'P' | 'URL' | 'G';

/** A banner (spec section 3: linkageType, linkage, roomId, nodeId, gameType, vendor). */
export interface Banner {
  id: string;
  title: string;
  /** `{imageBase}.{ext}`, 2:1 wide. */
  imageBase: string;
  linkageType: BannerLinkageType;
  /** P: the promotion (PR announcement) id; URL: the link; G: the game code (roomId its prize mode). */
  linkage: string;
  roomId: string | null;
  nodeId: string | null;
  gameType: GameCategory | null;
  vendor: string | null;
}

export const BANNER_RATIO = 2;

/** Announcement types: a marquee line, a popup page, a promotion (PR). */
export type AnnouncementType = 'MARQUEE' | 'POPUP' | 'PR';
export const ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['MARQUEE', 'POPUP', 'PR'];

/** Who an announcement is written for (the popup shows a member and a visitor only their own). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'visitors', 'members'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export interface Announcement {
  id: string;
  type: AnnouncementType;
  /** Absent: everyone (an upstream's answer has none). */
  audience?: AnnouncementAudience;
  /** e.g. app_download; null for the general list. */
  category: string | null;
  title: string;
  /** Plain text; the client never renders it as HTML. */
  content: string;
  /**
   * Issue 15: a promotion's rich text, a small HTML subset (p, br, strong, em, u, ul, ol, li, h3,
   * a href) that the client sanitises before it renders anything; absent or null: `content` only.
   */
  richContent?: string | null;
  /** Issue 15: a promotion's terms and conditions, plain text; absent or null: none. */
  terms?: string | null;
  /** `{imageBase}.{ext}` or null. */
  imageBase: string | null;
  /** ISO 8601 window; the server answers only announcements inside it. */
  startTime: string;
  endTime: string | null;
}

export const ANNOUNCEMENT_MAX_PAGE_SIZE = 50;

/**
 * The popup announcement and its options (spec section 3). `delay` is the autoplay interval;
 * `waitSeconds` the time before it may be closed. Without forcePopup the popup shows once per
 * session, and never again the same day after "don't show again today"; with forcePopup it shows
 * every time the home opens and offers no today checkbox. forceRead: closing waits until every
 * page has been seen. outsideClose: a tap outside closes it (once closing is allowed).
 */
export interface AnnouncementPopup {
  popupList: Announcement[];
  autoplay: boolean;
  delay: number;
  showClose: boolean;
  showTodayCheckbox: boolean;
  showPagination: boolean;
  forceRead: boolean;
  forcePopup: boolean;
  outsideClose: boolean;
  waitSeconds: number;
}
