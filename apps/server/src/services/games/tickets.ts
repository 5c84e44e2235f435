import { LAUNCH_TICKET_TTL_MS } from '@wps/contract/games';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameLaunchTickets } from '../../db/schema/index.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';

/** What a launch hands to the game: who plays what, and where the game's back button returns. */
export interface TicketInput {
  merchantId: number;
  /** Null for a visitor's trial launch. */
  customerId: number | null;
  gameId: number;
  trial: boolean;
  /** A safe app path (safeBackUrl). */
  backUrl: string;
  language: string;
  /** A member's real-money launch: the wallet session token for the vendor, and its currency. */
  walletToken?: string | null;
  currency?: string | null;
}

export type LaunchTicket = typeof gameLaunchTickets.$inferSelect;

/** Tickets past their expiry by this long are deleted by the sweep. */
const TICKET_RETENTION_MS = 60 * 60_000;

/**
 * Launch tickets: 256 random bits (base64url) of which only the SHA-256 is stored, redeemable once
 * within LAUNCH_TICKET_TTL_MS. The ticket rides in the game URL, so it must be worth nothing once
 * used or old: a URL that leaks through history or logs opens no session.
 */
export class LaunchTickets {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async issue(input: TicketInput): Promise<string> {
    const ticket = newToken();
    await this.db.insert(gameLaunchTickets).values({
      ...input,
      ticketHash: sha256Hex(ticket),
      expiresAt: new Date(this.now() + LAUNCH_TICKET_TTL_MS),
    });
    return ticket;
  }

  /**
   * Marks the ticket used and answers it, or null when it is unknown, another merchant's, expired or
   * used. One conditional UPDATE, so two redemptions racing each other cannot both win. `db` may be
   * a transaction (the play session is created with it).
   */
  async redeem(db: Db, ticket: string, merchantId: number): Promise<LaunchTicket | null> {
    const now = new Date(this.now());
    const [row] = await db
      .update(gameLaunchTickets)
      .set({ redeemedAt: now })
      .where(
        and(
          eq(gameLaunchTickets.ticketHash, sha256Hex(ticket)),
          eq(gameLaunchTickets.merchantId, merchantId),
          isNull(gameLaunchTickets.redeemedAt),
          gt(gameLaunchTickets.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Deletes tickets long expired (used or not); they are worth nothing any more. */
  async sweep(): Promise<void> {
    await this.db
      .delete(gameLaunchTickets)
      .where(lt(gameLaunchTickets.expiresAt, new Date(this.now() - TICKET_RETENTION_MS)));
  }
}
