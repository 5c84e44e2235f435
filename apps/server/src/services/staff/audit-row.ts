import type { StaffAuditEntry } from '@wps/contract/staff';

/** A `staff_audit` row as the database hands it back (`seq` is a bigint: a string from some drivers). */
export interface StoredAuditRow {
  seq: string | number;
  at: Date | string;
  staff_id: number | null;
  action: string;
  outcome: 'ok' | 'refused';
  error_code: string | null;
  request_digest: string;
  before_digest: string | null;
  after_digest: string | null;
  ip: string;
  request_id: string;
  prev_hash: string;
  hash: string;
}

/** A link of the chain without the staff member's name (which lives in staff_accounts, not the chain). */
export type StaffAuditLink = Omit<StaffAuditEntry, 'staffName'>;

/**
 * The one mapping of a stored row to the contract's fields, shared by the chain's walk and the back
 * office's list, so the row the chain verifies is the row the back office shows.
 */
export const auditLinkOf = (stored: StoredAuditRow): StaffAuditLink => ({
  seq: Number(stored.seq),
  at: new Date(stored.at).toISOString(),
  staffId: stored.staff_id,
  action: stored.action,
  outcome: stored.outcome,
  errorCode: stored.error_code,
  requestDigest: stored.request_digest,
  beforeDigest: stored.before_digest,
  afterDigest: stored.after_digest,
  ip: stored.ip,
  requestId: stored.request_id,
  prevHash: stored.prev_hash,
  hash: stored.hash,
});
