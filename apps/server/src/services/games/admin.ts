import { ErrorCode } from '@wps/contract/errorCodes';
import type { GameVendorSettings } from '@wps/contract/system';
import { GamesAdminErrorCode, ORDERED_CATEGORIES, type StaffGamesView } from '@wps/contract/gamesAdmin';
import type { StaffActor } from '@wps/contract/staff';
import type { z } from 'zod';
import type * as schemas from '@wps/contract/schemas/gamesAdmin';
import { GAME_CATEGORY_ORDINAL } from '@wps/contract/firstLoadConstants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameVendors, merchantGames, merchantGameVendors, merchants } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { MerchantChanges } from '../merchants/changes.js';
import { gamesView, loadMerchantGames } from './admin-view.js';
import { catalogueSettingsOf, type CatalogueSettings } from './catalogue.js';
import { auditStaffChange } from '../staff/audit-context.js';

/*
 * The back office's Games section, writes (issue 30 item 6). Each write runs in one transaction that
 * holds the merchant's row (so two saves of one merchant never interleave), touches only rows of the
 * actor's merchant, and is announced to every instance (services/merchants/changes.ts) so the member
 * lobby reads it on its next call. The category and vendor order and the offered vendors are the
 * merchant's `gameVendor` settings; a game's enabled flag, hot rank and position, and a vendor's
 * maintenance tag, are the merchant's rows over the catalogue (db/schema/merchant-games.ts).
 */

export interface GamesAdminDeps {
  db: Db;
  changes: MerchantChanges;
  now: () => number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Input<Schema extends z.ZodType> = z.output<Schema>;

function orderInvalid(detail: string): DomainError {
  return new DomainError(GamesAdminErrorCode.ORDER_INVALID, `The order is not valid: ${detail}`);
}

function gameNotFound(): DomainError {
  return new DomainError(ErrorCode.GAME_NOT_FOUND, 'This game is not one of the merchant’s vendors.');
}

function vendorNotFound(): DomainError {
  return new DomainError(GamesAdminErrorCode.VENDOR_NOT_FOUND, 'There is no vendor with this code.');
}

/**
 * `order` names every one of `expected` exactly once (a reorder that drops, repeats or invents an
 * entry would silently lose or duplicate a place).
 */
export function requirePermutation(order: readonly string[], expected: readonly string[]): void {
  const seen = new Set<string>();
  for (const entry of order) {
    if (seen.has(entry)) throw orderInvalid(`${entry} is listed twice.`);
    seen.add(entry);
    if (!expected.includes(entry)) throw orderInvalid(`${entry} is not in this list.`);
  }
  const missing = expected.filter((entry) => !seen.has(entry));
  if (missing.length > 0) throw orderInvalid(`${missing.join(', ')} missing.`);
}

/** The ordinals of spec section 9: 100, 200, … by place; the lottery variants get none (they follow). */
export function ordinalsOf(order: readonly string[]): Record<string, number> {
  return Object.fromEntries(
    order.map((category, index) => [category, (index + 1) * GAME_CATEGORY_ORDINAL.step]),
  );
}

interface Locked {
  tx: Tx;
  merchantId: number;
  settings: CatalogueSettings;
  stored: Partial<GameVendorSettings> | undefined;
}

/** Runs `work` holding the actor's merchant row, announces the change, answers the section. */
async function write(
  deps: GamesAdminDeps,
  actor: StaffActor,
  work: (locked: Locked) => Promise<Partial<GameVendorSettings> | undefined>,
): Promise<StaffGamesView> {
  const merchantId = actor.merchantId;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ publicSettings: merchants.publicSettings })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('update');
    if (row === undefined) throw new DomainError(ErrorCode.MERCHANT_NOT_FOUND, 'The merchant is gone.');
    const stored = row.publicSettings.gameVendor;
    const before = await readGames(tx, merchantId);
    const changed = await work({ tx, merchantId, settings: catalogueSettingsOf(stored), stored });
    if (changed !== undefined) {
      const gameVendor = { ...catalogueSettingsOf(stored), ...stored, ...changed } as GameVendorSettings;
      await tx
        .update(merchants)
        .set({ publicSettings: { ...row.publicSettings, gameVendor }, updatedAt: new Date(deps.now()) })
        .where(eq(merchants.id, merchantId));
    }
    await auditStaffChange(tx, { before, after: await readGames(tx, merchantId) });
  });
  await deps.changes.announce(merchantId);
  return readGames(deps.db, merchantId);
}

export async function readGames(db: Db, merchantId: number): Promise<StaffGamesView> {
  const [row] = await db
    .select({ publicSettings: merchants.publicSettings })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return gamesView(db, merchantId, catalogueSettingsOf(row?.publicSettings.gameVendor));
}

/**
 * Copies the catalogue's defaults into the merchant's rows for every game it has none for, so a
 * write (a renumbered hot list, a category's positions) works on the merchant's rows alone.
 */
async function adoptDefaults(tx: Tx, merchantId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO merchant_games (merchant_id, game_id, enabled, hot_rank, position)
    SELECT ${merchantId}, g.id, g.enabled, g.hot_rank, g.position FROM games g
    ON CONFLICT DO NOTHING`);
}

/** A game of a vendor the merchant offers, else game_not_found (another merchant's, or none). */
async function requireOfferedGame(locked: Locked, gameId: string): Promise<number> {
  const id = Number(gameId);
  const rows = await loadMerchantGames(locked.tx, locked.merchantId, locked.settings.allVendors);
  if (!rows.some((row) => row.id === id)) throw gameNotFound();
  return id;
}

async function requireVendor(tx: Tx, code: string): Promise<{ code: string; category: string }> {
  const [vendor] = await tx
    .select({ code: gameVendors.code, category: gameVendors.category })
    .from(gameVendors)
    .where(eq(gameVendors.code, code));
  if (vendor === undefined) throw vendorNotFound();
  return vendor;
}

export function saveCategoryOrder(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.categoryOrderSchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async ({ stored }) => {
    requirePermutation(input.order, ORDERED_CATEGORIES);
    // An order names no category the merchant did not name before: the member's home holds a blank
    // tile for each named category until the lobby answers, so naming more than have games would
    // shrink the section when it does (a layout shift; e2e lobby-polish caught it).
    const named = new Set([
      ...Object.keys(stored?.mapping ?? {}),
      ...(stored?.sorting ?? []),
      ...Object.keys(stored?.ordinal ?? {}),
    ]);
    const order = named.size === 0 ? input.order : input.order.filter((category) => named.has(category));
    return { sorting: [...order], ordinal: ordinalsOf(order) };
  });
}

export function saveVendorOrder(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.vendorOrderSchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async ({ tx, settings }) => {
    const offered = settings.allVendors;
    const rows =
      offered.length === 0
        ? []
        : await tx
            .select({ code: gameVendors.code })
            .from(gameVendors)
            .where(and(eq(gameVendors.category, input.category), inArray(gameVendors.code, offered)));
    requirePermutation(
      input.order,
      rows.map((row) => row.code),
    );
    return { vendorSorting: { ...settings.vendorSorting, [input.category]: [...input.order] } };
  });
}

export function saveGameOrder(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.gameOrderSchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async (locked) => {
    const rows = await loadMerchantGames(locked.tx, locked.merchantId, locked.settings.allVendors);
    requirePermutation(
      input.order,
      rows.filter((row) => row.category === input.category).map((row) => String(row.id)),
    );
    await adoptDefaults(locked.tx, locked.merchantId);
    for (const [index, id] of input.order.entries()) {
      await locked.tx
        .update(merchantGames)
        .set({ position: index + 1 })
        .where(and(eq(merchantGames.merchantId, locked.merchantId), eq(merchantGames.gameId, Number(id))));
    }
  });
}

export function saveGameHot(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.gameHotSchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async (locked) => {
    const gameId = await requireOfferedGame(locked, input.gameId);
    await adoptDefaults(locked.tx, locked.merchantId);
    const mine = and(eq(merchantGames.merchantId, locked.merchantId), eq(merchantGames.gameId, gameId));
    const [current] = await locked.tx
      .select({ hotRank: merchantGames.hotRank })
      .from(merchantGames)
      .where(mine);
    if (input.hot && (current?.hotRank ?? null) === null) {
      // Last of the hot list; the renumbering below closes any gap.
      await locked.tx.update(merchantGames).set({ hotRank: 2_000_000_000 }).where(mine);
    } else if (!input.hot) {
      await locked.tx.update(merchantGames).set({ hotRank: null }).where(mine);
    }
    // 1, 2, 3 … in the present order: the hottest keeps 1, a removed game leaves no gap.
    await locked.tx.execute(sql`
      UPDATE merchant_games mg SET hot_rank = ranked.rank FROM (
        SELECT game_id, row_number() OVER (ORDER BY hot_rank, game_id)::int AS rank
        FROM merchant_games WHERE merchant_id = ${locked.merchantId} AND hot_rank IS NOT NULL
      ) ranked
      WHERE mg.merchant_id = ${locked.merchantId} AND mg.game_id = ranked.game_id`);
  });
}

export function saveGameAvailability(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.gameAvailabilitySchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async (locked) => {
    const gameId = await requireOfferedGame(locked, input.gameId);
    await adoptDefaults(locked.tx, locked.merchantId);
    await locked.tx
      .update(merchantGames)
      .set({ enabled: input.enabled })
      .where(and(eq(merchantGames.merchantId, locked.merchantId), eq(merchantGames.gameId, gameId)));
  });
}

export function saveVendorAvailability(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.vendorAvailabilitySchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async ({ tx, settings }) => {
    await requireVendor(tx, input.vendor);
    const others = settings.allVendors.filter((code) => code !== input.vendor);
    return { allVendors: input.enabled ? [...others, input.vendor] : others };
  });
}

export function saveVendorMaintenance(
  deps: GamesAdminDeps,
  actor: StaffActor,
  input: Input<typeof schemas.vendorMaintenanceSchema>,
): Promise<StaffGamesView> {
  return write(deps, actor, async ({ tx, merchantId }) => {
    await requireVendor(tx, input.vendor);
    const until = input.maintenance && input.until != null ? new Date(input.until) : null;
    if (until !== null && until.getTime() <= deps.now()) {
      throw new DomainError(
        GamesAdminErrorCode.MAINTENANCE_END_PAST,
        'The maintenance end must be in the future.',
      );
    }
    await tx
      .insert(merchantGameVendors)
      .values({
        merchantId,
        vendorCode: input.vendor,
        maintenance: input.maintenance,
        maintenanceUntil: until,
      })
      .onConflictDoUpdate({
        target: [merchantGameVendors.merchantId, merchantGameVendors.vendorCode],
        set: { maintenance: input.maintenance, maintenanceUntil: until, updatedAt: new Date(deps.now()) },
      });
  });
}
