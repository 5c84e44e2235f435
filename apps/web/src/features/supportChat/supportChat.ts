/**
 * The support chat as the token effects see it (spec section 4): a token appearing identifies the
 * member to the chat, losing it logs the chat out. Until the customer-service chat exists this is a
 * no-op; the chat installs its implementation with `setSupportChat`.
 */
export interface SupportChat {
  /** The member's user name and pseudo-identifier (see `chatPseudoId`). */
  identify(userName: string, pseudoId: string): void;
  /** Clears the chat user and ends its session. */
  logout(): void;
}

const NO_CHAT: SupportChat = {
  identify: () => undefined,
  logout: () => undefined,
};

let current: SupportChat = NO_CHAT;

export function supportChat(): SupportChat {
  return current;
}

/** Installs the chat (null: back to the no-op). */
export function setSupportChat(chat: SupportChat | null): void {
  current = chat ?? NO_CHAT;
}

/**
 * The pseudo-identifier the chat knows a member by: merchant plus user id. The underscore cannot occur
 * in a merchant code, so two merchant/id pairs never give the same identifier.
 */
export function chatPseudoId(merchantCode: string, userId: string): string {
  return `${merchantCode}_${userId}`;
}
