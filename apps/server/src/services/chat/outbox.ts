import type { ChatMessage } from '@wps/contract/schemas/chat';
import type { ChatSenderKind } from '@wps/contract/chat';
import type { ChatQueueItem as QueueItem } from '@wps/contract/schemas/staff';
import type { ChatHub } from './transport/hub.js';

/**
 * What a stored change of a conversation sends out, through the hub to every instance's sockets:
 * the owner's sockets hear their messages, receipts and the agent's typing; the merchant's staff hear
 * messages, receipts, the member's typing and the conversation's new queue entry. Published after the
 * change is stored, never before.
 */
export class ChatOutbox {
  constructor(private readonly hub: ChatHub) {}

  /** A new message, to both sides. */
  message(merchantId: number, owner: string, message: ChatMessage): Promise<void> {
    return this.hub.publish({
      merchantId,
      owner,
      member: { type: 'message', message },
      staff: { type: 'message', message },
    });
  }

  /** Delivered or read: one frame per conversation, up to its highest message id, to both sides. */
  async receipts(
    merchantId: number,
    owner: string,
    sender: ChatSenderKind,
    kind: 'delivered' | 'read',
    rows: { id: number; conversationId: number }[],
    at: Date,
  ): Promise<void> {
    const upTo = new Map<number, number>();
    for (const row of rows) upTo.set(row.conversationId, Math.max(upTo.get(row.conversationId) ?? 0, row.id));
    for (const [conversationId, id] of upTo) {
      const frame = {
        type: 'receipt',
        kind,
        sender,
        conversationId,
        upTo: id,
        at: at.toISOString(),
      } as const;
      await this.hub.publish({ merchantId, owner, member: frame, staff: frame });
    }
  }

  /** The member is typing: to the merchant's staff. */
  memberTyping(merchantId: number, owner: string, conversationId: number, on: boolean): Promise<void> {
    return this.hub.publish({
      merchantId,
      owner,
      staff: { type: 'typing', sender: 'member', conversationId, on },
    });
  }

  /** An agent is typing: to the owner. */
  agentTyping(merchantId: number, owner: string, conversationId: number, on: boolean): Promise<void> {
    return this.hub.publish({
      merchantId,
      owner,
      member: { type: 'typing', sender: 'agent', conversationId, on },
    });
  }

  /** The conversation's queue entry as it is now: to the merchant's staff. */
  conversation(merchantId: number, item: QueueItem): Promise<void> {
    return this.hub.publish({ merchantId, owner: '', staff: { type: 'conversation', conversation: item } });
  }
}
