import { createHash, randomBytes } from 'node:crypto';
import type { ChatAuthKey } from '@wps/contract/chat';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatMemberKeys } from '../../db/schema/index.js';
import type { AuthenticatedSession } from '../identity/index.js';
import { invalidRequest } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';

/** How long a chat auth key works; the web asks for a fresh one at every token appearance. */
export const CHAT_AUTH_KEY_TTL_MS = 24 * 60 * 60 * 1000;

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The pseudo-identifier the chat knows a member by: merchant code plus user id (as the web builds it). */
export function chatPseudoId(merchantCode: string, customerId: number): string {
  return `${merchantCode}_${customerId}`;
}

export interface ChatMemberIdentity {
  customerId: number;
  name: string;
  pseudoId: string;
}

/**
 * WPSCORE_saveMemberInfoByAuthKey (spec sections 4 and 7): the member's name and pseudo-identifier
 * saved for the chat under a fresh auth key; the previous key of the member stops working.
 */
export class ChatMemberKeys {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async save(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: { name: string; pseudoId: string },
  ): Promise<ChatAuthKey> {
    // The identifier is the caller's own: merchant plus user id, never another member's.
    if (input.pseudoId !== chatPseudoId(merchant.code, session.customer.id)) {
      throw invalidRequest('pseudoId is not this member’s.');
    }
    const authKey = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + CHAT_AUTH_KEY_TTL_MS);
    const row = {
      keyHash: hashOf(authKey),
      name: input.name,
      pseudoId: input.pseudoId,
      expiresAt,
      updatedAt: new Date(this.now()),
    };
    await this.db
      .insert(chatMemberKeys)
      .values({ merchantId: merchant.id, customerId: session.customer.id, ...row })
      .onConflictDoUpdate({ target: [chatMemberKeys.merchantId, chatMemberKeys.customerId], set: row });
    return { authKey, expiresAt: expiresAt.toISOString() };
  }

  /** Whose key this is, for this merchant only; null for an unknown, replaced or expired key. */
  async identify(merchantId: number, authKey: string): Promise<ChatMemberIdentity | null> {
    const [row] = await this.db
      .select({
        customerId: chatMemberKeys.customerId,
        name: chatMemberKeys.name,
        pseudoId: chatMemberKeys.pseudoId,
      })
      .from(chatMemberKeys)
      .where(
        and(
          eq(chatMemberKeys.keyHash, hashOf(authKey)),
          eq(chatMemberKeys.merchantId, merchantId),
          gt(chatMemberKeys.expiresAt, new Date(this.now())),
        ),
      )
      .limit(1);
    return row ?? null;
  }
}
