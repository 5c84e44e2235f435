import { SeamlessErrorCode } from '@wps/contract/seamless';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { seamlessSessions } from '../../../db/schema/index.js';
import { newToken, sha256Hex } from '../../../lib/tokens.js';
import { SeamlessRefusal } from './refusal.js';

/** A launch's wallet session lasts as long as the game's own play session. */
export const SEAMLESS_SESSION_TTL_MS = 2 * 60 * 60_000;
/** Sessions this long past their end are deleted (bets are all that read them). */
const SESSION_RETENTION_MS = 24 * 60 * 60_000;

export interface WalletSession {
  merchantId: number;
  customerId: number;
  currency: string;
}

export interface OpenSession extends WalletSession {
  vendorId: string;
}

/** Sessions kept in memory per instance: a game's bets reuse one token for its whole session. */
const CACHED_SESSIONS = 10_000;

type SessionRow = typeof seamlessSessions.$inferSelect;

/**
 * The tokens handed to a vendor at a member's launch (the operator's side of the launch): a bet must
 * carry one that is live, this vendor's and this player's. Only the SHA-256 is stored.
 */
export class SeamlessSessions {
  /**
   * Rows already read, by token hash. A session row is never changed, only deleted a day after it
   * ended, so a kept one cannot go stale: its end is checked against the clock at every bet, as
   * the row's would be. Unknown tokens are not kept (the session may be opened on another instance).
   */
  private readonly known = new Map<string, SessionRow>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async open(session: OpenSession): Promise<string> {
    const token = newToken();
    await this.db.insert(seamlessSessions).values({
      ...session,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(this.now() + SEAMLESS_SESSION_TTL_MS),
    });
    return token;
  }

  /** The session of a bet's token, else TOKEN_INVALID (unknown, ended, another vendor's or player's). */
  async check(vendorId: string, token: string, player: string): Promise<WalletSession> {
    const row = await this.row(sha256Hex(token));
    if (
      row === undefined ||
      row.vendorId !== vendorId ||
      String(row.customerId) !== player ||
      row.expiresAt.getTime() <= this.now()
    ) {
      throw new SeamlessRefusal(
        SeamlessErrorCode.TOKEN_INVALID,
        'The session token is not valid for this bet.',
      );
    }
    return { merchantId: row.merchantId, customerId: row.customerId, currency: row.currency };
  }

  private async row(tokenHash: string): Promise<SessionRow | undefined> {
    const kept = this.known.get(tokenHash);
    if (kept !== undefined) return kept;
    const [row] = await this.db
      .select()
      .from(seamlessSessions)
      .where(eq(seamlessSessions.tokenHash, tokenHash));
    if (row !== undefined) {
      // The oldest read goes first when full (a Map keeps insertion order).
      if (this.known.size >= CACHED_SESSIONS) this.known.delete(this.known.keys().next().value as string);
      this.known.set(tokenHash, row);
    }
    return row;
  }

  async sweep(): Promise<void> {
    await this.db
      .delete(seamlessSessions)
      .where(and(lt(seamlessSessions.expiresAt, new Date(this.now() - SESSION_RETENTION_MS))));
  }
}
