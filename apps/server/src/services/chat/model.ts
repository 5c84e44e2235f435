import { ChatErrorCode } from '@wps/contract/chat';
import type { ChatMessage } from '@wps/contract/schemas/chat';
export type { StaffActor } from '@wps/contract/staff';
import type { chatConversations, chatMessages } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';

/** Who a member-side conversation belongs to. */
export type ChatOwner = { kind: 'member'; customerId: number } | { kind: 'visitor'; visitorId: string };

export function ownerKey(owner: ChatOwner): string {
  return owner.kind === 'member' ? `m:${owner.customerId}` : `v:${owner.visitorId}`;
}

/** The staff member a console call acts for (from the staff session): the contract's. */

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export class RateLimited extends DomainError {
  constructor(readonly retryAfterMs: number) {
    super(ChatErrorCode.CHAT_RATE_LIMITED, 'Too many messages; send again in a moment.', { retryAfterMs });
  }
}

/** The owner key of a stored conversation (the member's, else the visitor's). */
export function conversationOwner(conversation: ConversationRow): string {
  return conversation.customerId !== null
    ? `m:${conversation.customerId}`
    : `v:${conversation.visitorId ?? ''}`;
}

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

export function toMessage(row: MessageRow, agentName: string | null): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    sender: row.sender,
    agentName: row.sender === 'agent' ? agentName : null,
    body: row.body,
    attachmentId: row.attachmentId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
  };
}
