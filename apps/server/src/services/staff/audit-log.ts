import { sql } from 'drizzle-orm';
import type { StaffAuditEntry } from '@wps/contract/staff';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { auditLinkOf, type StoredAuditRow } from './audit-row.js';

/** A page of the staff audit as the back office reads it. */
export const STAFF_AUDIT_PAGE = 100;

/** The merchant's chain from `afterSeq` on, oldest first, with each staff member's name. */
export async function listStaffAudit(
  runner: SqlRunner,
  merchantId: number,
  afterSeq = 0,
  limit = STAFF_AUDIT_PAGE,
): Promise<StaffAuditEntry[]> {
  const rows = await rowsOf<StoredAuditRow & { staff_name: string | null }>(
    runner,
    sql`SELECT a.seq, a.at, a.staff_id, s.display_name AS staff_name, a.action, a.outcome, a.error_code,
               a.request_digest, a.before_digest, a.after_digest, a.ip, a.request_id, a.prev_hash, a.hash
          FROM staff_audit a
          LEFT JOIN staff_accounts s ON s.id = a.staff_id AND s.merchant_id = a.merchant_id
         WHERE a.merchant_id = ${merchantId} AND a.seq > ${afterSeq}
         ORDER BY a.seq LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...auditLinkOf(row), staffName: row.staff_name }));
}

const CSV_COLUMNS: readonly (keyof StaffAuditEntry)[] = [
  'seq',
  'at',
  'staffId',
  'staffName',
  'action',
  'outcome',
  'errorCode',
  'requestDigest',
  'beforeDigest',
  'afterDigest',
  'ip',
  'requestId',
  'prevHash',
  'hash',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) is prefixed with a quote mark (OWASP CSV injection).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The merchant's whole chain as CSV, read a page at a time. */
export async function* staffAuditCsv(runner: SqlRunner, merchantId: number): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after = 0;
  for (;;) {
    const page = await listStaffAudit(runner, merchantId, after, 1_000);
    if (page.length > 0)
      yield page
        .map((entry) => `${CSV_COLUMNS.map((column) => csvField(entry[column])).join(',')}\r\n`)
        .join('');
    const last = page.at(-1);
    if (last === undefined || page.length < 1_000) return;
    after = last.seq;
  }
}
