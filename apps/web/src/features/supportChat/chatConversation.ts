import type { ChatMessage } from '@wps/contract/schemas/chat';
import type { OutboxEntry } from './outbox';

/** Where a message of the member's stands: queued (offline or unacknowledged), stored, delivered, read. */
export type ChatItemState = 'pending' | 'sent' | 'delivered' | 'read';

export interface ChatItem {
  /** The client id: stable from the first render, also before the server's id exists. */
  key: string;
  id: number | null;
  sender: 'member' | 'agent';
  agentName: string | null;
  body: string;
  /** An image: its id on the server (GET CHAT_ATTACHMENT_PATH/{id}). */
  attachmentId: string | null;
  createdAt: string;
  state: ChatItemState;
}

function stateOf(message: ChatMessage): ChatItemState {
  if (message.readAt !== null) return 'read';
  if (message.deliveredAt !== null) return 'delivered';
  return 'sent';
}

const RANK: Record<ChatItemState, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

const byId = (a: ChatItem, b: ChatItem) =>
  (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);

/** A message of the member's, written here and not stored by the server yet. */
export function pendingItem(
  key: string,
  body: string,
  attachmentId: string | null,
  createdAt: string,
): ChatItem {
  return {
    key,
    id: null,
    sender: 'member',
    agentName: null,
    body,
    attachmentId,
    createdAt,
    state: 'pending',
  };
}

/**
 * The conversation on screen: the member's messages (pending until the server stores them) and the
 * agents', in the server's order, each with how far it got (sent, delivered, read). A state never goes
 * back: a late answer does not undo a receipt.
 */
export class Conversation {
  private list: ChatItem[] = [];
  /** The last message id seen: a reconnect asks for what came since. */
  private lastSeen = 0;
  private readUpTo = 0;

  get items(): ChatItem[] {
    return this.list;
  }

  get lastId(): number {
    return this.lastSeen;
  }

  /** Agent messages not read yet. */
  get unread(): number {
    return this.list.filter((item) => item.sender === 'agent' && item.state !== 'read').length;
  }

  /** Another identity: nothing of the last one stays. */
  clear(): void {
    this.list = [];
    this.lastSeen = 0;
    this.readUpTo = 0;
  }

  add(item: ChatItem): void {
    this.list = [...this.list, item];
  }

  find(key: string): ChatItem | undefined {
    return this.list.find((each) => each.key === key);
  }

  pending(): ChatItem[] {
    return this.list.filter((item) => item.state === 'pending');
  }

  /** The outbox's messages come back as pending, but for those already on screen. */
  restore(entries: readonly OutboxEntry[]): void {
    const known = new Set(this.list.map((item) => item.key));
    const waiting = entries.filter((entry) => !known.has(entry.clientId));
    this.list = [
      ...this.list,
      ...waiting.map((entry) => pendingItem(entry.clientId, entry.body, entry.attachmentId, entry.createdAt)),
    ];
  }

  /** The member's pending messages, as the outbox keeps them. */
  outboxEntries(): OutboxEntry[] {
    return this.list
      .filter((item) => item.sender === 'member' && item.state === 'pending')
      .map((item) => ({
        clientId: item.key,
        body: item.body,
        attachmentId: item.attachmentId,
        createdAt: item.createdAt,
      }));
  }

  /** A message the server stored or sent: a pending one of the member's becomes it (by client id). */
  merge(message: ChatMessage): void {
    this.lastSeen = Math.max(this.lastSeen, message.id);
    const index = this.list.findIndex(
      (item) =>
        item.id === message.id ||
        (item.sender === message.sender && item.id === null && item.key === message.clientId),
    );
    const next: ChatItem = {
      key: message.sender === 'member' ? message.clientId : `agent-${message.id}`,
      id: message.id,
      sender: message.sender,
      agentName: message.agentName,
      body: message.body,
      attachmentId: message.attachmentId,
      createdAt: message.createdAt,
      state: stateOf(message),
    };
    if (index === -1) {
      this.list = [...this.list, next].sort(byId);
      return;
    }
    const current = this.list[index];
    if (current !== undefined && RANK[current.state] > RANK[next.state]) next.state = current.state;
    this.list = this.list.map((item, at) => (at === index ? next : item));
    this.list.sort(byId);
  }

  /** The agents' receipt: the member's messages up to `upTo` were delivered or read. */
  receipt(upTo: number, kind: 'delivered' | 'read'): void {
    this.list = this.list.map((item) =>
      item.sender === 'member' && item.id !== null && item.id <= upTo && RANK[item.state] < RANK[kind]
        ? { ...item, state: kind }
        : item,
    );
  }

  /** The member has seen everything: the agents' messages become read; the id to report, if new. */
  readAll(): number | null {
    const upTo = this.list.reduce(
      (max, item) => (item.sender === 'agent' && item.id !== null ? Math.max(max, item.id) : max),
      0,
    );
    if (upTo <= this.readUpTo) return null;
    this.readUpTo = upTo;
    this.list = this.list.map((item) =>
      item.sender === 'agent' && item.state !== 'read' ? { ...item, state: 'read' } : item,
    );
    return upTo;
  }

  /** The last agent message only stored so far (0: none): what this device reports as delivered. */
  undeliveredUpTo(): number {
    return this.list.reduce(
      (max, item) =>
        item.sender === 'agent' && item.id !== null && item.state === 'sent' ? Math.max(max, item.id) : max,
      0,
    );
  }

  markDelivered(): void {
    this.list = this.list.map((item) =>
      item.sender === 'agent' && item.state === 'sent' ? { ...item, state: 'delivered' } : item,
    );
  }
}
