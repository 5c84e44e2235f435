import { ChatErrorCode } from '@wps/contract/chat';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { StaffLoginPayload } from '@wps/contract/schemas/staff';
import type { StaffActor, StaffColleague } from '@wps/contract/staff';
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffAccounts, staffSessions } from '../../db/schema/index.js';
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

/** A staff session lasts this long from sign-in (a working day). */
export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

export function staffTotpAad(staffId: number): string {
  return `staff-totp:${staffId}`;
}

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
  ): Promise<{ token: string; actor: StaffActor }> {
    const attempt = await this.beginAttempt(merchantId, input.username, ip);
    try {
      const result = await this.checkCredentials(merchantId, input);
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

  private async checkCredentials(
    merchantId: number,
    input: StaffLoginPayload,
  ): Promise<{ token: string; actor: StaffActor }> {
    const { db, hasher, kek, now } = this.deps;
    const [account] = await db
      .select()
      .from(staffAccounts)
      .where(
        and(
          eq(staffAccounts.merchantId, merchantId),
          sql`lower(${staffAccounts.username}) = lower(${input.username})`,
        ),
      );
    const failed = () =>
      new DomainError(ChatErrorCode.STAFF_LOGIN_FAILED, 'Wrong user name, password or code.');
    if (account === undefined || account.disabled) {
      await hasher.verifyNobody(input.password);
      throw failed();
    }
    if (!(await hasher.verify(account.passwordHash, input.password))) throw failed();
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
    });
    return { token, actor: actorOf(account) };
  }

  /** The staff member of a session token, for the merchant of the request host only. */
  async authenticate(token: string | undefined, merchantId: number): Promise<StaffActor> {
    if (token === undefined || token === '') throw notSignedIn();
    const [row] = await this.deps.db
      .select({ account: staffAccounts })
      .from(staffSessions)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, sha256Hex(token)),
          gt(staffSessions.expiresAt, new Date(this.deps.now())),
        ),
      );
    if (row === undefined || row.account.disabled || row.account.merchantId !== merchantId)
      throw notSignedIn();
    return actorOf(row.account);
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token === undefined || token === '') return;
    await this.deps.db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256Hex(token)));
  }

  /** Deletes the sign-in throttle's ended windows. */
  sweep(): Promise<void> {
    return this.deps.throttle.sweep();
  }

  /** The merchant's agents (for a transfer). */
  async colleagues(actor: StaffActor): Promise<StaffColleague[]> {
    return this.deps.db
      .select({ id: staffAccounts.id, displayName: staffAccounts.displayName, role: staffAccounts.role })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.merchantId, actor.merchantId), eq(staffAccounts.disabled, false)))
      .orderBy(staffAccounts.id);
  }
}

function notSignedIn(): DomainError {
  return new DomainError(ChatErrorCode.STAFF_NOT_SIGNED_IN, 'Please sign in.');
}

function actorOf(account: typeof staffAccounts.$inferSelect): StaffActor {
  return {
    id: account.id,
    merchantId: account.merchantId,
    role: account.role,
    displayName: account.displayName,
  };
}
