/**
 * The pseudo-identifier the chat knows a member by: merchant plus user id. The underscore cannot occur
 * in a merchant code, so two merchant/id pairs never give the same identifier.
 */
export function chatPseudoId(merchantCode: string, userId: string): string {
  return `${merchantCode}_${userId}`;
}
