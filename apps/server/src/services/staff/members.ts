import { ErrorCode } from '@wps/contract/errorCodes';
import type {
  MemberNoteKind,
  StaffMemberActionResult,
  StaffMemberNote,
  StaffMemberSignIn,
  MemberDetailView,
} from '@wps/contract/memberAdmin';
import type { StaffActor } from '@wps/contract/staff';
import type { ResponsibleGamingStatus } from '@wps/contract/trust';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerSessions,
  customers,
  memberNotes,
  passkeyCredentials,
  recoveryCodes,
  socialIdentities,
} from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { TrustMember } from '../trust/index.js';
import { kindOf, phoneOf } from './member-search.js';
import { hasStaffPermission } from './permissions.js';

type Customer = typeof customers.$inferSelect;
type SecondFactor = StaffMemberActionResult['secondFactors'][number];

const notFound = () => new DomainError(ErrorCode.NOT_FOUND, 'No such member.');

const factorsOf = (customer: Customer): SecondFactor[] => [
  ...(customer.totpSecretSealed === null ? [] : (['authenticator'] as const)),
  ...(customer.emailTwoFactor ? (['email'] as const) : []),
  ...(customer.smsTwoFactor ? (['sms'] as const) : []),
];

const noteView = (row: typeof memberNotes.$inferSelect): StaffMemberNote => ({
  id: row.id,
  kind: row.kind,
  body: row.body,
  staffId: row.staffId,
  staffName: row.staffName,
  at: row.createdAt.toISOString(),
});

/** The merchant the actor acts on, as the detail needs it. */
export interface MemberMerchant {
  id: number;
  currency: string;
  countryCode: string | null;
}

export interface MemberAdminDeps {
  db: Db;
  now: () => number;
  /** The member's limits, break and reality check (services/trust's status, as the member sees it). */
  limitsOf(member: TrustMember): Promise<ResponsibleGamingStatus>;
}

/**
 * A merchant's members as its staff see and act on them (issue 30 item 7). Every call names the
 * member by id and finds it within the actor's merchant only: another merchant's member is not found,
 * exactly as an unknown id. Phone and email reach roles with member:pii only. Every action records its
 * reason as a note in the same transaction (route() appends the staff audit row besides).
 */
export class MemberAdmin {
  constructor(private readonly deps: MemberAdminDeps) {}

  private async member(db: Db, actor: StaffActor, id: number, forUpdate = false): Promise<Customer> {
    const query = db
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.merchantId, actor.merchantId)))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    if (row === undefined) throw notFound();
    return row;
  }

  private async refOf(merchantId: number, id: number | null) {
    if (id === null) return null;
    const [row] = await this.deps.db
      .select({ id: customers.id, username: customers.username })
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.merchantId, merchantId)));
    return row ?? null;
  }

  async detail(actor: StaffActor, merchant: MemberMerchant, id: number): Promise<MemberDetailView> {
    const { db } = this.deps;
    const customer = await this.member(db, actor, id);
    const now = new Date(this.deps.now());
    const [sessions, social, passkeys, [downline], agent, referrer, limits] = await Promise.all([
      db
        .select()
        .from(customerSessions)
        .where(
          and(
            eq(customerSessions.customerId, id),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(customerSessions.lastSeenAt), desc(customerSessions.id)),
      db.select().from(socialIdentities).where(eq(socialIdentities.customerId, id)),
      db.select().from(passkeyCredentials).where(eq(passkeyCredentials.customerId, id)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(customers)
        .where(
          and(
            eq(customers.merchantId, actor.merchantId),
            sql`(${customers.parentAgentId} = ${id} OR ${customers.referrerId} = ${id})`,
          ),
        ),
      this.refOf(actor.merchantId, customer.parentAgentId),
      this.refOf(actor.merchantId, customer.referrerId),
      this.deps.limitsOf({
        merchantId: actor.merchantId,
        customerId: id,
        currency: merchant.currency,
        country: merchant.countryCode,
      }),
    ]);
    const pii = hasStaffPermission(actor, 'member:pii');
    const signIns: StaffMemberSignIn[] = [
      ...social.map((row) => ({
        kind: 'social' as const,
        name: row.provider,
        // The provider's display name is personal data too.
        detail: pii ? row.displayName : null,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
      })),
      ...passkeys.map((row) => ({
        kind: 'passkey' as const,
        name: row.name,
        detail: row.rpId,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      })),
    ];
    return {
      id: customer.id,
      username: customer.username,
      kind: kindOf(customer.customerType),
      phone: pii ? phoneOf(customer.countryDialingCode, customer.mobileNum) : null,
      email: pii ? customer.email : null,
      piiHidden: !pii,
      language: customer.language,
      currency: merchant.currency,
      registeredAt: customer.createdAt.toISOString(),
      registerMethod: customer.registerMethod,
      ownReferralCode: customer.ownReferralCode,
      vipLabel: customer.clubLabelName,
      rankLevel: customer.rankLevel,
      lockedAt: customer.lockedAt?.toISOString() ?? null,
      secondFactors: factorsOf(customer),
      agent,
      referrer,
      downlineCount: downline?.count ?? 0,
      sessions: sessions.map((row) => ({
        id: row.id,
        ip: pii ? row.ip : '—',
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      })),
      signIns,
      limits,
    };
  }

  async notes(actor: StaffActor, id: number): Promise<StaffMemberNote[]> {
    await this.member(this.deps.db, actor, id);
    const rows = await this.deps.db
      .select()
      .from(memberNotes)
      .where(and(eq(memberNotes.customerId, id), eq(memberNotes.merchantId, actor.merchantId)))
      .orderBy(desc(memberNotes.id))
      .limit(200);
    return rows.map(noteView);
  }

  /** The member of `id` (refused as not found outside the merchant), for the other domains' reads. */
  async require(actor: StaffActor, id: number): Promise<void> {
    await this.member(this.deps.db, actor, id);
  }

  private async note(db: Db, actor: StaffActor, id: number, kind: MemberNoteKind, body: string) {
    const [row] = await db
      .insert(memberNotes)
      .values({
        merchantId: actor.merchantId,
        customerId: id,
        staffId: actor.id,
        staffName: actor.displayName,
        kind,
        body,
        createdAt: new Date(this.deps.now()),
      })
      .returning();
    if (row === undefined) throw new Error('note not stored');
    return noteView(row);
  }

  async addNote(actor: StaffActor, id: number, body: string): Promise<StaffMemberNote> {
    return this.deps.db.transaction(async (tx) => {
      await this.member(tx, actor, id);
      return this.note(tx, actor, id, 'note', body);
    });
  }

  /** Ends live sessions of the member (one, or all): the next call with one answers 401. */
  private async endSessions(db: Db, id: number, sessionId?: number): Promise<number> {
    const ended = await db
      .update(customerSessions)
      .set({ revokedAt: new Date(this.deps.now()) })
      .where(
        and(
          eq(customerSessions.customerId, id),
          isNull(customerSessions.revokedAt),
          ...(sessionId === undefined ? [] : [eq(customerSessions.id, sessionId)]),
        ),
      )
      .returning({ id: customerSessions.id });
    return ended.length;
  }

  async endMemberSessions(
    actor: StaffActor,
    id: number,
    sessionId: number | undefined,
    reason: string | undefined,
  ): Promise<StaffMemberActionResult> {
    return this.deps.db.transaction(async (tx) => {
      const customer = await this.member(tx, actor, id, true);
      const ended = await this.endSessions(tx, id, sessionId);
      if (sessionId !== undefined && ended === 0) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'The session was not found.');
      }
      const what = sessionId === undefined ? `all sessions (${ended})` : `session ${sessionId}`;
      await this.note(tx, actor, id, 'end_sessions', reason === undefined ? what : `${what}: ${reason}`);
      return { endedSessions: ended, lockedAt: customer.lockedAt?.toISOString() ?? null, secondFactors: [] };
    });
  }

  /** Locks the account and ends every session of it at once, in one transaction. */
  async lock(actor: StaffActor, id: number, reason: string): Promise<StaffMemberActionResult> {
    return this.deps.db.transaction(async (tx) => {
      const customer = await this.member(tx, actor, id, true);
      const lockedAt = customer.lockedAt ?? new Date(this.deps.now());
      if (customer.lockedAt === null) {
        await tx.update(customers).set({ lockedAt }).where(eq(customers.id, id));
      }
      const ended = await this.endSessions(tx, id);
      await this.note(tx, actor, id, 'lock', reason);
      return { endedSessions: ended, lockedAt: lockedAt.toISOString(), secondFactors: [] };
    });
  }

  async unlock(actor: StaffActor, id: number, reason: string): Promise<StaffMemberActionResult> {
    return this.deps.db.transaction(async (tx) => {
      await this.member(tx, actor, id, true);
      await tx.update(customers).set({ lockedAt: null }).where(eq(customers.id, id));
      await this.note(tx, actor, id, 'unlock', reason);
      return { endedSessions: 0, lockedAt: null, secondFactors: [] };
    });
  }

  /**
   * Removes the authenticator (its sealed secret, a pending one, its recovery codes) and turns the
   * email and SMS second steps off: the member signs in with the password alone and sets one up
   * again. Answers which were set, never a secret or a code.
   */
  async resetSecondFactor(actor: StaffActor, id: number, reason: string): Promise<StaffMemberActionResult> {
    return this.deps.db.transaction(async (tx) => {
      const customer = await this.member(tx, actor, id, true);
      await tx
        .update(customers)
        .set({
          totpSecretSealed: null,
          totpPendingSealed: null,
          totpTries: 0,
          totpTriesSince: null,
          emailTwoFactor: false,
          smsTwoFactor: false,
        })
        .where(eq(customers.id, id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, id));
      const reset = factorsOf(customer);
      await this.note(tx, actor, id, 'reset_2fa', `${reset.join(', ') || 'none set'}: ${reason}`);
      return { endedSessions: 0, lockedAt: customer.lockedAt?.toISOString() ?? null, secondFactors: reset };
    });
  }
}
