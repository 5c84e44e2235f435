import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { auditLinkOf, type StaffAuditLink, type StoredAuditRow } from './audit-row.js';

/** The `prev_hash` of a merchant's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** Fields whose values never enter a digest (a digest of a password can be guessed offline). */
const SECRET_FIELD = /pass|secret|otp|code$|^code|token|private|key/i;

export interface StaffAuditRecord {
  merchantId: number;
  staffId: number | null;
  action: string;
  outcome: 'ok' | 'refused';
  errorCode: string | null;
  /** The request as received; secrets are left out before it is digested. */
  request: unknown;
  before?: unknown;
  after?: unknown;
  ip: string;
  requestId: string;
  at: number;
}

/** One stored row, as the chain hashes it: the contract's link with the merchant it belongs to. */
export type StaffAuditRow = StaffAuditLink & { merchantId: number };

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The value with every secret-looking field's value replaced, at every depth. */
export function withoutSecrets(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutSecrets);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_FIELD.test(key) ? '[secret]' : withoutSecrets(inner),
    ]),
  );
}

export const digestOf = (value: unknown): string => sha256(canonicalJson(withoutSecrets(value)));

/** The row's hash: over every column but the hash itself, the previous row's hash included. */
export function hashOf(row: Omit<StaffAuditRow, 'hash'>): string {
  return sha256(
    canonicalJson({
      merchantId: row.merchantId,
      seq: row.seq,
      at: row.at,
      staffId: row.staffId,
      action: row.action,
      outcome: row.outcome,
      errorCode: row.errorCode,
      requestDigest: row.requestDigest,
      beforeDigest: row.beforeDigest,
      afterDigest: row.afterDigest,
      ip: row.ip,
      requestId: row.requestId,
      prevHash: row.prevHash,
    }),
  );
}

/**
 * Appends one row to the merchant's chain in the caller's transaction. The merchant's chain is
 * locked for the rest of the transaction (an advisory lock), so two appends never take the same
 * `seq` or hash over the same previous row.
 */
export async function appendStaffAudit(runner: SqlRunner, record: StaffAuditRecord): Promise<StaffAuditRow> {
  await runner.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff_audit'), ${record.merchantId})`);
  const [head] = await rowsOf<{ seq: string | number; hash: string }>(
    runner,
    sql`SELECT seq, hash FROM staff_audit WHERE merchant_id = ${record.merchantId} ORDER BY seq DESC LIMIT 1`,
  );
  const unhashed: Omit<StaffAuditRow, 'hash'> = {
    merchantId: record.merchantId,
    seq: head === undefined ? 1 : Number(head.seq) + 1,
    at: new Date(record.at).toISOString(),
    staffId: record.staffId,
    action: record.action,
    outcome: record.outcome,
    errorCode: record.errorCode,
    requestDigest: digestOf(record.request),
    beforeDigest: record.before === undefined ? null : digestOf(record.before),
    afterDigest: record.after === undefined ? null : digestOf(record.after),
    ip: record.ip,
    requestId: record.requestId,
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  const row: StaffAuditRow = { ...unhashed, hash: hashOf(unhashed) };
  await runner.execute(
    sql`INSERT INTO staff_audit (merchant_id, seq, at, staff_id, action, outcome, error_code, request_digest,
                                 before_digest, after_digest, ip, request_id, prev_hash, hash)
        VALUES (${row.merchantId}, ${row.seq}, ${row.at}::timestamptz, ${row.staffId}, ${row.action},
                ${row.outcome}, ${row.errorCode}, ${row.requestDigest}, ${row.beforeDigest},
                ${row.afterDigest}, ${row.ip}, ${row.requestId}, ${row.prevHash}, ${row.hash})`,
  );
  return row;
}

const rowOf = (stored: StoredAuditRow & { merchant_id: number }): StaffAuditRow => ({
  merchantId: stored.merchant_id,
  ...auditLinkOf(stored),
});

/** A merchant's rows in chain order (`afterSeq` onwards, `limit` at most). */
export async function readStaffAudit(
  runner: SqlRunner,
  merchantId: number,
  options: { afterSeq?: number; limit?: number } = {},
): Promise<StaffAuditRow[]> {
  const rows = await rowsOf<StoredAuditRow & { merchant_id: number }>(
    runner,
    sql`SELECT * FROM staff_audit WHERE merchant_id = ${merchantId} AND seq > ${options.afterSeq ?? 0}
        ORDER BY seq LIMIT ${options.limit ?? 1_000}`,
  );
  return rows.map(rowOf);
}

export interface BrokenLink {
  merchantId: number;
  seq: number;
  reason: 'hash' | 'prev_hash' | 'seq';
}

/**
 * Walks every merchant's chain (or one) from its first row: the first row whose hash is not that of
 * its columns, whose `prev_hash` is not the row before's hash, or whose `seq` skips, is the broken
 * link. Read in pages, so a long chain never sits in memory whole.
 */
export async function verifyStaffAudit(db: Db, merchantId?: number): Promise<BrokenLink[]> {
  const merchants = await rowsOf<{ merchant_id: number }>(
    db,
    merchantId === undefined
      ? sql`SELECT DISTINCT merchant_id FROM staff_audit ORDER BY merchant_id`
      : sql`SELECT ${merchantId}::int AS merchant_id`,
  );
  const broken: BrokenLink[] = [];
  for (const { merchant_id: id } of merchants) {
    let previous = { seq: 0, hash: GENESIS_HASH };
    for (;;) {
      const page = await readStaffAudit(db, id, { afterSeq: previous.seq, limit: 1_000 });
      const found = page.find((row, index) => {
        const before = index === 0 ? previous : (page[index - 1] as StaffAuditRow);
        return linkBreak(row, before) !== null;
      });
      if (found !== undefined) {
        const index = page.indexOf(found);
        const before = index === 0 ? previous : (page[index - 1] as StaffAuditRow);
        broken.push({ merchantId: id, seq: found.seq, reason: linkBreak(found, before) ?? 'hash' });
        break;
      }
      const last = page.at(-1);
      if (last === undefined || page.length < 1_000) break;
      previous = last;
    }
  }
  return broken;
}

function linkBreak(row: StaffAuditRow, before: { seq: number; hash: string }): BrokenLink['reason'] | null {
  if (row.seq !== before.seq + 1) return 'seq';
  if (row.prevHash !== before.hash) return 'prev_hash';
  const { hash, ...rest } = row;
  return hashOf(rest) === hash ? null : 'hash';
}
