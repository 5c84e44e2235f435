import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchaChallenges } from '../../db/schema/index.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';

/** The slider's and the text question's shared rules: one table, one attempt, one pass. */
export const CHALLENGE_RULES = {
  /** A challenge must be answered, and its pass used, within this time. */
  ttlMs: 2 * 60_000,
} as const;

/**
 * Text questions' ids start with this: the kind is part of the id (base64url tokens never hold a
 * dot), so the slider's verify never accepts a question's id, nor the question's verify a puzzle's,
 * with no column (or migration) to tell them apart.
 */
export const TEXT_CHALLENGE_PREFIX = 'text.';

export type ChallengeKind = 'slider' | 'text';

export function kindOf(challenge: string): ChallengeKind {
  return challenge.startsWith(TEXT_CHALLENGE_PREFIX) ? 'text' : 'slider';
}

/** Stores a new challenge of `merchantId` whose answer is `answer`; returns its id. */
export async function storeChallenge(
  db: Db,
  kind: ChallengeKind,
  merchantId: number,
  answer: number,
  now: number,
): Promise<string> {
  const challenge = (kind === 'text' ? TEXT_CHALLENGE_PREFIX : '') + newToken();
  // Challenges that can no longer be used are removed as new ones come (no timer needed).
  await db
    .delete(captchaChallenges)
    .where(lt(captchaChallenges.expiresAt, new Date(now - CHALLENGE_RULES.ttlMs)));
  await db.insert(captchaChallenges).values({
    challenge,
    merchantId,
    answerX: answer,
    issuedAt: new Date(now),
    expiresAt: new Date(now + CHALLENGE_RULES.ttlMs),
  });
  return challenge;
}

/**
 * The one attempt of a challenge: marks it attempted, atomically, and answers its answer and issue
 * time; undefined for an unknown, expired, already attempted or other merchant's challenge, or one
 * of the other kind (checked before anything is spent).
 */
export async function spendAttempt(
  db: Db,
  kind: ChallengeKind,
  merchantId: number,
  challenge: string,
  now: Date,
): Promise<{ answer: number; issuedAt: Date } | undefined> {
  if (kindOf(challenge) !== kind) return undefined;
  const [row] = await db
    .update(captchaChallenges)
    .set({ attemptedAt: now })
    .where(
      and(
        eq(captchaChallenges.challenge, challenge),
        eq(captchaChallenges.merchantId, merchantId),
        isNull(captchaChallenges.attemptedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ answer: captchaChallenges.answerX, issuedAt: captchaChallenges.issuedAt });
  return row;
}

/** A right answer's one-time pass (its hash kept), valid CHALLENGE_RULES.ttlMs from `now`. */
export async function grantPass(db: Db, challenge: string, now: Date): Promise<string> {
  const pass = newToken();
  await db
    .update(captchaChallenges)
    .set({ passHash: sha256Hex(pass), passExpiresAt: new Date(now.getTime() + CHALLENGE_RULES.ttlMs) })
    .where(eq(captchaChallenges.challenge, challenge));
  return pass;
}
