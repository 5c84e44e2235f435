import type { EndpointParsed } from '@wps/contract/endpoints';
import type { OutboxMessage } from '@wps/contract/accounts';
import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { Merchant } from '../../services/merchants/repository.js';

const OUTBOX_LIMIT = 20;

type OutboxQuery = EndpointParsed<'devSmsOutbox'>;

/**
 * The local providers' outboxes, newest first: where the codes sent can be read back. The JSON
 * routes exist only in development mode (the tests' predictable codes); the page (page.ts) wherever
 * the stand-ins run, so a person trying the demo can finish a mobile registration, an SMS login or a
 * password reset.
 */
export class DevOutbox {
  constructor(private readonly db: Db) {}

  /** SMS messages, of one number (`mobileNum` without its dialing code) when asked. */
  sms(merchant: Merchant, query: OutboxQuery): Promise<OutboxMessage[]> {
    return this.list(merchant.id, 'sms', query.mobileNum);
  }

  /** Emails, of one address (any case) when asked. */
  mail(merchant: Merchant, query: OutboxQuery): Promise<OutboxMessage[]> {
    return this.list(merchant.id, 'email', query.email);
  }

  /** The newest messages of one channel (of one destination when asked), for the page and the routes. */
  async list(
    merchantId: number,
    channel: 'sms' | 'email',
    destination: string | undefined,
  ): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.merchantId, merchantId),
          eq(outboxMessages.channel, channel),
          destination === undefined
            ? undefined
            : channel === 'sms'
              ? like(outboxMessages.destination, `% ${destination}`)
              : eq(outboxMessages.destination, destination.toLowerCase()),
        ),
      )
      .orderBy(desc(outboxMessages.id))
      .limit(OUTBOX_LIMIT);
    return rows.map((row) => ({
      destination: row.destination,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
