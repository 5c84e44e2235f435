import type { ChatMessage, ChatServerFrame } from '@wps/contract';
import type { Database } from '../../../db/client.js';

/** The one LISTEN/NOTIFY channel of the chat. */
export const CHAT_CHANNEL = 'wps_chat';

/** A conversation as the staff queue shows it. */
export interface QueueItem {
  id: number;
  status: 'open' | 'assigned' | 'closed';
  assignedStaffId: number | null;
  assignedName: string | null;
  /** The member's account, or null for a visitor. */
  account: string | null;
  visitor: boolean;
  vipLabel: string | null;
  language: string | null;
  lastMessageAt: string;
  /** Member messages the agents have not read. */
  unread: number;
  lastMessage: string | null;
}

/** What the staff console hears. */
export type StaffFrame =
  | { type: 'message'; message: ChatMessage }
  | { type: 'conversation'; conversation: QueueItem }
  | {
      type: 'receipt';
      kind: 'delivered' | 'read';
      sender: 'member' | 'agent';
      conversationId: number;
      upTo: number;
      at: string;
    }
  | { type: 'typing'; sender: 'member'; conversationId: number; on: boolean };

/** One event between instances: who it is for and what they get. */
export interface ChatEvent {
  merchantId: number;
  /** The conversation owner's key (`m:<customer id>` or `v:<visitor id>`). */
  owner: string;
  /** For the owner's sockets. */
  member?: ChatServerFrame;
  /** For the merchant's staff sockets. */
  staff?: StaffFrame;
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
