import { sql } from 'drizzle-orm';
import type { TrustAuditEntry } from '@wps/contract/trust';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { auditStaffChange } from '../staff/audit-context.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AuditRecord {
  merchantId: number;
  customerId: number;
  actor: 'member' | 'staff' | 'system';
  actorId: number | null;
  action: string;
  requested: Json;
  effect: Json;
  at: number;
}

/** Appends one row to the trust audit, in the caller's transaction (the change and its record go together). */
export async function appendAudit(runner: SqlRunner, record: AuditRecord): Promise<void> {
  await runner.execute(
    sql`INSERT INTO trust_audit (merchant_id, customer_id, actor, actor_id, action, requested, effect, at)
        VALUES (${record.merchantId}, ${record.customerId}, ${record.actor}, ${record.actorId}, ${record.action},
                ${JSON.stringify(record.requested)}::jsonb, ${JSON.stringify(record.effect)}::jsonb,
                ${new Date(record.at).toISOString()}::timestamptz)`,
  );
  // A compliance officer's act is a staff write too: its row in the merchant's staff audit chain
  // commits with it (this row holds the detail). A refusal kept here is the staff chain's refused
  // link, which route() appends once the call has answered.
  const refused = (record.effect as { outcome?: unknown } | null)?.outcome === 'refused';
  if (record.actor === 'staff' && !refused) {
    await auditStaffChange(runner, {
      before: { customerId: record.customerId, action: record.action, requested: record.requested },
      after: record.effect,
    });
  }
}

const PAGE = 50;

/** The merchant's audit, newest first, 50 a page; one member's when `customerId` is given. */
export async function readAudit(
  runner: SqlRunner,
  merchantId: number,
  query: { customerId?: number; before?: string },
): Promise<TrustAuditEntry[]> {
  const rows = await rowsOf<{
    id: string;
    customer_id: number;
    username: string;
    actor: TrustAuditEntry['actor'];
    actor_id: number | null;
    actor_name: string | null;
    action: string;
    requested: unknown;
    effect: unknown;
    at: Date | string;
  }>(
    runner,
    sql`SELECT a.id::text AS id, a.customer_id, c.username, a.actor, a.actor_id, s.display_name AS actor_name,
               a.action, a.requested, a.effect, a.at
        FROM trust_audit a JOIN customers c ON c.id = a.customer_id AND c.merchant_id = a.merchant_id
        LEFT JOIN staff_accounts s ON a.actor = 'staff' AND s.id = a.actor_id AND s.merchant_id = a.merchant_id
        WHERE a.merchant_id = ${merchantId}
          ${query.customerId === undefined ? sql`` : sql`AND a.customer_id = ${query.customerId}`}
          ${query.before === undefined ? sql`` : sql`AND a.id < ${query.before}::bigint`}
        ORDER BY a.id DESC LIMIT ${PAGE}`,
  );
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    username: row.username,
    actor: row.actor,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    requested: row.requested,
    effect: row.effect,
    at: new Date(row.at).toISOString(),
  }));
}
