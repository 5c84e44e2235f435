import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@wps/contract/memberArea';
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema/index.js';
import type { CodeHasher } from '../../lib/tokens.js';

/** A new recovery code as shown: `ABCDE-23456` (50 random bits). */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) {
    if (index === 5) code += '-';
    code += RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/** The code as stored: upper case, without the hyphen (it may be typed either way). */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/-/g, '').toUpperCase();
}

/** The HMAC binding: a hash copied to another member's row does not match there. */
function boundTo(customerId: number): string {
  return `recovery:${customerId}`;
}

/**
 * The one-time recovery codes of an authenticator: made when it is confirmed (the old ones go), shown
 * once, stored as HMACs bound to the member; each signs in once in place of the authenticator's code.
 */
export class RecoveryCodes {
  constructor(
    private readonly db: Db,
    private readonly hasher: CodeHasher,
    private readonly now: () => number,
  ) {}

  /** New codes for `customerId`, replacing any it had; `db` may be the transaction that turns the authenticator on. */
  async replace(db: Db, customerId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customerId));
    await db.insert(recoveryCodes).values(
      codes.map((code) => ({
        customerId,
        codeHash: this.hasher.hash(boundTo(customerId), normalizeRecoveryCode(code)),
      })),
    );
    return codes;
  }

  async remove(db: Db, customerId: number): Promise<void> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customerId));
  }

  async left(customerId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.customerId, customerId), isNull(recoveryCodes.usedAt)));
    return row?.value ?? 0;
  }

  /** Uses the matching unused code of the member: true once; a used, unknown or another member's code is false. */
  async consume(customerId: number, code: string): Promise<boolean> {
    const typed = normalizeRecoveryCode(code);
    const unused = await this.db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.customerId, customerId), isNull(recoveryCodes.usedAt)));
    // Every row is compared (no early exit), so the time does not tell which one matched.
    let match: number | null = null;
    for (const row of unused) {
      if (this.hasher.matches(boundTo(customerId), typed, row.codeHash)) match = row.id;
    }
    if (match === null) return false;
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: new Date(this.now()) })
      .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }
}
