import { PASSKEY_CHALLENGE_TTL_MS } from '@wps/contract/passkeys';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { passkeyChallenges } from '../../../db/schema/index.js';
import { sha256Hex } from '../../../lib/tokens.js';
import { challengeExpired } from './webauthn.js';

/** Used and expired challenges are swept this long after they expired. */
const CHALLENGE_SWEEP_AFTER_MS = 60 * 60_000;

/**
 * The passkey ceremonies' challenges: stored hashed, used once, expiring after
 * PASSKEY_CHALLENGE_TTL_MS, each of one merchant, one relying party and one purpose (and, for a
 * registration, of the member's session).
 */
export class PasskeyChallenges {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async store(
    challenge: string,
    values: Omit<typeof passkeyChallenges.$inferInsert, 'challengeHash' | 'expiresAt' | 'createdAt'>,
  ): Promise<void> {
    const now = this.now();
    await this.db
      .delete(passkeyChallenges)
      .where(lt(passkeyChallenges.expiresAt, new Date(now - CHALLENGE_SWEEP_AFTER_MS)));
    await this.db.insert(passkeyChallenges).values({
      ...values,
      challengeHash: sha256Hex(challenge),
      expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS),
      createdAt: new Date(now),
    });
  }

  /** Uses the challenge up, once: unknown, used, expired, or of another merchant, purpose or relying party → expired. */
  async claim(
    challenge: string,
    merchantId: number,
    purpose: 'registration' | 'authentication',
    rpId: string,
  ): Promise<typeof passkeyChallenges.$inferSelect> {
    const now = new Date(this.now());
    const [row] = await this.db
      .update(passkeyChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(passkeyChallenges.challengeHash, sha256Hex(challenge)),
          eq(passkeyChallenges.merchantId, merchantId),
          eq(passkeyChallenges.purpose, purpose),
          eq(passkeyChallenges.rpId, rpId),
          isNull(passkeyChallenges.usedAt),
          gt(passkeyChallenges.expiresAt, now),
        ),
      )
      .returning();
    if (row === undefined) throw challengeExpired();
    return row;
  }
}
