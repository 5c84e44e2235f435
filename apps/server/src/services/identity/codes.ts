import { DEV_VERIFICATION_CODE } from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { CodeHasher } from '../../lib/tokens.js';
import { sixDigitCode } from '../../lib/tokens.js';

export type CodeChannel = 'sms' | 'email';
/** `contact`: a code to an address or number a signed-in member puts on the account (contacts.ts). */
export type CodePurpose = 'register' | 'login' | 'reset' | 'second_factor' | 'security' | 'contact';

export const CODE_RULES = {
  /** How long a code is accepted. */
  ttlMs: 5 * 60_000,
  /** How long before another code may be sent to the same destination for the same purpose. */
  resendIntervalMs: 60_000,
  /** Codes per destination (any purpose) per hour. */
  hourlyCap: 5,
  /** Wrong tries before a code is dead. */
  maxAttempts: 5,
  /**
   * Codes one member may have sent per hour for a purpose that takes any destination (adding an
   * address or number): without it a member could send 5 an hour to every number there is.
   */
  memberHourlyCap: 5,
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

/** Advisory-lock class of code requests (the object is a hash of merchant, channel and destination). */
const CODE_REQUEST_LOCK = 7_345_002;
/** Advisory-lock class of a member's code requests (the object is the member's id): `perMember`. */
const MEMBER_CODE_LOCK = 7_345_003;

/**
 * SMS and email codes: hashed, single use, expiring, with resend interval, hourly cap and attempts.
 * Every count is taken atomically, so parallel requests on any number of instances get no more than
 * the rules allow: the asks for one destination are serialised by a transaction-scoped advisory lock,
 * and a try takes its attempt (`attempts < max`, in the UPDATE) before the code is compared.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly hasher: CodeHasher,
    private readonly now: () => number,
    private readonly devMode: boolean,
  ) {}

  /**
   * A new code for `target`, or VERIFY_CODE_TOO_SOON while the resend interval runs or the hourly cap
   * is reached. `withhold`: the ask named no account; it counts like any ask (so the answer is the
   * same as for a member), but no code is made that could be sent or accepted. `perMember`: the
   * member's own codes of this purpose count too (`memberHourlyCap`, whatever their destination).
   */
  async issue(
    target: CodeTarget,
    customerId: number | null,
    options: { withhold?: boolean; perMember?: boolean } = {},
  ): Promise<IssuedCode> {
    const now = this.now();
    const withhold = options.withhold === true;
    const code = this.devMode && !withhold ? DEV_VERIFICATION_CODE : sixDigitCode();
    const codeHash = this.hasher.hash(target.destination, code);
    await this.db.transaction(async (tx) => {
      // One ask per destination at a time, on every instance: the checks below and the insert are one step.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${CODE_REQUEST_LOCK}, hashtext(${`${target.merchantId} ${target.channel} ${target.destination}`}))`,
      );
      const [latest] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(this.sameTarget(target))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (latest !== undefined && now - latest.createdAt.getTime() < CODE_RULES.resendIntervalMs) {
        const wait = Math.ceil((CODE_RULES.resendIntervalMs - (now - latest.createdAt.getTime())) / 1000);
        throw new DomainError(ErrorCode.VERIFY_CODE_TOO_SOON, `Please wait ${wait} s before asking again.`);
      }
      const [sent] = await tx
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
      if (options.perMember === true && customerId !== null) {
        // Taken after the destination's lock, always in that order: two asks never wait on each other.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${MEMBER_CODE_LOCK}, ${customerId})`);
        const [mine] = await tx
          .select({ value: count() })
          .from(verificationCodes)
          .where(
            and(
              eq(verificationCodes.customerId, customerId),
              eq(verificationCodes.purpose, target.purpose),
              gt(verificationCodes.createdAt, new Date(now - 3_600_000)),
            ),
          );
        if ((mine?.value ?? 0) >= CODE_RULES.memberHourlyCap) {
          throw new DomainError(ErrorCode.VERIFY_CODE_TOO_SOON, 'Too many codes. Try again later.');
        }
      }
      await tx.insert(verificationCodes).values({
        ...target,
        codeHash,
        customerId: withhold ? null : customerId,
        sent: !withhold,
        expiresAt: new Date(now + CODE_RULES.ttlMs),
        createdAt: new Date(now),
      });
    });
    return {
      code,
      resendAfter: CODE_RULES.resendIntervalMs / 1000,
      expiresIn: CODE_RULES.ttlMs / 1000,
    };
  }

  /**
   * Uses the newest live code of `target` when `code` matches it (once: a concurrent second use
   * finds it used). Each try first takes one of the code's attempts, so at most `maxAttempts` tries
   * are ever compared, however many arrive at once. Returns the code's customer id on success.
   * `customerId`: only that member's codes count, so another member's try (the same number asked for
   * by two accounts) neither uses nor spends the owner's code.
   */
  async consume(
    target: CodeTarget,
    code: string,
    customerId?: number,
  ): Promise<{ customerId: number | null } | null> {
    const now = new Date(this.now());
    const live = and(isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now));
    const mine = customerId === undefined ? undefined : eq(verificationCodes.customerId, customerId);
    const [newest] = await this.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(and(this.sameTarget(target), eq(verificationCodes.sent, true), live, mine))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (newest === undefined) return null;
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, newest.id),
          lt(verificationCodes.attempts, CODE_RULES.maxAttempts),
          live,
        ),
      )
      .returning({ codeHash: verificationCodes.codeHash, customerId: verificationCodes.customerId });
    if (row === undefined || !this.hasher.matches(target.destination, code, row.codeHash)) return null;
    const used = await this.db
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.id, newest.id), isNull(verificationCodes.usedAt)))
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
