import {
  type ChatAttachment,
  type ChatAvailability,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_PATH,
  CHAT_VISITOR_HEADER,
  CHAT_MESSAGE_MAX_LENGTH,
  TransportHeader,
  CHAT_SOCKET_PATH,
  type ChatClientFrame,
  type ChatMessage,
  type ChatServerFrame,
} from '@wps/contract';
import { unreadCountQuery } from '@/features/member/memberData';
import { localStore, StorageKey } from '@/platform/storage';
import { refreshQuery } from '@/queries/live';
import { getMerchantCode } from '@/state/merchant';
import { getSession, getToken } from '@/state/session';
import { outboxIdentity, readOutbox, takeOutbox, writeOutbox, type OutboxEntry } from './outbox';
import { forgetChatDevice, setSupportChat } from './supportChat';

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

/** Image types the chat sends (the server checks the bytes themselves). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export function attachmentUrl(id: string): string {
  return `${CHAT_ATTACHMENT_PATH}/${encodeURIComponent(id)}`;
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export type ChatStatus = 'connecting' | 'online' | 'offline';

export interface ChatSnapshot {
  status: ChatStatus;
  items: readonly ChatItem[];
  agentTyping: boolean;
  /** Agent messages not read yet. */
  unread: number;
  /** Whether an agent is there (the merchant's support hours); messages are taken either way. */
  availability: ChatAvailability;
}

export interface ChatClientOptions {
  /** The socket's address (default: this origin's CHAT_SOCKET_PATH). */
  url?: () => string;
  token?: () => string | null;
  language?: () => string | undefined;
  createSocket?: (url: string) => WebSocket;
  /** Reconnect delays: attempt n waits min(base·2ⁿ, max), with up to 30 % jitter. */
  backoff?: { baseMs: number; maxMs: number };
  random?: () => number;
}

/** The socket stays open this long after the chat screen is left, so replies still count live. */
export const CHAT_LINGER_MS = 10 * 60_000;
/** The unread count is asked for this long after the chat's news (the read reaches the server first). */
const UNREAD_REFRESH_DELAY_MS = 500;

/** The agent's typing indicator goes off by itself after this long without news. */
const TYPING_TIMEOUT_MS = 5_000;

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${CHAT_SOCKET_PATH}`;
}

function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function stateOf(message: ChatMessage): ChatItemState {
  if (message.readAt !== null) return 'read';
  if (message.deliveredAt !== null) return 'delivered';
  return 'sent';
}

const RANK: Record<ChatItemState, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/**
 * The member's side of the support chat: one socket, reconnected with backoff; messages written
 * offline wait in the outbox and go (with the same client id, so never twice) once the socket is
 * ready; after a reconnect the server sends what came since the last message seen.
 */
export class ChatClient {
  private socket: WebSocket | null = null;
  private ready = false;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private unreadTimer: ReturnType<typeof setTimeout> | null = null;
  private onScreen = false;
  private readonly listeners = new Set<() => void>();
  private items: ChatItem[] = [];
  private snapshot: ChatSnapshot = {
    status: 'offline',
    items: [],
    agentTyping: false,
    unread: 0,
    availability: { open: true, nextOpenAt: null },
  };
  private lastId = 0;
  private readUpTo = 0;
  private running = false;
  /** Whose outbox the pending messages are kept in (null until the client starts). */
  private outboxKey: string | null = null;
  private savedOutbox = '';
  private language: string | undefined;
  private readonly options: Required<ChatClientOptions>;

  constructor(options: ChatClientOptions = {}) {
    this.options = {
      url: options.url ?? defaultUrl,
      token: options.token ?? getToken,
      language: options.language ?? (() => undefined),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      backoff: options.backoff ?? { baseMs: 500, maxMs: 15_000 },
      random: options.random ?? Math.random,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.snapshot;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loadOutbox();
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.clearLinger();
    this.disconnect();
    this.publish({ status: 'offline' });
  }

  /** The chat screen is shown: connected (and kept so, no lingering end). */
  enterScreen(): void {
    this.onScreen = true;
    this.clearLinger();
    this.start();
  }

  /**
   * The chat screen is left: with a conversation on screen the socket stays open for
   * CHAT_LINGER_MS, so an agent's reply still counts in the unread badge elsewhere in the app; without
   * one it closes now.
   */
  leaveScreen(): void {
    this.onScreen = false;
    this.clearLinger();
    if (this.items.length === 0) {
      this.stop();
      return;
    }
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (!this.onScreen) this.stop();
    }, CHAT_LINGER_MS);
  }

  /** The socket is up (agent replies arrive as they come). */
  isLive(): boolean {
    return this.running && this.snapshot.status === 'online';
  }

  private clearLinger(): void {
    if (this.lingerTimer !== null) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  /** The member's unread count (queries) is asked for again shortly: an agent replied, or the member read. */
  private refreshUnreadSoon(): void {
    if (this.unreadTimer !== null) clearTimeout(this.unreadTimer);
    this.unreadTimer = setTimeout(() => {
      this.unreadTimer = null;
      refreshQuery(unreadCountQuery);
    }, UNREAD_REFRESH_DELAY_MS);
  }

  /** Another identity (a login, another member): nothing of the last one stays on screen. */
  restart(): void {
    this.disconnect();
    this.items = [];
    this.lastId = 0;
    this.readUpTo = 0;
    this.attempts = 0;
    this.outboxKey = null;
    this.loadOutbox();
    this.publish({ agentTyping: false });
    if (this.running) this.connect();
  }

  /**
   * Logout: the visitor id and the unsent messages of this device go too, so the next person on it
   * starts afresh.
   */
  logout(): void {
    forgetChatDevice();
    this.outboxKey = null;
    this.savedOutbox = '';
    // Lingering after the screen was left: nothing to reconnect as; the next screen starts afresh.
    if (!this.onScreen && this.running) {
      this.stop();
      this.outboxKey = null;
    }
    this.restart();
  }

  /** Who is chatting now: the member of the session (by user id) or this device's visitor. */
  private identity(): string {
    const merchant = getMerchantCode() ?? '';
    if (this.options.token() !== null) {
      const session = getSession();
      return outboxIdentity(merchant, { memberId: session?.id || 'token' });
    }
    return outboxIdentity(merchant, { visitorId: localStore.getString(StorageKey.chatVisitor) });
  }

  /**
   * The messages this identity wrote and the server has not stored yet (a reload, a closed tab) come
   * back as pending, with their client ids, and go with the next hello. A member who was a visitor
   * on this device takes the visitor's (the server moves the visitor's conversation to the member).
   */
  private loadOutbox(): void {
    const key = this.identity();
    if (this.outboxKey === key) return;
    this.outboxKey = key;
    const entries = readOutbox(key);
    if (this.options.token() !== null) {
      const merchant = getMerchantCode() ?? '';
      const visitor = localStore.getString(StorageKey.chatVisitor);
      if (visitor !== null) entries.push(...takeOutbox(outboxIdentity(merchant, { visitorId: visitor })));
      entries.push(...takeOutbox(outboxIdentity(merchant, { visitorId: null })));
    }
    const known = new Set(this.items.map((item) => item.key));
    const waiting = entries.filter((entry) => !known.has(entry.clientId));
    this.items = [
      ...this.items,
      ...waiting.map((entry): ChatItem => ({
        key: entry.clientId,
        id: null,
        sender: 'member',
        agentName: null,
        body: entry.body,
        attachmentId: entry.attachmentId,
        createdAt: entry.createdAt,
        state: 'pending',
      })),
    ];
    this.savedOutbox = '';
    this.saveOutbox();
  }

  /** Keeps the pending messages in this identity's outbox (written only when they changed). */
  private saveOutbox(): void {
    if (this.outboxKey === null) return;
    const entries: OutboxEntry[] = this.items
      .filter((item) => item.sender === 'member' && item.state === 'pending')
      .map((item) => ({
        clientId: item.key,
        body: item.body,
        attachmentId: item.attachmentId,
        createdAt: item.createdAt,
      }));
    const text = JSON.stringify(entries);
    if (text === this.savedOutbox) return;
    this.savedOutbox = text;
    writeOutbox(this.outboxKey, entries);
  }

  /** Queues a message (sent at once when online); false for an empty or over-long text. */
  send(text: string): boolean {
    const body = text.trim();
    if (body === '' || body.length > CHAT_MESSAGE_MAX_LENGTH) return false;
    const key = newClientId();
    this.items = [
      ...this.items,
      {
        key,
        id: null,
        sender: 'member',
        agentName: null,
        body,
        attachmentId: null,
        createdAt: new Date().toISOString(),
        state: 'pending',
      },
    ];
    this.publish({});
    this.transmit({ type: 'send', clientId: key, body });
    return true;
  }

  /**
   * Sends an image: uploaded first (type and size checked here, the bytes by the server), then sent
   * as a message like any other (queued while offline). Answers why not when it cannot.
   */
  async sendImage(file: Blob): Promise<'sent' | 'type' | 'size' | 'failed'> {
    if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
    if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return 'size';
    const token = this.options.token();
    const visitor = localStore.getString(StorageKey.chatVisitor);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers[TransportHeader.authorization] = token;
    else if (visitor) headers[CHAT_VISITOR_HEADER] = visitor;
    else return 'failed';
    try {
      const response = await fetch(CHAT_ATTACHMENT_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify({ data: await base64Of(file) }),
      });
      const answer = (await response.json()) as { success?: boolean; value?: ChatAttachment };
      if (!response.ok || answer.success !== true || answer.value === undefined) return 'failed';
      const key = newClientId();
      const attachmentId = answer.value.id;
      this.items = [
        ...this.items,
        {
          key,
          id: null,
          sender: 'member',
          agentName: null,
          body: '',
          attachmentId,
          createdAt: new Date().toISOString(),
          state: 'pending',
        },
      ];
      this.publish({});
      this.transmit({ type: 'send', clientId: key, body: '', attachmentId });
      return 'sent';
    } catch {
      return 'failed';
    }
  }

  /** The member has seen everything on screen: agent messages become read. */
  markRead(): void {
    const upTo = this.items.reduce(
      (max, item) => (item.sender === 'agent' && item.id !== null ? Math.max(max, item.id) : max),
      0,
    );
    if (upTo <= this.readUpTo) return;
    this.readUpTo = upTo;
    this.transmit({ type: 'read', upTo });
    this.refreshUnreadSoon();
    this.items = this.items.map((item) =>
      item.sender === 'agent' && item.state !== 'read' ? { ...item, state: 'read' } : item,
    );
    this.publish({});
  }

  /** The interface language the agents see next to the conversation (sent with the next hello). */
  setLanguage(language: string): void {
    this.language = language;
  }

  typing(on: boolean): void {
    this.transmit({ type: 'typing', on });
  }

  private connect(): void {
    if (!this.running || this.socket !== null) return;
    this.publish({ status: 'connecting' });
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      const token = this.options.token();
      const visitor = localStore.getString(StorageKey.chatVisitor);
      const language = this.language ?? this.options.language();
      const hello: ChatClientFrame = {
        type: 'hello',
        since: this.lastId,
        ...(token ? { token } : visitor ? { visitor } : {}),
        ...(token && visitor ? { visitor } : {}),
        ...(language === undefined ? {} : { language }),
      };
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(event.data) as ChatServerFrame;
      } catch {
        return;
      }
      this.receive(frame);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      // 4401: the session is gone; the app's token effects log the chat out, no retry with it.
      if (event.code === 4401 && this.options.token() !== null) {
        this.publish({ status: 'offline' });
        return;
      }
      this.scheduleReconnect();
    });
  }

  private disconnect(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    socket?.close();
  }

  private scheduleReconnect(): void {
    this.publish({ status: 'offline' });
    if (!this.running || this.retryTimer !== null) return;
    const { baseMs, maxMs } = this.options.backoff;
    const delay = Math.min(baseMs * 2 ** this.attempts, maxMs) * (1 + 0.3 * this.options.random());
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** Reconnects at once (the browser is back online). */
  reconnectNow(): void {
    if (!this.running || this.socket !== null) return;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempts = 0;
    this.connect();
  }

  private transmit(frame: ChatClientFrame): void {
    if (this.ready && this.socket !== null && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(frame));
    }
  }

  private receive(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'ready': {
        this.ready = true;
        this.attempts = 0;
        if (frame.visitor !== null) {
          localStore.setString(StorageKey.chatVisitor, frame.visitor);
          // A new visitor's first messages move from the box without an id to the visitor's.
          const key = this.identity();
          if (this.outboxKey !== null && this.outboxKey !== key) {
            writeOutbox(this.outboxKey, []);
            this.outboxKey = key;
            this.savedOutbox = '';
          }
        }
        for (const message of frame.messages) this.merge(message);
        this.publish({ status: 'online', unread: frame.unread, availability: frame.availability });
        this.acknowledgeDelivery();
        // The outbox: every message not yet stored, again with its client id.
        for (const item of this.items) {
          if (item.state === 'pending') this.resend(item);
        }
        if (frame.more) this.reconnectForMore();
        return;
      }
      case 'ack':
        this.merge(frame.message);
        this.publish({});
        return;
      case 'message':
        this.merge(frame.message);
        if (frame.message.sender === 'agent') {
          this.setTyping(false);
          this.refreshUnreadSoon();
        }
        this.publish({});
        this.acknowledgeDelivery();
        return;
      case 'receipt':
        if (frame.sender !== 'member') return;
        this.items = this.items.map((item) =>
          item.sender === 'member' &&
          item.id !== null &&
          item.id <= frame.upTo &&
          RANK[item.state] < RANK[frame.kind]
            ? { ...item, state: frame.kind }
            : item,
        );
        this.publish({});
        return;
      case 'typing':
        if (frame.sender === 'agent') this.setTyping(frame.on);
        return;
      case 'error':
        if (frame.code === 'chat_rate_limited' && frame.clientId !== undefined) {
          const item = this.items.find((each) => each.key === frame.clientId);
          if (item !== undefined) {
            setTimeout(() => this.resend(item), frame.retryAfterMs ?? 1_000);
          }
        }
        return;
      case 'pong':
        return;
    }
  }

  private resend(item: ChatItem): void {
    this.transmit({
      type: 'send',
      clientId: item.key,
      body: item.body,
      ...(item.attachmentId === null ? {} : { attachmentId: item.attachmentId }),
    });
  }

  /** More history than one answer: reconnecting asks again from the last id (rare: 200+ messages). */
  private reconnectForMore(): void {
    this.disconnect();
    this.connect();
  }

  private merge(message: ChatMessage): void {
    this.lastId = Math.max(this.lastId, message.id);
    const index = this.items.findIndex(
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
      this.items = [...this.items, next].sort(
        (a, b) => (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER),
      );
      return;
    }
    const current = this.items[index];
    if (current !== undefined && RANK[current.state] > RANK[next.state]) next.state = current.state;
    this.items = this.items.map((item, at) => (at === index ? next : item));
    this.items.sort((a, b) => (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));
  }

  private acknowledgeDelivery(): void {
    const upTo = this.items.reduce(
      (max, item) =>
        item.sender === 'agent' && item.id !== null && item.state === 'sent' ? Math.max(max, item.id) : max,
      0,
    );
    if (upTo === 0 || !this.ready) return;
    this.transmit({ type: 'delivered', upTo });
    this.items = this.items.map((item) =>
      item.sender === 'agent' && item.state === 'sent' ? { ...item, state: 'delivered' } : item,
    );
    this.publish({});
  }

  private setTyping(on: boolean): void {
    if (this.typingTimer !== null) clearTimeout(this.typingTimer);
    this.typingTimer = on ? setTimeout(() => this.setTyping(false), TYPING_TIMEOUT_MS) : null;
    if (this.snapshot.agentTyping !== on) this.publish({ agentTyping: on });
  }

  private publish(change: Partial<ChatSnapshot>): void {
    const unread = this.items.filter((item) => item.sender === 'agent' && item.state !== 'read').length;
    this.snapshot = { ...this.snapshot, ...change, items: this.items, unread };
    this.saveOutbox();
    for (const listener of this.listeners) listener();
  }
}

let shared: ChatClient | null = null;

/** The app's one chat client, installed as the support chat the token effects talk to. */
export function sharedChatClient(): ChatClient {
  if (shared === null) {
    const client = new ChatClient();
    shared = client;
    setSupportChat({
      identify: () => client.restart(),
      logout: () => client.logout(),
      live: () => client.isLive(),
    });
  }
  return shared;
}
