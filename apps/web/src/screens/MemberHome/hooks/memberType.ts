import type { MessageKey } from '@/i18n';

/** The name of a member type (spec section 3): 1 or 2 an agent, 0 a player, any other a member. */
export function memberTypeKey(type: number): MessageKey {
  if (type === 1 || type === 2) return 'member_type_agent';
  if (type === 0) return 'member_type_player';
  return 'member_type_member';
}
