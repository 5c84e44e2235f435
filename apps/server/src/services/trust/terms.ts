import { sql } from 'drizzle-orm';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import type { Db } from '../../db/client.js';
import { termsRequired, termsToAccept } from './admission.js';
import { appendAudit } from './audit.js';

export interface TermsRow {
  accepted: number | null;
  current: number | null;
}

/** The member's accepted terms version and the merchant's current one, as columns over `c` (customers). */
export const TERMS_COLUMNS = sql`c.terms_version AS accepted,
  (SELECT max(d.version) FROM legal_documents d WHERE d.merchant_id = c.merchant_id AND d.kind = 'terms') AS current`;

/** The member's accepted terms version and the merchant's current one, in one query. */
async function termsOf(runner: SqlRunner, merchantId: number, customerId: number): Promise<TermsRow> {
  const [row] = await rowsOf<TermsRow>(
    runner,
    sql`SELECT ${TERMS_COLUMNS} FROM customers c WHERE c.id = ${customerId} AND c.merchant_id = ${merchantId}`,
  );
  return row ?? { accepted: null, current: null };
}

/** The terms version the member still has to accept (login result, member info); null when none. */
export async function pendingTerms(
  runner: SqlRunner,
  merchantId: number,
  customerId: number,
): Promise<number | null> {
  const row = await termsOf(runner, merchantId, customerId);
  return termsToAccept(row.current ?? 0, row.accepted);
}

/** Refuses (rg_terms_required) what needs the current terms accepted: a real-money game launch. */
export async function requireTermsAccepted(
  runner: SqlRunner,
  merchantId: number,
  customerId: number,
): Promise<void> {
  const version = await pendingTerms(runner, merchantId, customerId);
  if (version !== null) throw termsRequired(version);
}

/**
 * The member accepts the terms' `version`: only the current one (an older or a future version is
 * refused with the current one). The acceptance and its audit row go together; accepting the version
 * already accepted again changes nothing.
 */
export async function acceptTerms(
  db: Db,
  member: { merchantId: number; customerId: number },
  version: number,
  at: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The member's row locked, so two acceptances at once write one audit row.
    await tx.execute(
      sql`SELECT id FROM customers WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId} FOR UPDATE`,
    );
    const row = await termsOf(tx, member.merchantId, member.customerId);
    const current = row.current ?? 0;
    if (version !== current) throw termsRequired(current);
    if (row.accepted === current) return;
    await tx.execute(
      sql`UPDATE customers SET terms_version = ${version}, terms_accepted_at = ${new Date(at).toISOString()}::timestamptz
           WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId}`,
    );
    await appendAudit(tx, {
      merchantId: member.merchantId,
      customerId: member.customerId,
      actor: 'member',
      actorId: null,
      action: 'terms.accept',
      requested: { version },
      effect: { version, previous: row.accepted },
      at,
    });
  });
}
