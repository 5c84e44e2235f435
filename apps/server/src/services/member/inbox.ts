import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { MemberMessage } from '@wps/contract/memberArea';
import type { Paged } from '@wps/contract/games';
import type { UnreadCount } from '@wps/contract/accounts';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { memberMessages } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { MemberDeps } from './context.js';
import { unreadMessageCount } from './memberExtras.js';
import type { AuthenticatedSession } from '../identity/index.js';

/**
 * The member's inbox: customer-service messages, newest first, page by page, and marking one read.
 * Messages belong to a customer, and a customer to one merchant (the session was checked for it), so
 * a member reads only their own.
 */
export class InboxService {
  constructor(private readonly deps: MemberDeps) {}

  async list(
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'memberMessages'>,
  ): Promise<Paged<MemberMessage>> {
    const own = eq(memberMessages.customerId, customer.id);
    const [total] = await this.deps.db.select({ value: count() }).from(memberMessages).where(own);
    const rows = await this.deps.db
      .select()
      .from(memberMessages)
      .where(own)
      .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return {
      list: rows.map((row) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      })),
      page: input.page,
      pageSize: input.pageSize,
      total: total?.value ?? 0,
    };
  }

  /** Marks one of the member's messages read (again: no change); another's or an unknown one is not found. */
  async read(
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'readMemberMessage'>,
  ): Promise<UnreadCount> {
    const own = and(eq(memberMessages.id, input.id), eq(memberMessages.customerId, customer.id));
    const [found] = await this.deps.db.select({ id: memberMessages.id }).from(memberMessages).where(own);
    if (found === undefined) throw new DomainError(ErrorCode.NOT_FOUND, 'The message was not found.');
    await this.deps.db
      .update(memberMessages)
      .set({ readAt: new Date(this.deps.now()) })
      .where(and(own, isNull(memberMessages.readAt)));
    return { count: await unreadMessageCount(this.deps.db, customer.id) };
  }
}
