import { ChatErrorCode, type ChatAttachment } from '@wps/contract/chat';
import type { ChatMessage } from '@wps/contract/schemas/chat';
import type { ChatQueueItem as QueueItem } from '@wps/contract/schemas/staff';
import type { Db } from '../../db/client.js';
import { DomainError } from '../errors.js';
import { ChatAttachments, imageOf } from './attachments.js';
import {
  conversationOwner,
  ownerKey,
  type ChatOwner,
  type ConversationRow,
  type StaffActor,
} from './model.js';
import { ChatOutbox } from './outbox.js';
import { merchantQueue, queueItem } from './queue.js';
import { ConversationState } from './state.js';
import { hasStaffPermission } from '../staff/permissions.js';
import type { ChatHub } from './transport/hub.js';

/**
 * The support chat's conversations: the member's side (by owner) and the staff side (by merchant,
 * always the staff member's). Each change is stored (state.ts, attachments.ts), then sent out to the
 * sockets of every instance (outbox.ts over the hub's bus).
 */
export class ChatService {
  private readonly state: ConversationState;
  private readonly attachments: ChatAttachments;
  private readonly outbox: ChatOutbox;

  constructor(
    private readonly db: Db,
    hub: ChatHub,
    private readonly now: () => number,
  ) {
    this.state = new ConversationState(db, now);
    this.attachments = new ChatAttachments(db);
    this.outbox = new ChatOutbox(hub);
  }

  // ---- member side -------------------------------------------------------------------------------

  /** The owner's messages after `since` (every conversation of theirs), in order. */
  history(
    merchantId: number,
    owner: ChatOwner,
    since: number,
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    return this.state.history(merchantId, owner, since);
  }

  /** Agent replies the owner has not read. */
  unread(merchantId: number, owner: ChatOwner): Promise<number> {
    return this.state.unread(merchantId, owner);
  }

  /** A visitor who logs in keeps their conversations: they become the member's. */
  adoptVisitor(merchantId: number, visitorId: string, customerId: number): Promise<void> {
    return this.state.adoptVisitor(merchantId, visitorId, customerId);
  }

  /**
   * Stores a member's message once per client id (a resend answers the stored one, `created` false)
   * in the owner's current conversation, opening one when there is none.
   */
  async memberSend(
    merchantId: number,
    owner: ChatOwner,
    clientId: string,
    body: string,
    language: string | null,
    attachmentId: string | null = null,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const previous = await this.state.memberMessage(merchantId, owner, clientId);
    if (previous !== null) return { message: previous, created: false };

    const conversation = await this.state.current(merchantId, owner, language);
    await this.state.checkRate(conversation.id, 'member');
    if (attachmentId !== null) await this.attachments.check(conversation.id, attachmentId);
    const stored = await this.state.insert(conversation, 'member', null, clientId, body, attachmentId);
    if (stored.created) {
      await this.outbox.message(merchantId, ownerKey(owner), stored.message);
      await this.publishConversation(merchantId, conversation.id);
    }
    return stored;
  }

  /** Delivered or read up to a message id: the owner's receipt of agent messages. */
  async memberReceipt(
    merchantId: number,
    owner: ChatOwner,
    kind: 'delivered' | 'read',
    upTo: number,
  ): Promise<void> {
    const at = new Date(this.now());
    const rows = await this.state.markAgentMessages(merchantId, owner, kind, upTo, at);
    await this.outbox.receipts(merchantId, ownerKey(owner), 'agent', kind, rows, at);
  }

  async memberTyping(merchantId: number, owner: ChatOwner, on: boolean): Promise<void> {
    const conversationId = await this.state.openConversationId(merchantId, owner);
    if (conversationId === null) return;
    await this.outbox.memberTyping(merchantId, ownerKey(owner), conversationId, on);
  }

  /**
   * An image the owner sends (then referenced by a message): real base64, at most
   * CHAT_ATTACHMENT_MAX_BYTES, a PNG, JPEG or WebP by its first bytes (never by a name or a declared
   * type: a script called photo.png is refused). Counted with the conversation's messages.
   */
  async attach(
    merchantId: number,
    owner: ChatOwner,
    data: string,
    language: string | null,
  ): Promise<ChatAttachment> {
    const image = imageOf(data);
    const conversation = await this.state.current(merchantId, owner, language);
    await this.state.checkRate(conversation.id, 'member');
    return this.attachments.store(merchantId, conversation.id, image);
  }

  /** An attachment's bytes for the merchant of the asking host only; null when there is none. */
  attachment(merchantId: number, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    return this.attachments.read(merchantId, id);
  }

  // ---- staff side --------------------------------------------------------------------------------

  /** The merchant's conversations that are not closed (and the last closed ones), newest activity first. */
  queue(actor: StaffActor, includeClosed = false): Promise<QueueItem[]> {
    return merchantQueue(this.db, actor.merchantId, includeClosed);
  }

  async staffMessages(actor: StaffActor, conversationId: number, since: number): Promise<ChatMessage[]> {
    await this.state.ofMerchant(actor.merchantId, conversationId);
    return this.state.messages(conversationId, since);
  }

  /**
   * An image an agent sends in a conversation of the agent's merchant that the agent may act on (the
   * same checks as the member's: the bytes' type, the size), then referenced by the reply.
   */
  async staffAttach(actor: StaffActor, conversationId: number, data: string): Promise<ChatAttachment> {
    const image = imageOf(data);
    const conversation = await this.openToAct(actor, conversationId);
    await this.state.checkRate(conversation.id, 'agent');
    return this.attachments.store(actor.merchantId, conversation.id, image);
  }

  async pickUp(actor: StaffActor, conversationId: number): Promise<QueueItem> {
    const conversation = await this.toAct(actor, conversationId);
    await this.state.assign(conversation.id, actor.id);
    return this.publishConversation(actor.merchantId, conversation.id);
  }

  async transfer(actor: StaffActor, conversationId: number, toStaffId: number): Promise<QueueItem> {
    const conversation = await this.toAct(actor, conversationId);
    const target = await this.state.activeStaffId(actor.merchantId, toStaffId);
    if (target === null) throw new DomainError('invalid_request', 'Invalid request. No such agent.');
    await this.state.assign(conversation.id, target);
    return this.publishConversation(actor.merchantId, conversation.id);
  }

  async close(actor: StaffActor, conversationId: number): Promise<QueueItem> {
    const conversation = await this.toAct(actor, conversationId);
    await this.state.close(conversation.id);
    return this.publishConversation(actor.merchantId, conversation.id);
  }

  /** An agent's reply (picks an open conversation up); once per client id. */
  async reply(
    actor: StaffActor,
    conversationId: number,
    clientId: string,
    body: string,
    attachmentId: string | null = null,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const conversation = await this.openToAct(actor, conversationId);
    await this.state.checkRate(conversation.id, 'agent');
    if (attachmentId !== null) await this.attachments.check(conversation.id, attachmentId);
    const stored = await this.state.insert(conversation, 'agent', actor, clientId, body, attachmentId);
    if (stored.created) {
      if (conversation.assignedStaffId === null) await this.state.assign(conversation.id, actor.id);
      await this.outbox.message(actor.merchantId, conversationOwner(conversation), stored.message);
      await this.publishConversation(actor.merchantId, conversation.id);
    }
    return stored;
  }

  async staffReceipt(actor: StaffActor, conversationId: number, upTo: number): Promise<void> {
    const conversation = await this.state.ofMerchant(actor.merchantId, conversationId);
    const at = new Date(this.now());
    const rows = await this.state.markMemberMessagesRead(conversation.id, upTo, at);
    await this.outbox.receipts(actor.merchantId, conversationOwner(conversation), 'member', 'read', rows, at);
    if (rows.length > 0) await this.publishConversation(actor.merchantId, conversation.id);
  }

  async staffTyping(actor: StaffActor, conversationId: number, on: boolean): Promise<void> {
    const conversation = await this.state.ofMerchant(actor.merchantId, conversationId);
    await this.outbox.agentTyping(actor.merchantId, conversationOwner(conversation), conversation.id, on);
  }

  /** The merchant's conversation, when the actor may act on it (an agent: unassigned or their own). */
  private async toAct(actor: StaffActor, conversationId: number): Promise<ConversationRow> {
    const conversation = await this.state.ofMerchant(actor.merchantId, conversationId);
    // A role with chat:takeover acts on any conversation of its merchant.
    const mayAct =
      hasStaffPermission(actor, 'chat:takeover') ||
      conversation.assignedStaffId === null ||
      conversation.assignedStaffId === actor.id;
    if (!mayAct)
      throw new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'This conversation is another agent’s.');
    return conversation;
  }

  /** As `toAct`, and not closed. */
  private async openToAct(actor: StaffActor, conversationId: number): Promise<ConversationRow> {
    const conversation = await this.toAct(actor, conversationId);
    if (conversation.status === 'closed') {
      throw new DomainError(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND, 'The conversation is closed.');
    }
    return conversation;
  }

  private async publishConversation(merchantId: number, conversationId: number): Promise<QueueItem> {
    const item = await queueItem(this.db, merchantId, conversationId);
    await this.outbox.conversation(merchantId, item);
    return item;
  }
}
