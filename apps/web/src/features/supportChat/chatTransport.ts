import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { CHAT_SOCKET_PATH } from '@wps/contract/chat';
import type { ChatClientFrame, ChatServerFrame } from '@wps/contract/schemas/chat';
import { localStore } from '@/platform/storage';

export interface ChatTransportOptions {
  /** The socket's address. */
  url: () => string;
  token: () => string | null;
  /** The interface language the agents see (sent with each hello). */
  language: () => string | undefined;
  createSocket: (url: string) => WebSocket;
  /** Reconnect delays: attempt n waits min(base·2ⁿ, max), with up to 30 % jitter. */
  backoff: { baseMs: number; maxMs: number };
  random: () => number;
}

/** What the transport tells the chat client. */
export interface ChatTransportEvents {
  /** Whether the client runs: a socket is opened (and reopened) only then. */
  running: () => boolean;
  /** The last message id seen: the hello asks for what came since. */
  since: () => number;
  /** A socket is being opened, or there is none (until the next attempt). */
  status: (status: 'connecting' | 'offline') => void;
  frame: (frame: ChatServerFrame) => void;
}

/** This origin's chat socket. */
export function defaultChatUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${CHAT_SOCKET_PATH}`;
}

/**
 * The chat's socket: opened with a hello (the member's token or this device's visitor id, and the
 * last message seen), reopened with backoff when it closes, except for a session the server ended
 * (4401: the app's token effects log the chat out). Frames go out only once the server said ready.
 */
export class ChatTransport {
  private socket: WebSocket | null = null;
  private ready = false;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: ChatTransportOptions,
    private readonly events: ChatTransportEvents,
  ) {}

  /** The server answered the hello: frames may go, and the backoff starts again. */
  get isReady(): boolean {
    return this.ready;
  }

  markReady(): void {
    this.ready = true;
    this.attempts = 0;
  }

  /** The next reconnect waits the shortest delay again (another identity). */
  resetBackoff(): void {
    this.attempts = 0;
  }

  connect(): void {
    if (!this.events.running() || this.socket !== null) return;
    this.events.status('connecting');
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => socket.send(JSON.stringify(this.hello())));
    socket.addEventListener('message', (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(event.data) as ChatServerFrame;
      } catch {
        return;
      }
      this.events.frame(frame);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      // 4401: the session is gone; the app's token effects log the chat out, no retry with it.
      if (event.code === 4401 && this.options.token() !== null) {
        this.events.status('offline');
        return;
      }
      this.scheduleReconnect();
    });
  }

  disconnect(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    socket?.close();
  }

  /** Reconnects at once (the browser is back online). */
  reconnectNow(): void {
    if (!this.events.running() || this.socket !== null) return;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempts = 0;
    this.connect();
  }

  /** Sends a frame when the server is ready for it (dropped otherwise: the next hello catches up). */
  transmit(frame: ChatClientFrame): void {
    if (this.ready && this.socket !== null && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(frame));
    }
  }

  private hello(): ChatClientFrame {
    const token = this.options.token();
    const visitor = localStore.getString(LazyStorageKey.chatVisitor);
    const language = this.options.language();
    return {
      type: 'hello',
      since: this.events.since(),
      ...(token ? { token } : visitor ? { visitor } : {}),
      ...(token && visitor ? { visitor } : {}),
      ...(language === undefined ? {} : { language }),
    };
  }

  private scheduleReconnect(): void {
    this.events.status('offline');
    if (!this.events.running() || this.retryTimer !== null) return;
    const { baseMs, maxMs } = this.options.backoff;
    const delay = Math.min(baseMs * 2 ** this.attempts, maxMs) * (1 + 0.3 * this.options.random());
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}
