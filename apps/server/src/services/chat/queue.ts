import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatConversations, customers, staffAccounts } from '../../db/schema/index.js';
import type { ChatQueueItem as QueueItem } from '@wps/contract/schemas/staff';

/** The staff queue's entries of the conversations `where` picks, newest activity first (at most 200). */
export async function queueRows(db: Db, where: SQL | undefined): Promise<QueueItem[]> {
  const rows = await db
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

/** The merchant's conversations that are not closed (and, asked, the closed ones too). */
export function merchantQueue(db: Db, merchantId: number, includeClosed: boolean): Promise<QueueItem[]> {
  return queueRows(
    db,
    and(
      eq(chatConversations.merchantId, merchantId),
      includeClosed ? undefined : ne(chatConversations.status, 'closed'),
    ),
  );
}

/** One conversation's queue entry, when it is the merchant's. */
export async function queueItem(db: Db, merchantId: number, conversationId: number): Promise<QueueItem> {
  const [item] = await queueRows(
    db,
    and(eq(chatConversations.id, conversationId), eq(chatConversations.merchantId, merchantId)),
  );
  if (item === undefined) throw new Error('conversation vanished');
  return item;
}
