import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { ChatAvailability, ChatServerFrame } from '@wps/contract/schemas/chat';
import { CHAT_MESSAGE_MAX_LENGTH } from '@wps/contract/chat';
import { unreadCountQuery } from '@/features/member';
import { localStore } from '@/platform/storage';
import { refreshQuery } from '@/queries/live';
import { getToken } from '@/state/session';
import { uploadChatImage } from './chatAttachments';
import { Conversation, pendingItem, type ChatItem } from './chatConversation';
import { ChatTransport, defaultChatUrl } from './chatTransport';
import { ChatOutbox } from './outbox';
import { forgetChatDevice, setSupportChat } from './supportChat';

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

function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The member's side of the support chat: one socket, reconnected with backoff (`chatTransport.ts`);
 * messages written offline wait in the outbox (`outbox.ts`) and go (with the same client id, so never
 * twice) once the socket is ready; after a reconnect the server sends what came since the last
 * message seen (`chatConversation.ts` keeps the conversation).
 */
export class ChatClient {
  private readonly transport: ChatTransport;
  private readonly conversation = new Conversation();
  private readonly outbox: ChatOutbox;
  private readonly token: () => string | null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private unreadTimer: ReturnType<typeof setTimeout> | null = null;
  private onScreen = false;
  private readonly listeners = new Set<() => void>();
  private snapshot: ChatSnapshot = {
    status: 'offline',
    items: [],
    agentTyping: false,
    unread: 0,
    availability: { open: true, nextOpenAt: null },
  };
  private running = false;
  private language: string | undefined;

  constructor(options: ChatClientOptions = {}) {
    const token = options.token ?? getToken;
    const language = options.language ?? (() => undefined);
    this.token = token;
    this.outbox = new ChatOutbox(token);
    this.transport = new ChatTransport(
      {
        url: options.url ?? defaultChatUrl,
        token,
        language: () => this.language ?? language(),
        createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
        backoff: options.backoff ?? { baseMs: 500, maxMs: 15_000 },
        random: options.random ?? Math.random,
      },
      {
        running: () => this.running,
        since: () => this.conversation.lastId,
        status: (status) => this.publish({ status }),
        frame: (frame) => this.receive(frame),
      },
    );
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
    this.transport.connect();
  }

  stop(): void {
    this.running = false;
    this.clearLinger();
    this.transport.disconnect();
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
    if (this.conversation.items.length === 0) {
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
    this.transport.disconnect();
    this.conversation.clear();
    this.transport.resetBackoff();
    this.outbox.close();
    this.loadOutbox();
    this.publish({ agentTyping: false });
    if (this.running) this.transport.connect();
  }

  /**
   * Logout: the visitor id and the unsent messages of this device go too, so the next person on it
   * starts afresh.
   */
  logout(): void {
    forgetChatDevice();
    this.outbox.forget();
    // Lingering after the screen was left: nothing to reconnect as; the next screen starts afresh.
    if (!this.onScreen && this.running) {
      this.stop();
      this.outbox.close();
    }
    this.restart();
  }

  /**
   * The messages this identity wrote and the server has not stored yet (a reload, a closed tab) come
   * back as pending, with their client ids, and go with the next hello.
   */
  private loadOutbox(): void {
    const entries = this.outbox.open();
    if (entries === null) return;
    this.conversation.restore(entries);
    this.outbox.save(this.conversation.outboxEntries());
  }

  /** Queues a message (sent at once when online); false for an empty or over-long text. */
  send(text: string): boolean {
    const body = text.trim();
    if (body === '' || body.length > CHAT_MESSAGE_MAX_LENGTH) return false;
    const key = newClientId();
    this.conversation.add(pendingItem(key, body, null, new Date().toISOString()));
    this.publish({});
    this.transport.transmit({ type: 'send', clientId: key, body });
    return true;
  }

  /**
   * Sends an image: uploaded first (`chatAttachments.ts`), then sent as a message like any other
   * (queued while offline). Answers why not when it cannot.
   */
  async sendImage(file: Blob): Promise<'sent' | 'type' | 'size' | 'failed'> {
    const upload = await uploadChatImage(file, this.token());
    if (typeof upload === 'string') return upload;
    const key = newClientId();
    const { attachmentId } = upload;
    this.conversation.add(pendingItem(key, '', attachmentId, new Date().toISOString()));
    this.publish({});
    this.transport.transmit({ type: 'send', clientId: key, body: '', attachmentId });
    return 'sent';
  }

  /** The member has seen everything on screen: agent messages become read. */
  markRead(): void {
    const upTo = this.conversation.readAll();
    if (upTo === null) return;
    this.transport.transmit({ type: 'read', upTo });
    this.refreshUnreadSoon();
    this.publish({});
  }

  /** The interface language the agents see next to the conversation (sent with the next hello). */
  setLanguage(language: string): void {
    this.language = language;
  }

  typing(on: boolean): void {
    this.transport.transmit({ type: 'typing', on });
  }

  /** Reconnects at once (the browser is back online). */
  reconnectNow(): void {
    this.transport.reconnectNow();
  }

  private receive(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'ready': {
        this.transport.markReady();
        if (frame.visitor !== null) {
          localStore.setString(LazyStorageKey.chatVisitor, frame.visitor);
          // A new visitor's first messages move from the box without an id to the visitor's.
          this.outbox.followVisitor();
        }
        for (const message of frame.messages) this.conversation.merge(message);
        this.publish({ status: 'online', unread: frame.unread, availability: frame.availability });
        this.acknowledgeDelivery();
        // The outbox: every message not yet stored, again with its client id.
        for (const item of this.conversation.pending()) this.resend(item);
        // More history than one answer: reconnecting asks again from the last id (rare: 200+ messages).
        if (frame.more) {
          this.transport.disconnect();
          this.transport.connect();
        }
        return;
      }
      case 'ack':
        this.conversation.merge(frame.message);
        this.publish({});
        return;
      case 'message':
        this.conversation.merge(frame.message);
        if (frame.message.sender === 'agent') {
          this.setTyping(false);
          this.refreshUnreadSoon();
        }
        this.publish({});
        this.acknowledgeDelivery();
        return;
      case 'receipt':
        if (frame.sender !== 'member') return;
        this.conversation.receipt(frame.upTo, frame.kind);
        this.publish({});
        return;
      case 'typing':
        if (frame.sender === 'agent') this.setTyping(frame.on);
        return;
      case 'error':
        if (frame.code === 'chat_rate_limited' && frame.clientId !== undefined) {
          const item = this.conversation.find(frame.clientId);
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
    this.transport.transmit({
      type: 'send',
      clientId: item.key,
      body: item.body,
      ...(item.attachmentId === null ? {} : { attachmentId: item.attachmentId }),
    });
  }

  private acknowledgeDelivery(): void {
    const upTo = this.conversation.undeliveredUpTo();
    if (upTo === 0 || !this.transport.isReady) return;
    this.transport.transmit({ type: 'delivered', upTo });
    this.conversation.markDelivered();
    this.publish({});
  }

  private setTyping(on: boolean): void {
    if (this.typingTimer !== null) clearTimeout(this.typingTimer);
    this.typingTimer = on ? setTimeout(() => this.setTyping(false), TYPING_TIMEOUT_MS) : null;
    if (this.snapshot.agentTyping !== on) this.publish({ agentTyping: on });
  }

  private publish(change: Partial<ChatSnapshot>): void {
    const { items, unread } = this.conversation;
    this.snapshot = { ...this.snapshot, ...change, items, unread };
    this.outbox.save(this.conversation.outboxEntries());
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
