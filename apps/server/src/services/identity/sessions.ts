import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndedSessions, MemberSession } from '@wps/contract/memberArea';
import { TrustErrorCode } from '@wps/contract/trust';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerSessions, customers, trustLimits } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';

export type Customer = typeof customers.$inferSelect;

/** What is kept of a User-Agent: printable, at most 256 characters; null when there is none. */
export function userAgentOf(value: string | undefined): string | null {
  const clean = (value ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, 256);
  return clean === '' ? null : clean;
}

export interface AuthenticatedSession {
  sessionId: number;
  customer: Customer;
  /** When the session opened (the reality check and the session-time limit count from it). */
  startedAt: number;
}

/**
 * What answers a session ended by a break (issue 29): the refusal that says why and where to get
 * help, instead of a bare "session ended".
 */
export type BreakRefusal = (merchantId: number, customer: Customer) => Promise<DomainError | null>;

/**
 * Login sessions: random 256-bit tokens of which only the SHA-256 is stored, bound to a merchant,
 * expiring `ttlMs` after their last use, optionally bound to the login's ip.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly breakRefusal: BreakRefusal = async () => null,
  ) {}

  /** A new session; `db` may be a transaction so the session comes and goes with a registration. */
  async create(
    db: Db,
    input: { merchantId: number; customerId: number; ip: string; bindIp: boolean; userAgent?: string },
  ): Promise<string> {
    const token = newToken();
    const { userAgent, ...rest } = input;
    await db.insert(customerSessions).values({
      ...rest,
      userAgent: userAgentOf(userAgent),
      // On the app's clock: the session-time limit counts from it.
      createdAt: new Date(this.now()),
      lastSeenAt: new Date(this.now()),
      tokenHash: sha256Hex(token),
      expiresAt: new Date(this.now() + this.ttlMs),
    });
    return token;
  }

  /**
   * The session of `token` for `merchantId` seen from `ip`, its expiry moved on; otherwise the
   * error the client reacts to: customer.not.login (no token), user.or.token.invalid (unknown,
   * expired or another merchant's), login.not.session (logged out), token_ip_different.
   */
  async authenticate(
    token: string | undefined,
    merchantId: number,
    ip: string,
  ): Promise<AuthenticatedSession> {
    if (token === undefined || token === '') {
      throw new DomainError(ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED, 'Please log in.');
    }
    const [row] = await this.db
      .select({ session: customerSessions, customer: customers, sessionLimit: trustLimits.amount })
      .from(customerSessions)
      .innerJoin(customers, eq(customers.id, customerSessions.customerId))
      .leftJoin(
        trustLimits,
        and(
          eq(trustLimits.merchantId, customerSessions.merchantId),
          eq(trustLimits.customerId, customerSessions.customerId),
          eq(trustLimits.type, 'session_time'),
        ),
      )
      .where(eq(customerSessions.tokenHash, sha256Hex(token)))
      .limit(1);
    const now = this.now();
    if (
      row === undefined ||
      row.session.merchantId !== merchantId ||
      row.session.expiresAt.getTime() <= now
    ) {
      throw new DomainError(
        ErrorCode.USER_OR_TOKEN_INVALID,
        'The session is not valid. Please log in again.',
      );
    }
    if (row.session.revokedAt !== null) {
      // A session a break ended says so (with where to get help); any other just ended.
      const refusal = await this.breakRefusal(merchantId, row.customer);
      throw (
        refusal ?? new DomainError(ErrorCode.LOGIN_NOT_SESSION, 'The session has ended. Please log in again.')
      );
    }
    const startedAt = row.session.createdAt.getTime();
    if (row.sessionLimit !== null && now >= startedAt + Number(row.sessionLimit) * 60_000) {
      await this.revoke(row.session.id);
      throw new DomainError(
        TrustErrorCode.SESSION_LIMIT,
        'Your session reached the time limit you set. Take a break; you can log in again later.',
        { minutes: Number(row.sessionLimit) },
      );
    }
    if (row.session.bindIp && row.session.ip !== ip) {
      throw new DomainError(ErrorCode.TOKEN_IP_DIFFERENT, 'The session belongs to another network address.');
    }
    await this.db
      .update(customerSessions)
      .set({ expiresAt: new Date(now + this.ttlMs), lastSeenAt: new Date(now) })
      .where(eq(customerSessions.id, row.session.id));
    return { sessionId: row.session.id, customer: row.customer, startedAt };
  }

  /** The account's live sessions (not ended, not expired), the latest seen first; `current` marked. */
  async listOwn(session: AuthenticatedSession): Promise<MemberSession[]> {
    const rows = await this.db
      .select()
      .from(customerSessions)
      .where(this.liveOf(session.customer.id))
      .orderBy(desc(customerSessions.lastSeenAt), desc(customerSessions.id));
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === session.sessionId,
    }));
  }

  /**
   * Ends one of the account's other live sessions (`id`), or all of them (`others`). A session of
   * another member, an ended one or an unknown id is not found; the current one ends by logging out.
   */
  async endOwn(
    session: AuthenticatedSession,
    target: { id: number } | { others: true },
  ): Promise<EndedSessions> {
    const others = and(this.liveOf(session.customer.id), ne(customerSessions.id, session.sessionId));
    if ('id' in target && target.id === session.sessionId) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Invalid request. Log out to end this session.');
    }
    const ended = await this.db
      .update(customerSessions)
      .set({ revokedAt: new Date(this.now()) })
      .where('id' in target ? and(others, eq(customerSessions.id, target.id)) : others)
      .returning({ id: customerSessions.id });
    if ('id' in target && ended.length === 0) {
      throw new DomainError(ErrorCode.NOT_FOUND, 'The session was not found.');
    }
    return { ended: ended.length };
  }

  private liveOf(customerId: number) {
    return and(
      eq(customerSessions.customerId, customerId),
      isNull(customerSessions.revokedAt),
      gt(customerSessions.expiresAt, new Date(this.now())),
    );
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .update(customerSessions)
      .set({ revokedAt: new Date(this.now()) })
      .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt)));
  }

  /** Ends every session of an account but `keep` (after a password change or reset). */
  async revokeAll(db: Db, customerId: number, keep?: number): Promise<void> {
    const sessions = await db
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .where(and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)));
    for (const session of sessions) {
      if (session.id !== keep) await this.revokeOne(db, session.id);
    }
  }

  private async revokeOne(db: Db, id: number): Promise<void> {
    await db
      .update(customerSessions)
      .set({ revokedAt: new Date(this.now()) })
      .where(eq(customerSessions.id, id));
  }
}
