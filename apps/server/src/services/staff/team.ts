import type { StaffActor, StaffMemberView, StaffRoleView, StaffSessionView } from '@wps/contract/staff';
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffAccounts, staffRoles, staffSessions } from '../../db/schema/index.js';
import { auditStaffChange } from './audit-context.js';
import { coversMerchant, knownPermissions, rolePermissionsSql } from './roles.js';

/*
 * Staff sessions listed and revocable, and the merchant's staff (issue 30 item 2). Ending a session
 * deletes it: its token no longer finds a session, so its next call answers 401.
 */

type SessionRow = typeof staffSessions.$inferSelect;

function sessionView(row: SessionRow, currentTokenHash: string | null): StaffSessionView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.tokenHash === currentTokenHash,
  };
}

export class StaffTeam {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The live sessions of `staffIds`, newest first. */
  private async liveSessions(staffIds: readonly number[]): Promise<SessionRow[]> {
    if (staffIds.length === 0) return [];
    return this.db
      .select()
      .from(staffSessions)
      .where(
        and(inArray(staffSessions.staffId, [...staffIds]), gt(staffSessions.expiresAt, new Date(this.now()))),
      )
      .orderBy(desc(staffSessions.createdAt), desc(staffSessions.id));
  }

  /** The actor's own live sessions. */
  async ownSessions(actor: StaffActor, currentTokenHash: string | null): Promise<StaffSessionView[]> {
    return (await this.liveSessions([actor.id])).map((row) => sessionView(row, currentTokenHash));
  }

  /** Ends one of the actor's own sessions; false when no session of theirs has that id. */
  async revokeOwn(actor: StaffActor, sessionId: number): Promise<{ revoked: boolean }> {
    return this.revoke(sessionId, eq(staffSessions.staffId, actor.id));
  }

  /** The ids of the merchant's staff: accounts whose scope covers it, platform operators not included. */
  private async memberIds(merchantId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(and(eq(staffRoles.platform, false), coversMerchant(merchantId)));
    return rows.map((row) => row.id);
  }

  /** The merchant's staff with their roles and live sessions, by user name. */
  async members(actor: StaffActor, currentTokenHash: string | null): Promise<StaffMemberView[]> {
    const ids = await this.memberIds(actor.merchantId);
    if (ids.length === 0) return [];
    const accounts = await this.db
      .select({
        id: staffAccounts.id,
        username: staffAccounts.username,
        displayName: staffAccounts.displayName,
        role: staffRoles.code,
        roleName: staffRoles.name,
        disabled: staffAccounts.disabled,
      })
      .from(staffAccounts)
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(inArray(staffAccounts.id, ids))
      .orderBy(asc(staffAccounts.username), asc(staffAccounts.id));
    const sessions = await this.liveSessions(ids);
    return accounts.map((account) => ({
      ...account,
      sessions: sessions
        .filter((session) => session.staffId === account.id)
        .map((session) => sessionView(session, currentTokenHash)),
    }));
  }

  /** Ends a session of one of the merchant's staff; false when the session is not one of theirs. */
  async revokeMember(actor: StaffActor, sessionId: number): Promise<{ revoked: boolean }> {
    const ids = await this.memberIds(actor.merchantId);
    if (ids.length === 0) return { revoked: false };
    return this.revoke(sessionId, inArray(staffSessions.staffId, ids));
  }

  /** Ends the session `sessionId` when `whose` holds; the staff audit row commits with it. */
  private revoke(sessionId: number, whose: SQL): Promise<{ revoked: boolean }> {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(staffSessions)
        .where(and(eq(staffSessions.id, sessionId), whose))
        .returning({ id: staffSessions.id, staffId: staffSessions.staffId });
      const revoked = gone.length > 0;
      await auditStaffChange(tx, {
        before: { sessionId, staffId: gone[0]?.staffId ?? null },
        after: { revoked },
      });
      return { revoked };
    });
  }

  /** The roles the merchant's staff may hold: the built-in merchant roles and the merchant's own. */
  async roles(actor: StaffActor): Promise<StaffRoleView[]> {
    const rows = await this.db
      .select({
        code: staffRoles.code,
        name: staffRoles.name,
        platform: staffRoles.platform,
        merchantId: staffRoles.merchantId,
        permissions: rolePermissionsSql(),
      })
      .from(staffRoles)
      .where(
        and(
          // A merchant's staff never hold the platform role; the platform operator sees it too.
          actor.platform ? undefined : eq(staffRoles.platform, false),
          or(isNull(staffRoles.merchantId), eq(staffRoles.merchantId, actor.merchantId)),
        ),
      )
      .orderBy(asc(staffRoles.id));
    return rows.map((row) => ({
      code: row.code,
      name: row.name,
      platform: row.platform,
      builtIn: row.merchantId === null,
      permissions: knownPermissions(row.permissions),
    }));
  }
}
