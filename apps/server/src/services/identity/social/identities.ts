import { ErrorCode } from '@wps/contract/errorCodes';
import {
  SOCIAL_BIND_TOKEN_TTL_MS,
  type BindCustomerRequired,
  type LinkedSignIn,
  type SocialProvider,
  SocialErrorCode,
} from '@wps/contract/social';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { customers, socialBindTokens, socialIdentities } from '../../../db/schema/index.js';
import { DomainError } from '../../errors.js';
import { uniqueViolation } from '../../../db/unique-violation.js';
import type { Customer } from '../sessions.js';
import { newToken, sha256Hex } from '../../../lib/tokens.js';
import type { VerifiedSocialIdentity } from './types.js';

function bindTokenInvalid(): DomainError {
  return new DomainError(
    SocialErrorCode.BIND_TOKEN_INVALID,
    'This sign-in has expired or was used. Please sign in with the provider again.',
  );
}

function identityTaken(): DomainError {
  return new DomainError(SocialErrorCode.SOCIAL_IDENTITY_TAKEN, 'This sign-in is linked to another account.');
}

/**
 * Linked sign-ins (social_identities) and the bind tokens of sign-ins that matched no member
 * (social_bind_tokens). Every query names the merchant: a sign-in of merchant A finds nothing in B.
 */
export class SocialLinks {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The member linked to `identity`, its last use moved on; null when none. */
  async customerOf(merchantId: number, identity: VerifiedSocialIdentity): Promise<Customer | null> {
    const [row] = await this.db
      .select({ id: socialIdentities.id, customer: customers })
      .from(socialIdentities)
      .innerJoin(customers, eq(customers.id, socialIdentities.customerId))
      .where(
        and(
          eq(socialIdentities.merchantId, merchantId),
          eq(socialIdentities.provider, identity.provider),
          eq(socialIdentities.subject, identity.subject),
        ),
      )
      .limit(1);
    if (row === undefined || row.customer.merchantId !== merchantId) return null;
    await this.db
      .update(socialIdentities)
      .set({
        lastUsedAt: new Date(this.now()),
        // The provider's latest name and picture, when it gave them.
        ...(identity.displayName === null ? {} : { displayName: identity.displayName }),
        ...(identity.pictureUrl === null ? {} : { pictureUrl: identity.pictureUrl }),
      })
      .where(eq(socialIdentities.id, row.id));
    return row.customer;
  }

  /**
   * Links `identity` to the member (in `db`, a transaction of the caller's). Already linked to the
   * same member: nothing to do; to another: social_identity_taken.
   */
  async link(
    db: Db,
    merchantId: number,
    customerId: number,
    identity: VerifiedSocialIdentity,
  ): Promise<void> {
    const at = new Date(this.now());
    try {
      const inserted = await db
        .insert(socialIdentities)
        .values({
          merchantId,
          customerId,
          provider: identity.provider,
          subject: identity.subject,
          displayName: identity.displayName,
          pictureUrl: identity.pictureUrl,
          createdAt: at,
          lastUsedAt: at,
        })
        .onConflictDoNothing()
        .returning({ customerId: socialIdentities.customerId });
      if (inserted.length === 1) return;
    } catch (error) {
      if (uniqueViolation(error) !== null) throw identityTaken();
      throw error;
    }
    const [existing] = await db
      .select({ customerId: socialIdentities.customerId })
      .from(socialIdentities)
      .where(
        and(
          eq(socialIdentities.merchantId, merchantId),
          eq(socialIdentities.provider, identity.provider),
          eq(socialIdentities.subject, identity.subject),
        ),
      )
      .limit(1);
    if (existing?.customerId !== customerId) throw identityTaken();
  }

  /** A bind token for a sign-in that matched no member: what bind_customer_required carries. */
  async issueBindToken(merchantId: number, identity: VerifiedSocialIdentity): Promise<BindCustomerRequired> {
    const bindToken = newToken();
    const now = this.now();
    await this.db.insert(socialBindTokens).values({
      tokenHash: sha256Hex(bindToken),
      merchantId,
      provider: identity.provider,
      subject: identity.subject,
      displayName: identity.displayName,
      pictureUrl: identity.pictureUrl,
      expiresAt: new Date(now + SOCIAL_BIND_TOKEN_TTL_MS),
    });
    return {
      bindToken,
      provider: identity.provider,
      displayName: identity.displayName,
      pictureUrl: identity.pictureUrl,
      expiresIn: Math.floor(SOCIAL_BIND_TOKEN_TTL_MS / 1000),
    };
  }

  /** The sign-in of an unused, unexpired bind token of this merchant, without using it up; else bind_token_invalid. */
  async peekBindToken(merchantId: number, bindToken: string): Promise<VerifiedSocialIdentity> {
    const [row] = await this.db
      .select()
      .from(socialBindTokens)
      .where(this.usable(merchantId, bindToken))
      .limit(1);
    if (row === undefined) throw bindTokenInvalid();
    return identityOfRow(row);
  }

  /**
   * Uses the bind token up (in `db`, so a registration that fails gives it back) and answers its
   * sign-in; of two requests with one token exactly one gets it, the other bind_token_invalid.
   */
  async claimBindToken(db: Db, merchantId: number, bindToken: string): Promise<VerifiedSocialIdentity> {
    const [row] = await db
      .update(socialBindTokens)
      .set({ usedAt: new Date(this.now()) })
      .where(this.usable(merchantId, bindToken))
      .returning();
    if (row === undefined) throw bindTokenInvalid();
    return identityOfRow(row);
  }

  /** The member's linked sign-ins, oldest first. */
  async list(merchantId: number, customerId: number): Promise<LinkedSignIn[]> {
    const rows = await this.db
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.merchantId, merchantId), eq(socialIdentities.customerId, customerId)))
      .orderBy(asc(socialIdentities.createdAt), asc(socialIdentities.id));
    return rows.map((row) => ({
      id: String(row.id),
      provider: row.provider as SocialProvider,
      displayName: row.displayName,
      pictureUrl: row.pictureUrl,
      linkedAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
    }));
  }

  /**
   * Unlinks one of the member's sign-ins. Another member's id is not_found, as an unknown one; the
   * last sign-in of an account without a password is social_last_sign_in. One transaction, the
   * member's row locked, so two unlinks at once cannot both pass the last-sign-in check.
   */
  async unlink(merchantId: number, customer: Customer, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ hasPassword: customers.hasPassword })
        .from(customers)
        .where(eq(customers.id, customer.id))
        .for('update');
      const [row] = await tx
        .select({ id: socialIdentities.id })
        .from(socialIdentities)
        .where(
          and(
            eq(socialIdentities.id, id),
            eq(socialIdentities.merchantId, merchantId),
            eq(socialIdentities.customerId, customer.id),
          ),
        )
        .limit(1);
      if (member === undefined || row === undefined) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'No such linked sign-in.');
      }
      if (!member.hasPassword) {
        const [linked] = await tx
          .select({ n: count() })
          .from(socialIdentities)
          .where(eq(socialIdentities.customerId, customer.id));
        if ((linked?.n ?? 0) <= 1) {
          throw new DomainError(
            SocialErrorCode.SOCIAL_LAST_SIGN_IN,
            'This is the only way into your account. Set a password before unlinking it.',
          );
        }
      }
      await tx.delete(socialIdentities).where(eq(socialIdentities.id, row.id));
    });
  }

  /** Drops used and expired bind tokens. */
  async sweep(): Promise<void> {
    await this.db.delete(socialBindTokens).where(lt(socialBindTokens.expiresAt, new Date(this.now())));
  }

  private usable(merchantId: number, bindToken: string) {
    return and(
      eq(socialBindTokens.tokenHash, sha256Hex(bindToken)),
      eq(socialBindTokens.merchantId, merchantId),
      isNull(socialBindTokens.usedAt),
      gt(socialBindTokens.expiresAt, new Date(this.now())),
    );
  }
}

function identityOfRow(row: typeof socialBindTokens.$inferSelect): VerifiedSocialIdentity {
  return {
    provider: row.provider as SocialProvider,
    subject: row.subject,
    displayName: row.displayName,
    pictureUrl: row.pictureUrl,
  };
}
