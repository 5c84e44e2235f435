import type { ChatServerFrame } from '@wps/contract/schemas/chat';
import type { StaffServerFrame } from '@wps/contract/schemas/staff';
import type { Database } from '../../../db/client.js';

/** The one LISTEN/NOTIFY channel of the chat. */
export const CHAT_CHANNEL = 'wps_chat';

/** One event between instances: who it is for and what they get. */
export interface ChatEvent {
  merchantId: number;
  /** The conversation owner's key (`m:<customer id>` or `v:<visitor id>`). */
  owner: string;
  /** For the owner's sockets. */
  member?: ChatServerFrame;
  /** For the merchant's staff sockets. */
  staff?: StaffServerFrame;
}

export interface ChatBus {
  publish(event: ChatEvent): Promise<void>;
  subscribe(handler: (event: ChatEvent) => void): Promise<() => Promise<void>>;
}

/** The chat's events over the database's notifications (every instance, this one included, hears them). */
export function databaseChatBus(database: Pick<Database, 'notify' | 'listen'>): ChatBus {
  return {
    publish: (event) => database.notify(CHAT_CHANNEL, JSON.stringify(event)),
    subscribe: (handler) =>
      database.listen(CHAT_CHANNEL, (payload) => {
        let event: ChatEvent;
        try {
          event = JSON.parse(payload) as ChatEvent;
        } catch {
          return;
        }
        handler(event);
      }),
  };
}
