import { DEV_VERIFICATION_CODE, ErrorCode } from '@wps/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';
import { DomainError } from '../errors.js';
import type { CodeHasher } from './tokens.js';
import { sixDigitCode } from './tokens.js';

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'register' | 'login' | 'reset' | 'second_factor';

export const CODE_RULES = {
  /** How long a code is accepted. */
  ttlMs: 5 * 60_000,
  /** How long before another code may be sent to the same destination for the same purpose. */
  resendIntervalMs: 60_000,
  /** Codes per destination (any purpose) per hour. */
  hourlyCap: 5,
  /** Wrong tries before a code is dead. */
  maxAttempts: 5,
} as const;

export interface CodeTarget {
  merchantId: number;
  channel: CodeChannel;
  destination: string;
  purpose: CodePurpose;
}

export interface IssuedCode {
  /** The code itself: for the message only, never for an answer or a log line. */
  code: string;
  resendAfter: number;
  expiresIn: number;
}

/** SMS and email codes: hashed, single use, expiring, with resend interval, hourly cap and attempts. */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly hasher: CodeHasher,
    private readonly now: () => number,
    private readonly devMode: boolean,
  ) {}

  /** A new code for `target`, or VERIFY_CODE_TOO_SOON while the resend interval runs or the hourly cap is reached. */
  async issue(target: CodeTarget, customerId: number | null): Promise<IssuedCode> {
    const now = this.now();
    const [latest] = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(this.sameTarget(target))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (latest !== undefined && now - latest.createdAt.getTime() < CODE_RULES.resendIntervalMs) {
      const wait = Math.ceil((CODE_RULES.resendIntervalMs - (now - latest.createdAt.getTime())) / 1000);
      throw new DomainError(ErrorCode.VERIFY_CODE_TOO_SOON, `Please wait ${wait} s before asking again.`);
    }
    const [sent] = await this.db
      .select({ value: count() })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.merchantId, target.merchantId),
          eq(verificationCodes.channel, target.channel),
          eq(verificationCodes.destination, target.destination),
          gt(verificationCodes.createdAt, new Date(now - 3_600_000)),
        ),
      );
    if ((sent?.value ?? 0) >= CODE_RULES.hourlyCap) {
      throw new DomainError(ErrorCode.VERIFY_CODE_TOO_SOON, 'Too many codes. Try again later.');
    }
    const code = this.devMode ? DEV_VERIFICATION_CODE : sixDigitCode();
    await this.db.insert(verificationCodes).values({
      ...target,
      codeHash: this.hasher.hash(target.destination, code),
      customerId,
      expiresAt: new Date(now + CODE_RULES.ttlMs),
      createdAt: new Date(now),
    });
    return {
      code,
      resendAfter: CODE_RULES.resendIntervalMs / 1000,
      expiresIn: CODE_RULES.ttlMs / 1000,
    };
  }

  /**
   * Uses the newest live code of `target` when `code` matches it (once: a concurrent second use
   * finds it used); a wrong code counts an attempt. Returns the code's customer id on success.
   */
  async consume(target: CodeTarget, code: string): Promise<{ customerId: number | null } | null> {
    const now = new Date(this.now());
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(this.sameTarget(target), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now)),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (row === undefined || row.attempts >= CODE_RULES.maxAttempts) return null;
    if (!this.hasher.matches(target.destination, code, row.codeHash)) {
      await this.db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id));
      return null;
    }
    const used = await this.db
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return used.length === 1 ? { customerId: row.customerId } : null;
  }

  private sameTarget(target: CodeTarget) {
    return and(
      eq(verificationCodes.merchantId, target.merchantId),
      eq(verificationCodes.channel, target.channel),
      eq(verificationCodes.destination, target.destination),
      eq(verificationCodes.purpose, target.purpose),
    );
  }
}

/** The destination key of a mobile number: dialing code without plus, a space, the number. */
export function mobileDestination(countryDialingCode: string, mobileNum: string): string {
  return `${countryDialingCode.replace(/^\+/, '')} ${mobileNum}`;
}
