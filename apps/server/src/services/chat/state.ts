import {
  CHAT_HISTORY_PAGE,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  ChatErrorCode,
  type ChatSenderKind,
} from '@wps/contract/chat';
import type { ChatMessage } from '@wps/contract/schemas/chat';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMessages, staffAccounts, staffRoles } from '../../db/schema/index.js';
import { coversMerchant } from '../staff/roles.js';
import { DomainError } from '../errors.js';
import { RateLimited, toMessage, type ChatOwner, type ConversationRow, type StaffActor } from './model.js';

type MarkedRows = { id: number; conversationId: number }[];

/**
 * The conversations' state in the database: conversations by owner (the member's side) or by
 * merchant (the staff's, never another merchant's), their messages stored once per client id, the
 * receipts, assignment and closing, and the per-conversation rate of messages.
 */
export class ConversationState {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

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

  /** The owner's message of a client id (a resend), or null. */
  async memberMessage(merchantId: number, owner: ChatOwner, clientId: string): Promise<ChatMessage | null> {
    const [previous] = await this.db
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
    return previous === undefined ? null : toMessage(previous.message, null);
  }

  /** The owner's open conversation, or a new one. */
  async current(merchantId: number, owner: ChatOwner, language: string | null): Promise<ConversationRow> {
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

  /** The id of the owner's open conversation, or null. */
  async openConversationId(merchantId: number, owner: ChatOwner): Promise<number | null> {
    const [conversation] = await this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(this.ownerWhere(merchantId, owner), ne(chatConversations.status, 'closed')))
      .orderBy(desc(chatConversations.id))
      .limit(1);
    return conversation?.id ?? null;
  }

  /** Per conversation and side: at most CHAT_RATE_LIMIT messages in CHAT_RATE_WINDOW_MS (every instance counts). */
  async checkRate(conversationId: number, sender: ChatSenderKind): Promise<void> {
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

  /** Stores a message once per side and client id (`created` false: a resend, the stored one). */
  async insert(
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

  /** The owner's receipt: agent messages up to `upTo` delivered or read at `at`; the rows it marked. */
  async markAgentMessages(
    merchantId: number,
    owner: ChatOwner,
    kind: 'delivered' | 'read',
    upTo: number,
    at: Date,
  ): Promise<MarkedRows> {
    const column = kind === 'read' ? chatMessages.readAt : chatMessages.deliveredAt;
    const owned = this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(this.ownerWhere(merchantId, owner));
    const set =
      kind === 'read'
        ? { readAt: at, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${at})` }
        : { deliveredAt: at };
    return this.db
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
  }

  /** The staff's receipt: the member's messages up to `upTo` read at `at`; the rows it marked. */
  markMemberMessagesRead(conversationId: number, upTo: number, at: Date): Promise<MarkedRows> {
    return this.db
      .update(chatMessages)
      .set({ readAt: at, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${at})` })
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.sender, 'member'),
          lte(chatMessages.id, upTo),
          or(isNull(chatMessages.readAt), isNull(chatMessages.deliveredAt)),
        ),
      )
      .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId });
  }

  /** The conversation when it is the merchant's; otherwise not found (never another's). */
  async ofMerchant(merchantId: number, conversationId: number): Promise<ConversationRow> {
    const [row] = await this.db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.merchantId, merchantId)));
    if (row === undefined) {
      throw new DomainError(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND, 'No such conversation.');
    }
    return row;
  }

  /** A conversation's messages after `since`, in order (a page). */
  async messages(conversationId: number, since: number): Promise<ChatMessage[]> {
    const rows = await this.db
      .select({ message: chatMessages, agentName: staffAccounts.displayName })
      .from(chatMessages)
      .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, since)))
      .orderBy(asc(chatMessages.id))
      .limit(CHAT_HISTORY_PAGE);
    return rows.map((row) => toMessage(row.message, row.agentName));
  }

  /** The merchant's enabled staff member of an id (its scope covers the merchant), or null. */
  async activeStaffId(merchantId: number, staffId: number): Promise<number | null> {
    const [target] = await this.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .innerJoin(staffRoles, eq(staffRoles.id, staffAccounts.roleId))
      .where(
        and(
          eq(staffAccounts.id, staffId),
          eq(staffRoles.platform, false),
          coversMerchant(merchantId),
          eq(staffAccounts.disabled, false),
        ),
      );
    return target?.id ?? null;
  }

  async assign(conversationId: number, staffId: number): Promise<void> {
    await this.db
      .update(chatConversations)
      .set({ status: 'assigned', assignedStaffId: staffId })
      .where(eq(chatConversations.id, conversationId));
  }

  async close(conversationId: number): Promise<void> {
    await this.db
      .update(chatConversations)
      .set({ status: 'closed' })
      .where(eq(chatConversations.id, conversationId));
  }
}
