import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export interface OutgoingMessage {
  merchantId: number;
  destination: string;
  text: string;
}

/** Sends an SMS. The reference server ships only the local outbox; a merchant gateway plugs in here. */
export interface SmsProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/** Sends an email (codes of password reset and the second factor). */
export interface MailProvider {
  send(message: OutgoingMessage & { subject: string }): Promise<void>;
}

/** Writes messages to `outbox_messages`, which development mode lists at /wps/dev/{sms,mail}/outbox. */
export class OutboxProvider implements SmsProvider, MailProvider {
  constructor(
    private readonly db: Db,
    private readonly channel: 'sms' | 'email',
    private readonly now: () => number,
  ) {}

  async send(message: OutgoingMessage & { subject?: string }): Promise<void> {
    const text = message.subject === undefined ? message.text : `${message.subject}\n${message.text}`;
    await this.db.insert(outboxMessages).values({
      merchantId: message.merchantId,
      channel: this.channel,
      destination: message.destination,
      text,
      createdAt: new Date(this.now()),
    });
  }
}
