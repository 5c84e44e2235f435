import { AppPath } from '@wps/contract/routes';
import { ErrorCode } from '@wps/contract/errorCodes';
import { isLanguageCode } from '@wps/contract/languages';
import { SEA_LOTTERY_MODE, VN_LOTTERY_LANGUAGE, VN_LOTTERY_VENDOR } from '@wps/contract/games';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games, gameVendors, recentGames } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import type { GameAdapters } from './adapters/index.js';
import type { GameRow, VendorRow } from './cards.js';
import { gameEnabledFor, vendorMaintenanceFor } from './merchant-overrides.js';

/** Where a game's back button returns when the launch named no safe place. */
export const DEFAULT_BACK_URL: string = AppPath.home;
export const BACK_URL_MAX_LENGTH = 2048;

/** C0 controls, DEL and the backslash some browsers read as a slash. */
function hasUnsafeCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code <= 0x1f || code === 0x7f || char === '\\') return true;
  }
  return false;
}

/**
 * The back URL a game may return to: only a path of this app (`/m/…`) on this same site. Anything
 * else — another origin (`https://…`, `//host`, `/\host`), a scheme (`javascript:`), a dot segment
 * that climbs out of `/m/`, control characters, more than 2048 characters — becomes `/m/home`.
 * Never fails: a bad back URL must not block the launch.
 */
export function safeBackUrl(value: string | undefined | null): string {
  if (typeof value !== 'string' || value.length > BACK_URL_MAX_LENGTH) return DEFAULT_BACK_URL;
  if (!value.startsWith('/m/') || value.includes('//') || hasUnsafeCharacter(value)) {
    return DEFAULT_BACK_URL;
  }
  const path = value.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return DEFAULT_BACK_URL;
  }
  if (decoded.includes('//') || hasUnsafeCharacter(decoded)) return DEFAULT_BACK_URL;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return DEFAULT_BACK_URL;
  // And as a browser resolves it: still this origin, still under /m/.
  const base = 'http://same-site.invalid';
  const resolved = new URL(value, base);
  if (resolved.origin !== base || !resolved.pathname.startsWith('/m/')) return DEFAULT_BACK_URL;
  return value;
}

/** The language a launch carries to the game: the Vietnam lottery always VI, else the asked one. */
export function launchLanguage(merchant: Merchant, asked: string | undefined, vnLottery: boolean): string {
  if (vnLottery) return VN_LOTTERY_LANGUAGE;
  const upper = asked?.toUpperCase();
  return upper !== undefined && isLanguageCode(upper) ? upper : merchant.defaultLanguage;
}

export interface MerchantGame {
  game: GameRow;
  vendor: VendorRow;
}

/** The vendors a merchant offers (`publicSettings.gameVendor.allVendors`). */
export function merchantVendors(merchant: Merchant): string[] {
  return merchant.settings.gameVendor?.allVendors ?? [];
}

/** The merchant's enabled games matching `where`, in catalogue order. */
async function merchantGames(db: Db, merchant: Merchant, where: SQL | undefined): Promise<MerchantGame[]> {
  const vendors = merchantVendors(merchant);
  if (vendors.length === 0) return [];
  return (
    db
      .select({ game: games, vendor: gameVendors, maintenance: vendorMaintenanceFor(merchant.id) })
      .from(games)
      .innerJoin(gameVendors, eq(gameVendors.code, games.vendorCode))
      .where(and(gameEnabledFor(merchant.id), inArray(games.vendorCode, vendors), where))
      .orderBy(asc(games.position), asc(games.id))
      .limit(1)
      // The merchant's own maintenance tag (the back office's) stands for the vendor's.
      .then((rows) =>
        rows.map((row) => ({ game: row.game, vendor: { ...row.vendor, maintenance: row.maintenance } })),
      )
  );
}

export function gameNotFound(): DomainError {
  return new DomainError(ErrorCode.GAME_NOT_FOUND, 'This game is not available.');
}

/** A game of the merchant by its id (favourites, trial launch), else game_not_found. */
export async function requireMerchantGame(db: Db, merchant: Merchant, gameId: number): Promise<MerchantGame> {
  const [found] = await merchantGames(db, merchant, eq(games.id, gameId));
  if (found === undefined) throw gameNotFound();
  return found;
}

/** What identifies the game of a launch (LaunchGameQuery, already validated). */
export interface LaunchTarget {
  launchMode?: 'LOTT' | undefined;
  lottoMode?: typeof SEA_LOTTERY_MODE | undefined;
  lottoGameCode?: string | undefined;
  lottoPrizeMode?: string | undefined;
  lottoView?: 'betting' | 'lobby' | undefined;
  vendor?: string | undefined;
  gameCode?: string | undefined;
}

/**
 * The game a launch names, among the merchant's enabled games of its vendors:
 * - a lottery launch (launchMode LOTT, or lottoMode SEA_Tradition_Mobile): the game with code
 *   lottoGameCode whose launch kind is `lottery` (playType SEA for the sea lottery);
 * - vendor TCG_LOTTO_VN: the Vietnam lottery game with that gameCode (whatever vendor row serves it);
 * - any other vendor: the game (vendor, gameCode).
 * The prize mode is not part of the game's identity: it is passed on to the vendor.
 */
export async function findLaunchGame(
  db: Db,
  merchant: Merchant,
  target: LaunchTarget,
): Promise<MerchantGame> {
  let where: SQL | undefined;
  if (target.launchMode !== undefined || target.lottoMode !== undefined) {
    const playType = target.lottoMode === SEA_LOTTERY_MODE ? 'SEA' : 'NORMAL';
    const lottery = and(
      sql`${games.launch}->>'kind' = 'lottery'`,
      sql`${games.launch}->>'playType' = ${playType}`,
    );
    if (target.lottoGameCode === undefined)
      return lotteryLobbyGame(db, merchant, lottery, target.lottoPrizeMode);
    where = and(eq(games.gameCode, target.lottoGameCode), lottery);
  } else if (target.vendor === VN_LOTTERY_VENDOR) {
    where = and(eq(games.gameCode, target.gameCode ?? ''), sql`${games.launch}->>'kind' = 'vnLottery'`);
  } else {
    where = and(eq(games.vendorCode, target.vendor ?? ''), eq(games.gameCode, target.gameCode ?? ''));
  }
  const [found] = await merchantGames(db, merchant, where);
  if (found === undefined) throw gameNotFound();
  return found;
}

/**
 * A lottery lobby launch without a game code (lottoView lobby): the merchant's first lottery of that
 * play type, preferring one of the asked prize mode.
 */
async function lotteryLobbyGame(
  db: Db,
  merchant: Merchant,
  lottery: SQL | undefined,
  prizeMode: string | undefined,
): Promise<MerchantGame> {
  if (prizeMode !== undefined) {
    const [matching] = await merchantGames(
      db,
      merchant,
      and(lottery, sql`${games.launch}->>'prizeMode' = ${prizeMode}`),
    );
    if (matching !== undefined) return matching;
  }
  const [first] = await merchantGames(db, merchant, lottery);
  if (first === undefined) throw gameNotFound();
  return first;
}

export function requireNotInMaintenance(vendor: VendorRow): void {
  if (vendor.maintenance) {
    throw new DomainError(
      ErrorCode.GAME_MAINTENANCE,
      'This game is under maintenance. Please try again later.',
    );
  }
}

/** The member's last launch of the game (GCS_recentGame): one row per game, its time moved on. */
export async function recordRecentGame(db: Db, customerId: number, gameId: number, at: Date): Promise<void> {
  await db
    .insert(recentGames)
    .values({ customerId, gameId, playedAt: at })
    .onConflictDoUpdate({ target: [recentGames.customerId, recentGames.gameId], set: { playedAt: at } });
}

export interface LaunchRequest {
  merchant: Merchant;
  customerId: number | null;
  found: MerchantGame;
  trial: boolean;
  backUrl: string;
  language: string;
  origin: string;
  prizeMode: string | null;
}

/** Asks the vendor's adapter for the game URL; a vendor without a working adapter is "in maintenance". */
export async function gameUrlFor(
  adapters: GameAdapters,
  request: LaunchRequest,
  logError: (message: string) => void,
): Promise<string> {
  const { found } = request;
  const adapter = adapters.get(found.vendor.adapter);
  if (adapter === undefined) {
    logError(`game vendor ${found.vendor.code} names an unknown adapter`);
    throw new DomainError(ErrorCode.GAME_MAINTENANCE, 'This game is not available right now.');
  }
  return adapter.launch({
    merchantId: request.merchant.id,
    customerId: request.customerId,
    gameId: found.game.id,
    trial: request.trial,
    backUrl: request.backUrl,
    language: request.language,
    origin: request.origin,
    prizeMode: request.prizeMode,
    currency: request.merchant.currency,
  });
}
