import { ChatErrorCode } from '@wps/contract/chat';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { StaffLoginPayload } from '@wps/contract/schemas/staff';
import type { StaffActor, StaffColleague } from '@wps/contract/staff';
import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffAccounts, staffRoles, staffSessions } from '../../db/schema/index.js';
import {
  base32Decode,
  hotp,
  type LoginAttempt,
  type LoginThrottle,
  type PasswordHasher,
  TOTP_STEP_SECONDS,
} from '../identity/index.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';
import { DomainError } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { actorColumns, actorOf, coversMerchant, staffTotpAad } from './roles.js';

/** A staff session lasts this long from sign-in (a working day). */
export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

export { staffTotpAad };

/** The TOTP step `code` is for (current, one before or after), or null. */
function matchingStep(secretBase32: string, code: string, timeMs: number): number | null {
  const key = base32Decode(secretBase32);
  if (key === null || !/^[0-9]{6}$/.test(code)) return null;
  const counter = Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
  let found: number | null = null;
  for (const delta of [-1, 0, 1]) {
    if (timingSafeEqual(Buffer.from(hotp(key, counter + delta)), Buffer.from(code))) found = counter + delta;
  }
  return found;
}

export interface StaffDeps {
  db: Db;
  hasher: PasswordHasher;
  kek: KeyEncryptionKey;
  now: () => number;
  /** The members' login throttle in its own namespace: failures per account, per (account, ip), per ip. */
  throttle: LoginThrottle;
}

/**
 * Staff sign-in (password and authenticator code, both required, one refusal for any wrong part)
 * and the console's sessions. Every attempt takes its place in the throttle first; a wrong user name,
 * password or code leaves it counted. Past the limits the account (or the address) is locked until
 * the window ends: staff_login_locked with Retry-After, even for the right password and code. A
 * success forgives the account's earlier failures.
 */
export class StaffService {
  constructor(private readonly deps: StaffDeps) {}

  async signIn(
    merchantId: number,
    input: StaffLoginPayload,
    ip: string,
    userAgent: string | null = null,
  ): Promise<{ token: string; actor: StaffActor }> {
    const attempt = await this.beginAttempt(merchantId, input.username, ip);
    try {
      const result = await this.checkCredentials(merchantId, input, { ip, userAgent });
      await attempt.succeededAndReset();
      return result;
    } catch (error) {
      // An account without an authenticator had the right password: nothing was guessed.
      if (error instanceof DomainError && error.code === ChatErrorCode.STAFF_SECOND_FACTOR_REQUIRED) {
        await attempt.abandoned();
      }
      throw error;
    }
  }

  private async beginAttempt(merchantId: number, username: string, ip: string): Promise<LoginAttempt> {
    const { throttle } = this.deps;
    const locked = () => {
      const error = new DomainError(
        ChatErrorCode.STAFF_LOGIN_LOCKED,
        'Too many failed sign-ins. Try again later.',
        { retryAfterS: throttle.retryAfterS() },
      );
      error.retryAfterS = throttle.retryAfterS();
      return error;
    };
    let attempt: LoginAttempt;
    try {
      attempt = await throttle.begin(merchantId, username, ip);
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.TOO_MANY_REQUEST) throw locked();
      throw error;
    }
    // Staff have no captcha: past the account's limit the account itself is locked for the window.
    if (attempt.captchaRequired) {
      await attempt.abandoned();
      throw locked();
    }
    return attempt;
  }

  /**
   * The account the user name names for this merchant: the merchant's own first, then one whose
   * scope includes it, then a platform operator's; an account whose scope does not cover the
   * merchant of the host is never found here.
   */
  private async checkCredentials(
    merchantId: number,
    input: StaffLoginPayload,
    from: { ip: string; userAgent: string | null },
  ): Promise<{ token: string; actor: StaffActor }> {
    const { db, hasher, kek, now } = this.deps;
    const [account] = await db
      .select({
        ...actorColumns(),
        passwordHash: staffAccounts.passwordHash,
        totpSecretSealed: staffAccounts.totpSecretSealed,
        totpLastStep: staffAccounts.totpLastStep,
      })
      .from(staffAccounts)
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(
        and(sql`lower(${staffAccounts.username}) = lower(${input.username})`, coversMerchant(merchantId)),
      )
      .orderBy(
        desc(sql`coalesce(${staffAccounts.merchantId} = ${merchantId}, false)`),
        asc(sql`${staffAccounts.merchantId} IS NULL`),
        asc(staffAccounts.id),
      )
      .limit(1);
    const failed = () =>
      new DomainError(ChatErrorCode.STAFF_LOGIN_FAILED, 'Wrong user name, password or code.');
    if (account === undefined || account.disabled) {
      await hasher.verifyNobody(input.password);
      throw failed();
    }
    if (!(await hasher.verify(account.passwordHash, input.password))) throw failed();
    // The database refuses an enabled account without a second factor (staff_accounts_second_factor);
    // this refusal stays for a database whose constraint was dropped by hand.
    if (account.totpSecretSealed === null) {
      throw new DomainError(
        ChatErrorCode.STAFF_SECOND_FACTOR_REQUIRED,
        'This account has no authenticator; ask an administrator to set one up.',
      );
    }
    const secret = kek.open(account.totpSecretSealed, staffTotpAad(account.id));
    const step = secret === null ? null : matchingStep(secret.toString(), input.code, now());
    if (step === null || (account.totpLastStep !== null && step <= account.totpLastStep)) throw failed();
    // Taken atomically: two sign-ins with one code cannot both pass.
    const taken = await db
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffAccounts.id, account.id),
          sql`(${staffAccounts.totpLastStep} IS NULL OR ${staffAccounts.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: staffAccounts.id });
    if (taken.length === 0) throw failed();

    const token = newToken();
    await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date(now())));
    await db.insert(staffSessions).values({
      staffId: account.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now() + STAFF_SESSION_TTL_MS),
      ip: from.ip,
      userAgent: from.userAgent?.slice(0, 300) ?? null,
    });
    return { token, actor: actorOf(account, merchantId) };
  }

  /**
   * The staff member of a session token acting on the merchant of the request's host, read again on
   * every call: their role's grants as they are now. Not signed in when the session is unknown
   * (revoked) or expired, the account disabled, or the merchant outside the account's scope.
   */
  async authenticate(token: string | undefined, merchantId: number): Promise<StaffActor> {
    if (token === undefined || token === '') throw notSignedIn();
    const [row] = await this.deps.db
      .select({ ...actorColumns(), inScope: coversMerchant(merchantId) })
      .from(staffSessions)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(
        and(
          eq(staffSessions.tokenHash, sha256Hex(token)),
          gt(staffSessions.expiresAt, new Date(this.deps.now())),
        ),
      );
    if (row === undefined || row.disabled || !row.inScope) throw notSignedIn();
    return actorOf(row, merchantId);
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token === undefined || token === '') return;
    await this.deps.db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256Hex(token)));
  }

  /** Deletes the sign-in throttle's ended windows. */
  sweep(): Promise<void> {
    return this.deps.throttle.sweep();
  }

  /** The merchant's staff (for a transfer): its own and those whose scope includes it. */
  async colleagues(actor: StaffActor): Promise<StaffColleague[]> {
    return this.deps.db
      .select({ id: staffAccounts.id, displayName: staffAccounts.displayName, role: staffRoles.code })
      .from(staffAccounts)
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(
        and(
          eq(staffRoles.platform, false),
          coversMerchant(actor.merchantId),
          eq(staffAccounts.disabled, false),
        ),
      )
      .orderBy(staffAccounts.id);
  }
}

function notSignedIn(): DomainError {
  return new DomainError(ChatErrorCode.STAFF_NOT_SIGNED_IN, 'Please sign in.');
}
