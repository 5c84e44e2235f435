import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_HISTORY_PAGE,
  type ChatAttachment,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  ChatErrorCode,
  type ChatMessage,
  type ChatSenderKind,
} from '@wps/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  chatAttachments,
  chatConversations,
  chatMessages,
  customers,
  staffAccounts,
} from '../../db/schema.js';
import { screenshotTypeOf } from '../member/index.js';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../errors.js';
import type { ChatHub } from './hub.js';
import type { QueueItem } from './bus.js';

/** Who a member-side conversation belongs to. */
export type ChatOwner = { kind: 'member'; customerId: number } | { kind: 'visitor'; visitorId: string };

export function ownerKey(owner: ChatOwner): string {
  return owner.kind === 'member' ? `m:${owner.customerId}` : `v:${owner.visitorId}`;
}

/** The staff member a console call acts for (from the staff session). */
export interface StaffActor {
  id: number;
  merchantId: number;
  role: 'agent' | 'supervisor' | 'admin';
  displayName: string;
}

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export class RateLimited extends DomainError {
  constructor(readonly retryAfterMs: number) {
    super(ChatErrorCode.CHAT_RATE_LIMITED, 'Too many messages; send again in a moment.', { retryAfterMs });
  }
}

function iso(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/**
 * Conversations and messages: the member's side (by owner) and the staff side (by merchant, always
 * filtered by the staff member's merchant). Every change is published to the hub after it is stored.
 */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly hub: ChatHub,
    private readonly now: () => number,
  ) {}

  // ---- member side -------------------------------------------------------------------------------

  private ownerWhere(merchantId: number, owner: ChatOwner): SQL | undefined {
    return and(
      eq(chatConversations.merchantId, merchantId),
      owner.kind === 'member'
        ? eq(chatConversations.customerId, owner.customerId)
        : eq(chatConversations.visitorId, owner.visitorId),
    );
  }

  /** The owner's messages after `since` (every conversation of theirs), in order. */
  async history(
    merchantId: number,
    owner: ChatOwner,
    since: number,
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const rows = await this.db
      .select({ message: chatMessages, agentName: staffAccounts.displayName })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
      .where(and(this.ownerWhere(merchantId, owner), gt(chatMessages.id, since)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_HISTORY_PAGE + 1);
    return {
      messages: rows.slice(0, CHAT_HISTORY_PAGE).map((row) => toMessage(row.message, row.agentName)),
      more: rows.length > CHAT_HISTORY_PAGE,
    };
  }

  /** Agent replies the owner has not read. */
  async unread(merchantId: number, owner: ChatOwner): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          this.ownerWhere(merchantId, owner),
          eq(chatMessages.sender, 'agent'),
          isNull(chatMessages.readAt),
        ),
      );
    return row?.value ?? 0;
  }

  /** A visitor who logs in keeps their conversations: they become the member's. */
  async adoptVisitor(merchantId: number, visitorId: string, customerId: number): Promise<void> {
    await this.db
      .update(chatConversations)
      .set({ customerId, visitorId: null })
      .where(and(eq(chatConversations.merchantId, merchantId), eq(chatConversations.visitorId, visitorId)));
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
    const previous = await this.db
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          this.ownerWhere(merchantId, owner),
          eq(chatMessages.sender, 'member'),
          eq(chatMessages.clientId, clientId),
        ),
      )
      .limit(1);
    if (previous[0] !== undefined) return { message: toMessage(previous[0].message, null), created: false };

    const conversation = await this.currentConversation(merchantId, owner, language);
    await this.checkRate(conversation.id, 'member');
    if (attachmentId !== null) await this.checkAttachment(conversation.id, attachmentId);
    const stored = await this.insert(conversation, 'member', null, clientId, body, attachmentId);
    if (stored.created) {
      await this.hub.publish({
        merchantId,
        owner: ownerKey(owner),
        member: { type: 'message', message: stored.message },
        staff: { type: 'message', message: stored.message },
      });
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
    const column = kind === 'read' ? chatMessages.readAt : chatMessages.deliveredAt;
    const owned = this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(this.ownerWhere(merchantId, owner));
    const set =
      kind === 'read'
        ? { readAt: at, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${at})` }
        : { deliveredAt: at };
    const rows = await this.db
      .update(chatMessages)
      .set(set)
      .where(
        and(
          inArray(chatMessages.conversationId, owned),
          eq(chatMessages.sender, 'agent'),
          lte(chatMessages.id, upTo),
          isNull(column),
        ),
      )
      .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId });
    await this.publishReceipts(merchantId, ownerKey(owner), 'agent', kind, rows, at);
  }

  async memberTyping(merchantId: number, owner: ChatOwner, on: boolean): Promise<void> {
    const [conversation] = await this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(this.ownerWhere(merchantId, owner), ne(chatConversations.status, 'closed')))
      .orderBy(desc(chatConversations.id))
      .limit(1);
    if (conversation === undefined) return;
    await this.hub.publish({
      merchantId,
      owner: ownerKey(owner),
      staff: { type: 'typing', sender: 'member', conversationId: conversation.id, on },
    });
  }

  private async currentConversation(
    merchantId: number,
    owner: ChatOwner,
    language: string | null,
  ): Promise<ConversationRow> {
    const [open] = await this.db
      .select()
      .from(chatConversations)
      .where(and(this.ownerWhere(merchantId, owner), ne(chatConversations.status, 'closed')))
      .orderBy(desc(chatConversations.id))
      .limit(1);
    if (open !== undefined) return open;
    const [created] = await this.db
      .insert(chatConversations)
      .values({
        merchantId,
        customerId: owner.kind === 'member' ? owner.customerId : null,
        visitorId: owner.kind === 'visitor' ? owner.visitorId : null,
        language,
        lastMessageAt: new Date(this.now()),
      })
      .returning();
    if (created === undefined) throw new Error('conversation not created');
    return created;
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
    const conversation = await this.currentConversation(merchantId, owner, language);
    await this.checkRate(conversation.id, 'member');
    return this.storeAttachment(merchantId, conversation.id, image);
  }

  /**
   * An image an agent sends in a conversation of the agent's merchant that the agent may act on (the
   * same checks as the member's: the bytes' type, the size), then referenced by the reply.
   */
  async staffAttach(actor: StaffActor, conversationId: number, data: string): Promise<ChatAttachment> {
    const image = imageOf(data);
    const conversation = await this.conversationFor(actor, conversationId);
    if (!this.canAct(actor, conversation)) throw this.forbidden();
    if (conversation.status === 'closed') {
      throw new DomainError(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND, 'The conversation is closed.');
    }
    await this.checkRate(conversation.id, 'agent');
    return this.storeAttachment(actor.merchantId, conversation.id, image);
  }

  private async storeAttachment(
    merchantId: number,
    conversationId: number,
    image: { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/webp' },
  ): Promise<ChatAttachment> {
    const id = randomBytes(16).toString('base64url');
    await this.db.insert(chatAttachments).values({
      id,
      merchantId,
      conversationId,
      contentType: image.contentType,
      size: image.bytes.length,
      data: image.bytes.toString('base64'),
    });
    return { id, contentType: image.contentType, size: image.bytes.length };
  }

  /** An attachment's bytes for the merchant of the asking host only; null when there is none. */
  async attachment(merchantId: number, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ contentType: chatAttachments.contentType, data: chatAttachments.data })
      .from(chatAttachments)
      .where(and(eq(chatAttachments.id, id), eq(chatAttachments.merchantId, merchantId)));
    return row === undefined
      ? null
      : { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') };
  }

  private async checkAttachment(conversationId: number, attachmentId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: chatAttachments.id })
      .from(chatAttachments)
      .where(and(eq(chatAttachments.id, attachmentId), eq(chatAttachments.conversationId, conversationId)));
    if (row === undefined) throw new DomainError('invalid_request', 'Invalid request. attachmentId: unknown');
  }

  /** Per conversation and side: at most CHAT_RATE_LIMIT messages in CHAT_RATE_WINDOW_MS (every instance counts). */
  private async checkRate(conversationId: number, sender: ChatSenderKind): Promise<void> {
    const windowStart = new Date(this.now() - CHAT_RATE_WINDOW_MS);
    const recent = await this.db
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.sender, sender),
          gt(chatMessages.createdAt, windowStart),
        ),
      )
      .orderBy(asc(chatMessages.createdAt))
      .limit(CHAT_RATE_LIMIT);
    if (recent.length < CHAT_RATE_LIMIT) return;
    const oldest = recent[0]?.createdAt.getTime() ?? this.now();
    throw new RateLimited(Math.max(1, oldest + CHAT_RATE_WINDOW_MS - this.now()));
  }

  private async insert(
    conversation: ConversationRow,
    sender: ChatSenderKind,
    staff: StaffActor | null,
    clientId: string,
    body: string,
    attachmentId: string | null = null,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const at = new Date(this.now());
    const [row] = await this.db
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        sender,
        staffId: staff?.id ?? null,
        clientId,
        body,
        attachmentId,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (row !== undefined) {
      await this.db
        .update(chatConversations)
        .set({ lastMessageAt: at })
        .where(eq(chatConversations.id, conversation.id));
      return { message: toMessage(row, staff?.displayName ?? null), created: true };
    }
    // A concurrent resend stored it first.
    const [existing] = await this.db
      .select({ message: chatMessages, agentName: staffAccounts.displayName })
      .from(chatMessages)
      .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          eq(chatMessages.sender, sender),
          eq(chatMessages.clientId, clientId),
        ),
      );
    if (existing === undefined) throw new Error('message neither stored nor found');
    return { message: toMessage(existing.message, existing.agentName), created: false };
  }

  private async publishReceipts(
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

  // ---- staff side --------------------------------------------------------------------------------

  /** The merchant's conversations that are not closed (and the last closed ones), newest activity first. */
  async queue(actor: StaffActor, includeClosed = false): Promise<QueueItem[]> {
    const rows = await this.queueRows(
      and(
        eq(chatConversations.merchantId, actor.merchantId),
        includeClosed ? undefined : ne(chatConversations.status, 'closed'),
      ),
    );
    return rows;
  }

  private async queueRows(where: SQL | undefined): Promise<QueueItem[]> {
    const rows = await this.db
      .select({
        conversation: chatConversations,
        account: customers.username,
        vipLabel: customers.clubLabelName,
        memberLanguage: customers.language,
        assignedName: staffAccounts.displayName,
        unread: sql<number>`(SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = ${chatConversations.id} AND m.sender = 'member' AND m.read_at IS NULL)`,
        lastMessage: sql<
          string | null
        >`(SELECT body FROM chat_messages m WHERE m.conversation_id = ${chatConversations.id} ORDER BY m.id DESC LIMIT 1)`,
      })
      .from(chatConversations)
      .leftJoin(customers, eq(customers.id, chatConversations.customerId))
      .leftJoin(staffAccounts, eq(staffAccounts.id, chatConversations.assignedStaffId))
      .where(where)
      .orderBy(desc(chatConversations.lastMessageAt))
      .limit(200);
    return rows.map((row) => ({
      id: row.conversation.id,
      status: row.conversation.status,
      assignedStaffId: row.conversation.assignedStaffId,
      assignedName: row.assignedName,
      account: row.account,
      visitor: row.conversation.customerId === null,
      vipLabel: row.vipLabel,
      language: row.conversation.language ?? row.memberLanguage,
      lastMessageAt: row.conversation.lastMessageAt.toISOString(),
      unread: Number(row.unread ?? 0),
      lastMessage: row.lastMessage,
    }));
  }

  /** The conversation when it is the actor's merchant's; otherwise not found (never another's). */
  private async conversationFor(actor: StaffActor, conversationId: number): Promise<ConversationRow> {
    const [row] = await this.db
      .select()
      .from(chatConversations)
      .where(
        and(eq(chatConversations.id, conversationId), eq(chatConversations.merchantId, actor.merchantId)),
      );
    if (row === undefined) {
      throw new DomainError(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND, 'No such conversation.');
    }
    return row;
  }

  async staffMessages(actor: StaffActor, conversationId: number, since: number): Promise<ChatMessage[]> {
    await this.conversationFor(actor, conversationId);
    const rows = await this.db
      .select({ message: chatMessages, agentName: staffAccounts.displayName })
      .from(chatMessages)
      .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, since)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_HISTORY_PAGE);
    return rows.map((row) => toMessage(row.message, row.agentName));
  }

  private canAct(actor: StaffActor, conversation: ConversationRow): boolean {
    return (
      actor.role !== 'agent' ||
      conversation.assignedStaffId === null ||
      conversation.assignedStaffId === actor.id
    );
  }

  private forbidden(): DomainError {
    return new DomainError(ChatErrorCode.STAFF_FORBIDDEN, 'This conversation is another agent’s.');
  }

  async pickUp(actor: StaffActor, conversationId: number): Promise<QueueItem> {
    const conversation = await this.conversationFor(actor, conversationId);
    if (!this.canAct(actor, conversation)) throw this.forbidden();
    await this.db
      .update(chatConversations)
      .set({ status: 'assigned', assignedStaffId: actor.id })
      .where(eq(chatConversations.id, conversation.id));
    return this.publishConversation(actor.merchantId, conversation.id);
  }

  async transfer(actor: StaffActor, conversationId: number, toStaffId: number): Promise<QueueItem> {
    const conversation = await this.conversationFor(actor, conversationId);
    if (!this.canAct(actor, conversation)) throw this.forbidden();
    const [target] = await this.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(
        and(
          eq(staffAccounts.id, toStaffId),
          eq(staffAccounts.merchantId, actor.merchantId),
          eq(staffAccounts.disabled, false),
        ),
      );
    if (target === undefined) throw new DomainError('invalid_request', 'Invalid request. No such agent.');
    await this.db
      .update(chatConversations)
      .set({ status: 'assigned', assignedStaffId: target.id })
      .where(eq(chatConversations.id, conversation.id));
    return this.publishConversation(actor.merchantId, conversation.id);
  }

  async close(actor: StaffActor, conversationId: number): Promise<QueueItem> {
    const conversation = await this.conversationFor(actor, conversationId);
    if (!this.canAct(actor, conversation)) throw this.forbidden();
    await this.db
      .update(chatConversations)
      .set({ status: 'closed' })
      .where(eq(chatConversations.id, conversation.id));
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
    const conversation = await this.conversationFor(actor, conversationId);
    if (!this.canAct(actor, conversation)) throw this.forbidden();
    if (conversation.status === 'closed') {
      throw new DomainError(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND, 'The conversation is closed.');
    }
    await this.checkRate(conversation.id, 'agent');
    if (attachmentId !== null) await this.checkAttachment(conversation.id, attachmentId);
    const stored = await this.insert(conversation, 'agent', actor, clientId, body, attachmentId);
    if (stored.created) {
      if (conversation.assignedStaffId === null) {
        await this.db
          .update(chatConversations)
          .set({ status: 'assigned', assignedStaffId: actor.id })
          .where(eq(chatConversations.id, conversation.id));
      }
      await this.hub.publish({
        merchantId: actor.merchantId,
        owner: conversationOwner(conversation),
        member: { type: 'message', message: stored.message },
        staff: { type: 'message', message: stored.message },
      });
      await this.publishConversation(actor.merchantId, conversation.id);
    }
    return stored;
  }

  async staffReceipt(actor: StaffActor, conversationId: number, upTo: number): Promise<void> {
    const conversation = await this.conversationFor(actor, conversationId);
    const at = new Date(this.now());
    const rows = await this.db
      .update(chatMessages)
      .set({ readAt: at, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${at})` })
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          eq(chatMessages.sender, 'member'),
          lte(chatMessages.id, upTo),
          or(isNull(chatMessages.readAt), isNull(chatMessages.deliveredAt)),
        ),
      )
      .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId });
    await this.publishReceipts(actor.merchantId, conversationOwner(conversation), 'member', 'read', rows, at);
    if (rows.length > 0) await this.publishConversation(actor.merchantId, conversation.id);
  }

  async staffTyping(actor: StaffActor, conversationId: number, on: boolean): Promise<void> {
    const conversation = await this.conversationFor(actor, conversationId);
    await this.hub.publish({
      merchantId: actor.merchantId,
      owner: conversationOwner(conversation),
      member: { type: 'typing', sender: 'agent', conversationId: conversation.id, on },
    });
  }

  private async publishConversation(merchantId: number, conversationId: number): Promise<QueueItem> {
    const [item] = await this.queueRows(
      and(eq(chatConversations.id, conversationId), eq(chatConversations.merchantId, merchantId)),
    );
    if (item === undefined) throw new Error('conversation vanished');
    await this.hub.publish({ merchantId, owner: '', staff: { type: 'conversation', conversation: item } });
    return item;
  }
}

function conversationOwner(conversation: ConversationRow): string {
  return conversation.customerId !== null
    ? `m:${conversation.customerId}`
    : `v:${conversation.visitorId ?? ''}`;
}

function toMessage(row: MessageRow, agentName: string | null): ChatMessage {
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

/**
 * The image of an upload: real base64, at most CHAT_ATTACHMENT_MAX_BYTES, a PNG, JPEG or WebP by its
 * first bytes (never by a name or a declared type: a script called photo.png is refused).
 */
function imageOf(data: string): { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/webp' } {
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
    throw new DomainError('invalid_request', 'Invalid request. data: not base64');
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new DomainError('invalid_request', 'Invalid request. data: empty');
  if (bytes.length > CHAT_ATTACHMENT_MAX_BYTES) {
    throw new DomainError('payload_too_large', 'The image is too large.');
  }
  const contentType = screenshotTypeOf(bytes);
  if (contentType === null) {
    throw new DomainError('invalid_request', 'Invalid request. data: not a PNG, JPEG or WebP image');
  }
  return { bytes, contentType };
}
