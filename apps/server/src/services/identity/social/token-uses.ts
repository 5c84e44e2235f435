import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { socialTokenUses } from '../../../db/schema/index.js';
import { sha256Hex } from '../../../lib/tokens.js';

/**
 * Provider tokens already used for a sign-in (social_token_uses), kept until they expire: a token
 * signs in once. The insert is the check, so two requests with one token race to one row.
 */
export class TokenUses {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** True the first time `token` is used (remembered until `expiresAt`), false ever after. */
  async firstUse(merchantId: number, kind: string, token: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(socialTokenUses)
      .values({ tokenKey: `${kind}:${sha256Hex(token)}`, merchantId, expiresAt })
      .onConflictDoNothing()
      .returning({ tokenKey: socialTokenUses.tokenKey });
    return inserted.length === 1;
  }

  /** Forgets the tokens that expired (they would be refused for their expiry anyway). */
  async sweep(): Promise<void> {
    await this.db.delete(socialTokenUses).where(lt(socialTokenUses.expiresAt, new Date(this.now())));
  }
}
